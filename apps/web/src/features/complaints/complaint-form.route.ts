export { ComplaintFormPage as Component } from './complaint-form-page'
export { initLoader as loader } from './common'
