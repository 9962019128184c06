import { MARKETS, type Market } from '@kilat/domain'
import type { PaymentEvent } from '../../../adapters/payments/payment-gateway.js'
import type { Executor } from '../../../db/client.js'
import { findMethod } from '../../repayment/repayment.service.js'
import { unmatchedCallbacks } from '../reconciliation.schema.js'

/** The market whose repayment methods include the callback's method; null when none or several do. */
function marketOfMethod(method: string): Market | null {
  const found = MARKETS.filter((m) => findMethod(m, method) !== undefined)
  return found.length === 1 ? found[0]! : null
}

/**
 * Keeps a verified callback for an account we never issued (docs/product/operations.md#reconciliation):
 * the webhook still refuses it, so that the gateway retries, but finance now sees it on the
 * payments desk and in the day's reconciliation (`unknown_account`). Stored once however often it
 * is delivered.
 */
export async function keepUnmatchedCallback(db: Executor, gateway: string, event: PaymentEvent): Promise<void> {
  await db
    .insert(unmatchedCallbacks)
    .values({
      gateway,
      gatewayPaymentId: event.gatewayPaymentId,
      accountNo: event.accountNo,
      externalId: event.externalId,
      amount: event.amount,
      paidAt: event.paidAt,
      method: event.method,
      market: marketOfMethod(event.method),
      raw: event.raw,
    })
    .onConflictDoNothing()
}
