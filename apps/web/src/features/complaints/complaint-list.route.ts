export { ComplaintListPage as Component } from './complaint-list-page'
export { loader } from './complaint-list.data'
