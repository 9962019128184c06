export { ComplaintHelpPage as Component } from './complaint-help-page'
export { loader } from './complaint-help.data'
