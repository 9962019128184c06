export { RepaymentInstructionsPage as Component } from './repayment-instructions-page'
export { loader } from './repayment-instructions.data'
