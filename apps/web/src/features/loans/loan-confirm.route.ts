export { LoanConfirmPage as Component } from './loan-confirm-page'
export { loader } from './loan-confirm.data'
