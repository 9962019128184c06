import type { MoneyDeskPort } from '../repayment/repayment.service.js'
import { adjustmentLines } from './adjustment-lines.js'
import { recordCoolingOffRelease } from './adjustments.js'
import { confirmedAdjustmentsSql } from './adjustments.repo.js'
import { keepUnmatchedCallback } from './recon/unmatched.js'

/**
 * The money desk's public face (docs/product/operations.md#money-desk, #disbursement,
 * docs/product/waivers-and-refunds.md, docs/decisions/0026-money-desk-module.md): other modules
 * reach it only through this file. It keeps the payout outbox and the payout desk (payouts.*),
 * reconciliation and the gateway's daily reports (recon/), waivers, refunds and refund returns
 * (adjustments*, refund-*), and their tables. It builds on orders and repayment and is imported by
 * neither: what they need of it is handed in where the app is assembled.
 */

/** SQL over an order's row: true while its payout is on its way (docs/product/operations.md#payout-states); for loan details. */
export { borrowerPayoutInFlight, payoutInProgressSql } from './payouts.repo.js'
/** The order screen's payouts of an order, newest first, their events, and each as the console shows it. */
export { payoutEventsOf as orderPayoutEventsOf, payoutRequestsOf } from './payouts.repo.js'
export { payoutView } from './payouts.desk.js'
/** Demo mode's payouts, handed to the order job where it is started (server.ts). */
export { demoPayouts } from './demo-payouts.js'
/**
 * Waivers, refunds and India's cooling-off exit (docs/product/waivers-and-refunds.md#what-the-borrower-sees):
 * loan details read an order's confirmed adjustments with the order and show each as a line.
 */
export { adjustmentLines } from './adjustment-lines.js'
export { confirmedAdjustmentsSql, waiverCountOf } from './adjustments.repo.js'
/** One CSV line, fields quoted by RFC 4180 and guarded against spreadsheet formulas (docs/product/operations.md#exports). */
export { csvLine } from './recon/export.js'

/**
 * What repayment needs of the money desk (modules/repayment/money-desk-port.ts): app.ts hands it to
 * repayment's connectMoneyDesk where the app is assembled.
 */
export const repaymentSide: MoneyDeskPort = {
  confirmedAdjustmentsSql,
  adjustmentLines,
  recordCoolingOffRelease,
  keepUnmatchedCallback,
}
export { interestReliefTotalSince, reliefAtCutoff, type ReliefAtCutoff } from './bureau-facts.js'
