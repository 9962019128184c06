/**
 * The repayment module's public face (docs/product/money-rules.md#repayment,
 * docs/decisions/0012-payment-gateway.md): other modules reach it only through this file.
 * accounts.ts issues the accounts a borrower pays into; payments.ts applies what the gateway
 * reports to the ledger and the order, what an order owes read from its rows by domain owedOf;
 * methods/ lists the ways to pay.
 */
export { issueRepaymentAccount, type IssueRepaymentInput, type RepaymentAccount, type RepaymentDeps } from './accounts.js'
export { applyPayment, onRepaymentReceived, receivePayment, type PaymentOutcome } from './payments.js'
export { lastPaymentOf, lastPaymentSql, type LastPaymentJson } from './repayment.repo.js'
export { findMethod, methodName } from './methods/methods.js'

export type { PaymentAccount } from './repayment.schema.js'
/** The ops console's order screen: a borrower's repayments, an order's payments and ledger, a market's day. */
export { orderLedgerOf, orderPaymentsOf, repaymentTotalsOf, repaymentsReceivedOn, type OrderLedgerLine, type OrderPayment, type RepaymentTotals } from './order-desk-reads.js'
/** The refunds' limit (modules/money-desk): what an order's payments overpaid. */
export { overpaidOf } from './order-desk-reads.js'
/** India's cooling-off exit (docs/product/money-rules.md#cooling-off): loan details ask for the exit's offer. */
export { coolingOffOf } from './cooling-off.js'
/**
 * What repayment needs of the money desk, which builds on it (docs/decisions/0026-money-desk-module.md):
 * app.ts connects the money desk's side where the app is assembled.
 */
export { connectMoneyDesk, type AdjustmentJson, type CoolingOffRelease, type MoneyDeskPort } from './money-desk-port.js'
/**
 * The ledger's tables, for the money desk's reconciliation (modules/money-desk/recon), whose
 * statements read our payments beside the gateway's report in one round trip
 * (docs/decisions/0013-module-tables.md#one-statement-across-areas). For reading: money reaches an
 * order through applyPayment alone.
 */
export { ledgerEntries, paymentAccounts, paymentInbox, payments } from './repayment.schema.js'
/** The card tokens' column, for `npm run secrets:rotate` and the server's start (docs/decisions/0021-secrets-at-rest.md). */
export { cardTokenColumn } from './cards/card-secrets.js'
export { paidAtCutoff, paidTotalSince, type PaidAtCutoff } from './bureau-facts.js'
