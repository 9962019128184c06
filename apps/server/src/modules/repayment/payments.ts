import {
  addCents,
  afterPayment,
  allocateExtension,
  allocatePayment,
  cents,
  isOrderStatus,
  isRepaying,
  owedOf,
  paidAfter,
  pastDuePeriodNos,
  paymentEvent,
  remainingAfter,
  settleCoolingOff,
  selectOldest,
  subCents,
  sumCents,
  totalOwed,
  type Allocation,
  type Cents,
  type CoolingOffSettlement,
  type Owed,
  type OrderStatus,
} from '@kilat/domain'
import type { PaymentEvent } from '../../adapters/payments/payment-gateway.js'
import type { Db, Tx } from '../../db/client.js'
import type { NewOrder, Order, OrderPeriod } from '../orders/orders.service.js'
import type { Product } from '../products/products.service.js'
import type { NewLedgerEntry, PaymentAccount } from './repayment.schema.js'
import { AppError } from '../../http/errors.js'
import { kindOf, transition, writeRelief } from '../orders/orders.service.js'
import { coolingOffOf } from './cooling-off.js'
import { extendedDueAt, orderExtendable } from './extension.js'
import { moneyDesk } from './money-desk-port.js'
import * as repo from './repayment.repo.js'


export type PaymentOutcome =
  | { duplicate: true }
  | {
      duplicate: false
      paymentId: number
      /** The order's status after the payment. */
      orderStatus: OrderStatus
      /** What the payment went to, by component: the ledger entries written. */
      entries: Array<Pick<NewLedgerEntry, 'component' | 'periodNo' | 'amount'>>
    }

/**
 * A verified payment from the gateway, applied in one transaction (docs/product/money-rules.md#repayment,
 * docs/decisions/0012-payment-gateway.md):
 *
 * 1. the order locked, then the payment row, whose gateway id is unique: a callback seen before
 *    inserts nothing and answers `duplicate`, changing nothing, however many copies arrive at once;
 * 2. what the order owes read from its rows, the payment shared out by domain
 *    `allocatePayment` (or, for an extension, `allocateExtension`), one ledger entry per component;
 * 3. periods, order and status written; the account marked paid.
 */
type RepaymentReceived = (tx: Tx, payment: { borrowerId: number; at: Date }) => Promise<void>
let repaymentReceived: RepaymentReceived | undefined

/**
 * Who counts a borrower's first repayment in the registration funnel: the registration module
 * (docs/product/registration-funnel.md#attribution) registers itself when it loads, so that this
 * module need not import it. Called in the payment's transaction.
 */
export function onRepaymentReceived(handler: RepaymentReceived): void {
  repaymentReceived = handler
}

export async function receivePayment(db: Db, gatewayName: string, event: PaymentEvent, now = new Date()): Promise<PaymentOutcome> {
  return db.transaction((tx) => applyPayment(tx, gatewayName, event, now))
}

/**
 * receivePayment's work inside the caller's transaction: the one way money reaches an order, for
 * the inbox worker and for a reconciliation resolution that applies money to an order alike
 * (docs/product/operations.md#resolutions), so both allocate it the same way.
 */
export async function applyPayment(tx: Tx, gatewayName: string, event: PaymentEvent, now: Date): Promise<PaymentOutcome> {
  {
    // The order is locked (with its account read) before the payment row goes in: that row's
    // foreign key to the order takes a share lock on it, and two payments of one order each holding
    // one while asking for the order's update lock would deadlock (PostgreSQL; PGlite runs one
    // transaction at a time). Copies of one callback queue here and find their payment recorded.
    const found = await repo.accountWithLockedOrder(tx, Number(event.externalId))
    if (!found || found.account.gateway !== gatewayName || found.account.accountNo !== event.accountNo) {
      // The webhook stored only events of our accounts (inbox.ts InboxWriter); one that no longer
      // matches fails, and the inbox worker keeps it with its error for a retry and for operations.
      throw new AppError('invalidRequest', { message: 'Unknown payment account.' })
    }
    const { account, order, product } = found
    const paymentId = await repo.insertPayment(tx, {
      gateway: gatewayName,
      gatewayPaymentId: event.gatewayPaymentId,
      paymentAccountId: account.id,
      orderKey: account.orderKey,
      borrowerId: account.borrowerId,
      amount: event.amount,
      receivedAt: event.paidAt,
      raw: event.raw,
    })
    if (paymentId === undefined) return { duplicate: true }

    const periods = await repo.periodsOf(tx, order.id)
    const applied =
      account.purpose === 'extension'
        ? await applyExtension(tx, account, order, product, periods, event, now, paymentId)
        : await applyRepayment(tx, order, product, periods, account, event, now, paymentId)
    const entries = applied.entries.map((e) => ({ ...e, paymentId, orderKey: order.id }))
    if (sumOf(entries) !== event.amount) throw new Error(`payment ${paymentId}: entries sum to ${sumOf(entries)}, not ${event.amount}`)
    await repo.insertLedgerEntries(tx, entries)
    await repo.markAccountPaid(tx, account.id, event.paidAt)
    // money toward the loan (not only an overpayment kept to refund) is a repayment for the funnel
    if (repaymentReceived && entries.some((e) => e.component !== 'overpayment')) await repaymentReceived(tx, { borrowerId: account.borrowerId, at: event.paidAt })
    return { duplicate: false, paymentId, orderStatus: applied.status, entries: applied.entries }
  }
}

type Entry = Pick<NewLedgerEntry, 'component' | 'periodNo'> & { amount: Cents }

interface Applied {
  entries: Entry[]
  status: OrderStatus
}

const sumOf = (entries: readonly Entry[]) => entries.reduce((sum, e) => sum + e.amount, 0)

function statusOf(order: Order): OrderStatus {
  if (!isOrderStatus(order.status)) throw new Error(`order ${order.id} has an unknown status ${order.status}`)
  return order.status
}

/** Only our own orders that are being repaid take money toward the loan; anything else is kept to refund. */
function takesRepayment(status: OrderStatus, product: Product): boolean {
  return !product.isPartner && isRepaying(status)
}

/** One entry per component that received something, in the order paid; an extension's fee after the loan's parts. */
function entriesOf(allocation: Allocation, extensionFee: Cents = cents(0)): Entry[] {
  const entries: Entry[] = [
    { component: 'late_charge', periodNo: null, amount: allocation.lateCharges },
    { component: 'fee', periodNo: null, amount: allocation.fees },
    ...allocation.periods.flatMap((p): Entry[] => [
      { component: 'interest', periodNo: p.periodNo, amount: p.interest },
      { component: 'principal', periodNo: p.periodNo, amount: p.principal },
    ]),
    { component: 'extension_fee', periodNo: null, amount: extensionFee },
    { component: 'overpayment', periodNo: null, amount: allocation.leftover },
  ]
  return entries.filter((e) => e.amount > 0)
}

/**
 * A repayment: late charges, then the oldest periods (interest before principal), limited to the
 * account's `period_count` when it has one; what is left over is an overpayment, kept to refund.
 * The order settles when nothing is owed, or returns from overdue when nothing overdue is owed.
 */
async function applyRepayment(tx: Tx, order: Order, product: Product, periods: OrderPeriod[], account: PaymentAccount, event: PaymentEvent, now: Date, paymentId: number): Promise<Applied> {
  const status = statusOf(order)
  const owed = owedOf(order, periods)
  // docs/product/money-rules.md#cooling-off: within the period, a payment of at least the exit's
  // amount ends the loan, whatever account it came through; less is an ordinary part payment
  const exit = takesRepayment(status, product) ? coolingOffOf(order, periods, product.market, event.paidAt) : null
  const settled = exit && settleCoolingOff(owed, exit, event.amount)
  if (settled) return applyCoolingOff(tx, order, product, periods, owed, settled, event, now, paymentId)
  const payable = takesRepayment(status, product) ? selectOldest(owed, account.periodCount) : { lateCharges: cents(0), fees: cents(0), periods: [] }
  const allocation = allocatePayment(payable, event.amount)
  const { remaining, overdueRemaining } = afterPayment(owed, allocation, pastDuePeriodNos(periods, now, product.market))

  for (const paid of allocation.periods) {
    const period = periods.find((p) => p.periodNo === paid.periodNo)!
    const left = remaining.periods.find((p) => p.periodNo === paid.periodNo)!
    const done = left.interest === 0 && left.principal === 0
    await repo.updatePeriod(tx, order.id, paid.periodNo, {
      ...paidAfter(period, paid),
      ...(done ? { status: 'paid' as const, paidAt: event.paidAt } : {}),
    })
  }

  const toLoan = subCents(event.amount, allocation.leftover)
  const changes: Partial<NewOrder> = { updatedAt: now }
  let next = status
  if (toLoan > 0) {
    changes.paid = addCents(order.paid, toLoan)
    changes.penaltyPaid = addCents(order.penaltyPaid, allocation.lateCharges)
    const orderEvent = paymentEvent({
      status,
      kind: kindOf(order, product),
      remainingTotal: totalOwed(remaining),
      overdueRemaining,
    })
    if (orderEvent) {
      next = transition(status, orderEvent, kindOf(order, product))
      changes.status = next
      if (orderEvent === 'settle') changes.settledAt = event.paidAt
    }
    await repo.updateOrder(tx, order.id, status, changes)
  }
  return { entries: entriesOf(allocation), status: next }
}

/**
 * An extension (docs/product/loans.md#extension): when the order can still be extended and the
 * money covers the product's fee plus everything then owed but principal (domain
 * `allocateExtension`), the late charges, fees and interest are paid first, in `allocatePayment`'s
 * order, then the fee is taken; the due date moves by the loan's term and the order is (again) due.
 * Any excess is an overpayment. Otherwise (late charges fell due after the account was issued, the
 * order was settled or can no longer be extended) the money is an ordinary repayment of the order,
 * so that it is never lost and always lowers the debt.
 */
async function applyExtension(tx: Tx, account: PaymentAccount, order: Order, product: Product, periods: OrderPeriod[], event: PaymentEvent, now: Date, paymentId: number): Promise<Applied> {
  const status = statusOf(order)
  const kind = kindOf(order, product)
  const extendable = orderExtendable(order, product, status)
  const owed = owedOf(order, periods)
  const allocation = extendable ? allocateExtension(owed, product.extensionFee, event.amount) : null
  if (!allocation) return applyRepayment(tx, order, product, periods, account, event, now, paymentId)

  const later = (at: Date) => extendedDueAt(order, at)
  for (const p of periods) {
    if (p.status === 'paid') continue
    const paid = allocation.periods.find((a) => a.periodNo === p.periodNo)
    await repo.updatePeriod(tx, order.id, p.periodNo, { dueAt: later(p.dueAt), status: 'unpaid', ...(paid ? paidAfter(p, paid) : {}) })
  }
  // the loan's parts count as paid toward it; the fee pays for time, not for the loan
  const toLoan = sumCents([allocation.lateCharges, allocation.fees, ...allocation.periods.map((p) => p.interest)])
  const next = transition(status, 'extend', kind)
  await repo.updateOrder(tx, order.id, status, {
    status: next,
    updatedAt: now,
    paid: addCents(order.paid, toLoan),
    penaltyPaid: addCents(order.penaltyPaid, allocation.lateCharges),
    ...(order.dueAt ? { dueAt: later(order.dueAt) } : {}),
  })
  return { entries: entriesOf(allocation, allocation.extensionFee), status: next }
}

/**
 * The cooling-off exit (docs/product/money-rules.md#cooling-off): the payment pays every period's
 * principal and the interest of the days used (its ledger entries, as any payment's), anything
 * beyond is an overpayment to refund; the rest of the interest (and any late charge or fee) is
 * released by a `cooling_off` adjustment tied to the payment (the money desk's, money-desk-port.ts). Nothing is then owed, and the order
 * settles through the payment's own rule (writeRelief, domain paymentEvent).
 */
async function applyCoolingOff(
  tx: Tx,
  order: Order,
  product: Product,
  periods: OrderPeriod[],
  owed: Owed,
  settled: CoolingOffSettlement,
  event: PaymentEvent,
  now: Date,
  paymentId: number,
): Promise<Applied> {
  const { payment, released } = settled
  // the figures the payment leaves, on which the release is written
  const afterPaid = periods.map((p) => {
    const paid = payment.periods.find((a) => a.periodNo === p.periodNo)
    return paid ? { ...p, ...paidAfter(p, paid) } : p
  })
  for (const paid of payment.periods) {
    const period = afterPaid.find((p) => p.periodNo === paid.periodNo)!
    const left = released.periods.find((r) => r.periodNo === paid.periodNo)
    await repo.updatePeriod(tx, order.id, paid.periodNo, {
      paid: period.paid,
      interestPaid: period.interestPaid,
      principalPaid: period.principalPaid,
      ...(left ? {} : { status: 'paid' as const, paidAt: event.paidAt }),
    })
  }
  const toLoan = subCents(event.amount, payment.leftover)
  const status = await writeRelief(tx, { order, product }, afterPaid, remainingAfter(owed, payment), released, event.paidAt, { kind: 'gateway', reason: 'coolingOff' }, {
    paid: addCents(order.paid, toLoan),
  })
  const releasedTotal = totalOwed(remainingAfter(owed, payment))
  // the release's record is the money desk's adjustment (money-desk-port.ts), written in this transaction
  if (releasedTotal > 0) await moneyDesk().recordCoolingOffRelease(tx, { orderKey: order.id, paymentId, amount: releasedTotal, released, at: now })
  return { entries: entriesOf(payment), status }
}
