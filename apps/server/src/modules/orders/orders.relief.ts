import {
  addCents,
  isOrderStatus,
  overdueOwed,
  pastDuePeriodNos,
  paymentEvent,
  remainingAfter,
  totalOwed,
  type Allocation,
  type OrderStatus,
  type Owed,
} from '@kilat/domain'
import type { Tx } from '../../db/client.js'
import type { Product } from '../products/products.service.js'
import { kindOf, transition } from './orders.lifecycle.js'
import * as repo from './orders.repo.js'
import type { StatusChangeBy } from './orders.repo.js'
import type { NewOrder, Order, OrderPeriod } from './orders.schema.js'

/**
 * A relief of what an order owes that is not money received (docs/product/waivers-and-refunds.md#waivers,
 * docs/product/money-rules.md#cooling-off): a finance member's waiver (modules/money-desk) and
 * India's cooling-off release (modules/repayment) both lower the order's own figures here, so the
 * order's columns are written by the orders module alone.
 */

/**
 * Writes a relief on top of what the order owed: the periods' and order's waived figures, a period
 * left owing nothing marked paid, and the order's status by domain paymentEvent, exactly as a
 * payment's allocation moves it.
 */
export async function writeRelief(
  tx: Tx,
  found: { order: Order; product: Pick<Product, 'isPartner' | 'market'> },
  periods: OrderPeriod[],
  owed: Owed,
  relief: Allocation,
  now: Date,
  by: StatusChangeBy,
  alsoOrder: Partial<NewOrder> = {},
): Promise<OrderStatus> {
  const { order, product } = found
  const remaining = remainingAfter(owed, relief)
  for (const part of relief.periods) {
    const period = periods.find((p) => p.periodNo === part.periodNo)!
    const left = remaining.periods.find((p) => p.periodNo === part.periodNo)!
    const done = left.interest === 0 && left.principal === 0
    await repo.updatePeriod(tx, order.id, part.periodNo, {
      interestWaived: addCents(period.interestWaived, part.interest),
      ...(done && period.status !== 'paid' ? { status: 'paid' as const, paidAt: now } : {}),
    })
  }
  const status = order.status
  if (!isOrderStatus(status)) throw new Error(`order ${order.id} has an unknown status ${status}`)
  const kind = kindOf(order, product)
  const event = paymentEvent({
    status,
    kind,
    remainingTotal: totalOwed(remaining),
    overdueRemaining: overdueOwed(remaining, pastDuePeriodNos(periods, now, product.market)),
  })
  const changes: Partial<NewOrder> = { updatedAt: now, penaltyWaived: addCents(order.penaltyWaived, relief.lateCharges), ...alsoOrder }
  const next = event ? transition(status, event, kind) : status
  if (event) {
    changes.status = next
    if (event === 'settle') changes.settledAt = now
  }
  if (!(await repo.updateOrderInStatus(tx, order.id, status, changes, by))) throw new Error(`order ${order.id} left status ${status} while locked`)
  return next
}
