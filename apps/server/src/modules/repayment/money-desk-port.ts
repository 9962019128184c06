import type { SQL, SQLWrapper } from 'drizzle-orm'
import type { Allocation, Cents, Locale, Market } from '@kilat/domain'
import type { PaymentEvent } from '../../adapters/payments/payment-gateway.js'
import type { Executor, Tx } from '../../db/client.js'

/**
 * What repayment needs of the money desk (modules/money-desk, docs/decisions/0026-money-desk-module.md).
 * The money desk builds on repayment (its reconciliation reads our payments, its resolutions apply
 * money through applyPayment), so repayment never imports it: where the app is assembled (app.ts),
 * the money desk's side is handed in through connectMoneyDesk, once for the process.
 */

/** An order's confirmed adjustment as the borrower's screens read it, as JSON in the order's round trip. */
export interface AdjustmentJson {
  kind: 'waiver' | 'refund' | 'cooling_off' | 'refund_returned'
  component: 'late_charge' | 'interest' | null
  amount: number | string
  decidedAt: string
}

/** India's cooling-off release of one payment (docs/product/money-rules.md#cooling-off): what it released, by component. */
export interface CoolingOffRelease {
  orderKey: number
  /** The payment that ended the loan. */
  paymentId: number
  /** The release's total: what the order owed after the payment. */
  amount: Cents
  released: Allocation
  at: Date
}

export interface MoneyDeskPort {
  /** SQL over an order's row: its confirmed adjustments, oldest first (`[]` for none), for the installment plan. */
  confirmedAdjustmentsSql(order: { id: SQLWrapper }): SQL<AdjustmentJson[]>
  /** Each confirmed adjustment as its own line in the borrower's language (docs/product/waivers-and-refunds.md#what-the-borrower-sees). */
  adjustmentLines(rows: readonly AdjustmentJson[], market: Market, locale: Locale): Array<{ text: string; value: string }>
  /** Writes the release as a confirmed `cooling_off` adjustment with its entries, in the payment's transaction. */
  recordCoolingOffRelease(tx: Tx, release: CoolingOffRelease): Promise<void>
  /** Keeps a verified callback for an account we never issued, for the day's reconciliation (docs/product/operations.md#reconciliation). */
  keepUnmatchedCallback(db: Executor, gateway: string, event: PaymentEvent): Promise<void>
}

let connected: MoneyDeskPort | undefined

/** Hands the money desk's side to repayment: app.ts does it where the app is assembled. */
export function connectMoneyDesk(port: MoneyDeskPort): void {
  connected = port
}

/** The money desk's side, as connected; a process that never assembled the app has none. */
export function moneyDesk(): MoneyDeskPort {
  if (!connected) throw new Error('repayment: the money desk is not connected (app.ts connectMoneyDesk)')
  return connected
}
