export { TestPreviewPage as Component } from './test-preview-page'
export { loader } from './test-preview.data'
