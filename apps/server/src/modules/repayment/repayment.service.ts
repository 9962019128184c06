/**
 * The repayment module's public face (docs/product/money-rules.md#repayment,
 * docs/decisions/0012-payment-gateway.md): other modules reach it only through this file.
 * accounts.ts issues the accounts a borrower pays into; payments.ts applies what the gateway
 * reports to the ledger and the order, what an order owes read from its rows by domain owedOf;
 * methods/ lists the ways to pay.
 */
export { issueRepaymentAccount, type IssueRepaymentInput, type RepaymentAccount, type RepaymentDeps } from './accounts.js'
export { onRepaymentReceived, receivePayment, type PaymentOutcome } from './payments.js'
export { lastPaymentOf, lastPaymentSql, type LastPaymentJson } from './repayment.repo.js'
export { methodName } from './methods/methods.js'

export type { PaymentAccount } from './repayment.schema.js'
/** The ops console's order desk: a borrower's repayments, an order's payments and ledger, a market's day. */
export { orderLedgerOf, orderPaymentsOf, repaymentTotalsOf, repaymentsReceivedOn, type OrderLedgerLine, type OrderPayment, type RepaymentTotals } from './order-desk-reads.js'
/**
 * Waivers, refunds and India's cooling-off exit (docs/product/waivers-and-refunds.md): loan details
 * read an order's confirmed adjustments with the order and show each as a line, and ask for the
 * exit's offer.
 */
export { adjustmentLines } from './adjustment-lines.js'
export { confirmedAdjustmentsSql, type AdjustmentJson } from './adjustments.repo.js'
export { coolingOffOf } from './cooling-off.js'
export { queueRefundPayout, type RefundPayout } from './refund-payout.js'
/** The card tokens' column, for `npm run secrets:rotate` and the server's start (docs/decisions/0021-secrets-at-rest.md). */
export { cardTokenColumn } from './cards/card-secrets.js'
/** One CSV line, fields quoted by RFC 4180 and guarded against spreadsheet formulas (docs/product/operations.md#exports). */
export { csvLine } from './recon/export.js'
