import { coolingOffExit, owedOf, paidPartsOf, sumCents, type CoolingOffExit, type Market, type OrderFigures, type PeriodFigures } from '@kilat/domain'
import type { Order } from '../orders/orders.service.js'

/** The order's columns the cooling-off exit is priced from. */
export const COOLING_OFF_COLUMNS = ['principal', 'dailyRateBps', 'disbursedAt', 'penalty', 'penaltyPaid', 'penaltyWaived'] as const

/**
 * The cooling-off exit of an order at `at`, read from its rows (domain coolingOffExit,
 * docs/product/money-rules.md#cooling-off), or null outside the period: loan details' offer, the
 * account that asks for everything owed and the payment's allocation all ask here.
 */
export function coolingOffOf(
  order: Pick<Order, 'principal' | 'dailyRateBps' | 'disbursedAt'> & OrderFigures,
  periods: readonly PeriodFigures[],
  market: Market,
  at: Date,
): CoolingOffExit | null {
  const interestPaid = sumCents(periods.map((p) => paidPartsOf(p).interestPaid))
  return coolingOffExit({ market, dailyRateBps: order.dailyRateBps, principal: order.principal, interestPaid, disbursedAt: order.disbursedAt }, owedOf(order, periods), at)
}
