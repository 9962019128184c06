export { ComplaintDetailPage as Component } from './complaint-detail-page'
export { loader } from './complaint-detail.data'
