/**
 * The loans module's public face (docs/product/loans.md): other modules reach it only through this
 * file. Each job has its own file: quote.ts (the offer and loan-detail-confirm), submit.ts
 * (loan-detail-push), contracts.ts (list, jump, view), details.ts (loan-details) and rating.ts
 * (google-score).
 */
export type { Caller, LoanDeps } from './caller.js'
export { contractJump, contractList, contractViewOf, publicLoanTermsOf } from './contracts.js'
export { loanDetailsOf } from './details.js'
export { chosenLoan, loanConfirm, offerOf, type LoanChoice, type Offer } from './quote.js'
export { rateOrder } from './rating.js'
export { newOrderNo, pushLoan } from './submit.js'
