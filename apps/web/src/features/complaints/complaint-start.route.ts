export { ComplaintStartPage as Component } from './complaint-start-page'
export { initLoader as loader } from './common'
