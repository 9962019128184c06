export { LoanDetailPage as Component } from './loan-detail-page'
export { loader } from './loan-detail.data'
