import type { InstallmentPlan } from '@kilat/contract'
import { PERIOD_STATUS } from '@kilat/contract'
import { addCents, formatDate, formatMoney, isOverdue, owedOf, type Cents, type Locale } from '@kilat/domain'
import type { Config } from '../../config.js'
import type { Executor } from '../../db/client.js'
import { AppError } from '../../http/errors.js'
import { textsFor } from '../../i18n/index.js'
import { borrowerOrderPartReader } from '../orders/orders.service.js'
import { moneyDesk } from './money-desk-port.js'

/** What the installment plan reads of the order and its product, with its confirmed adjustments (the money desk's, money-desk-port.ts). */
const readPlanOrder = () =>
  borrowerOrderPartReader('plan_order', ['orderNo', 'penalty', 'penaltyPaid', 'penaltyWaived'], ['isPartner', 'market', 'name', 'logoUrl'], (order) => ({
    adjustments: moneyDesk().confirmedAdjustmentsSql(order),
  }))
/** Made at the first plan read: the money desk is connected by then (app.ts). */
let planOrder: ReturnType<typeof readPlanOrder> | undefined

/**
 * The installment plan of an order (docs/product/money-rules.md#repayment): the unpaid installments,
 * oldest first, with what is left of each, and the paid ones. Only the first unpaid one can be
 * chosen first (docs/product/screens.md#installments); late charges go with any selection.
 */
export async function installmentPlan(db: Executor, config: Config, borrowerId: number, orderNo: string, locale: Locale, now = new Date()): Promise<InstallmentPlan> {
  // another borrower's order, or none: notFound
  planOrder ??= readPlanOrder()
  const { order, product, periods, also } = await planOrder(db, borrowerId, orderNo)
  // docs/product/money-rules.md#partner-orders: the partner shows its own plan
  if (product.isPartner) throw new AppError('repaidAtPartner')
  const market = product.market
  const t = textsFor(locale).plan
  const owed = owedOf(order, periods)
  const left = new Map(owed.periods.map((p) => [p.periodNo, addCents(p.interest, p.principal)]))
  const of = periods.length
  const line = (periodNo: number, amount: Cents, status: (typeof PERIOD_STATUS)[keyof typeof PERIOD_STATUS], dueAt: Date, first: boolean) => ({
    periodNo,
    totalAmount: amount,
    canClick: first ? (1 as const) : (0 as const),
    periodStatus: status,
    repayDes: `${t.installment(periodNo, of)} · ${status === PERIOD_STATUS.paid ? t.paid : status === PERIOD_STATUS.overdue ? t.overdue : t.upcoming}`,
    dueTime: formatDate(dueAt, market),
    at: formatMoney(amount, market),
  })
  const ordered = [...periods].sort((a, b) => a.periodNo - b.periodNo)
  const unpaid = ordered.filter((p) => (left.get(p.periodNo) ?? 0) > 0)
  const paid = ordered.filter((p) => (left.get(p.periodNo) ?? 0) === 0)
  return {
    orderNo: order.orderNo,
    productName: product.name,
    productLogo: product.logoUrl,
    note: t.note,
    repayWaitCount: unpaid.length,
    lateCharges: owed.lateCharges,
    repayPlanDetail: {
      repayWaitDetail: unpaid.map((p, i) =>
        line(p.periodNo, left.get(p.periodNo) ?? (0 as Cents), isOverdue(p.dueAt, now, market) ? PERIOD_STATUS.overdue : PERIOD_STATUS.upcoming, p.dueAt, i === 0),
      ),
      repayYetDetail: paid.map((p) => line(p.periodNo, p.paid, PERIOD_STATUS.paid, p.dueAt, false)),
    },
    adjustments: moneyDesk().adjustmentLines(also.adjustments, market, locale),
    telephone: config.SERVICE_PHONES[market],
    market,
  }
}
