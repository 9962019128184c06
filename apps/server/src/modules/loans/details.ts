import { borrowerRejectReason, type LoanDetails } from '@kilat/contract'
import {
  ORDER_STATUS,
  actionsFor,
  canExtend,
  daysOverdue,
  formatDate,
  formatDateTime,
  formatMoney,
  isOrderStatus,
  isRepaying,
  isSettled,
  orderOwed,
  orderStatusName,
  recommendModuleId,
} from '@kilat/domain'
import { AppError } from '../../http/errors.js'
import { count, textsFor } from '../../i18n/index.js'
import { adjustmentLines, confirmedAdjustmentsSql, payoutInProgressSql } from '../money-desk/money-desk.service.js'
import { borrowerOrderPartReader, lastRejectReasonSql, unsettledOrdersSql } from '../orders/orders.service.js'
import { recommendedProducts } from '../products/products.service.js'
import { coolingOffOf, lastPaymentOf, lastPaymentSql, methodName } from '../repayment/repayment.service.js'
import type { Caller, LoanDeps } from './caller.js'
import { termText } from './figures.js'
import { isRatedSql } from './loans.repo.js'

const S = ORDER_STATUS

/**
 * The order's and its product's columns the screen shows, the schedule, whether the borrower rated
 * it and the borrower's unsettled orders (for the recommended list some statuses show) and the
 * latest payment in the ledger, and a rejected order's reason from its history: one round trip, of
 * only what is used (a column costs every request). The reason is one more column rather than a
 * second read for rejected orders: a round trip costs more than a column, and the subquery runs for
 * rejected orders only (orders.repo.ts lastRejectReasonSql).
 */
const orderForDetails = borrowerOrderPartReader(
  'loan_details_with_unsettled',
  ['id', 'orderNo', 'status', 'principal', 'received', 'penalty', 'penaltyPaid', 'penaltyWaived', 'dailyRateBps', 'termUnit', 'termDays', 'periods', 'isDelay', 'appliedAt', 'disbursedAt', 'dueAt'],
  ['id', 'name', 'logoUrl', 'market', 'isPartner', 'partnerUrl', 'extensionFee'],
  (order) => ({
    rated: isRatedSql(order),
    unsettled: unsettledOrdersSql(order),
    lastPayment: lastPaymentSql(order),
    payoutInProgress: payoutInProgressSql(order),
    adjustments: confirmedAdjustmentsSql(order),
    rejectReason: lastRejectReasonSql(order),
  }),
)

/** docs/product/loans.md#loan-details: one of the borrower's orders, with its banner and actions. */
export async function loanDetailsOf(
  deps: LoanDeps,
  caller: Caller,
  input: { orderId: string; productId?: number | undefined },
): Promise<LoanDetails> {
  const { borrower, locale, now } = caller
  const { order, product, periods, also } = await orderForDetails(deps.db, borrower.id, input.orderId)
  if (input.productId !== undefined && product.id !== input.productId) throw new AppError('notFound')
  const status = order.status
  if (!isOrderStatus(status)) throw new Error(`order ${order.id} has an unknown status ${status}`)

  const t = textsFor(locale)
  const market = product.market
  const money = (v: number) => formatMoney(v, market)
  // docs/product/money-rules.md#partner-orders: the partner lends, collects and charges for lateness.
  const partner = product.isPartner
  const disbursed = order.disbursedAt !== null
  // What is owed, overdue (docs/product/money-rules.md#overdue-boundary: late from the local day
  // after the due date) and what the repay button asks for: the domain's one reading, the same as
  // the account generate-vcode issues for that selection (docs/product/money-rules.md#repayment).
  const owes = orderOwed(
    { penalty: order.penalty, penaltyPaid: order.penaltyPaid, penaltyWaived: order.penaltyWaived, installment: order.termUnit === 'period', disbursed },
    periods,
    now,
    market,
  )
  const outstanding = owes.total
  // docs/product/money-rules.md#cooling-off: while the exit is open, what ends the loan is its
  // amount, which is also what the account for everything owed asks (accounts.ts)
  const exit = !partner && isRepaying(status) ? coolingOffOf(order, periods, market, now) : null
  const amountDue = exit && owes.repayNow.periodCount === null ? exit.amount : owes.repayNow.amount
  // the banner names what is due by the due date; the exit's amount holds only within its period
  const dueByDate = owes.repayNow.amount
  const lateCharges = owes.owed.lateCharges
  const next = owes.unpaid[0]
  const firstLate = owes.unpaid.find((p) => p.overdue)
  const overdueDays = firstLate ? daysOverdue(firstLate.dueAt, now, market) : 0
  const dueDate = order.dueAt ? formatDate(order.dueAt, market) : ''
  const nextDueDate = next ? formatDate(next.dueAt, market) : dueDate
  const nextAmount = money(next ? next.amount : 0)

  const extendable = canExtend({
    status,
    installment: order.termUnit === 'period',
    partner,
    allowsExtension: order.isDelay,
    extensionFee: product.extensionFee,
  })
  const { showRecommended } = actionsFor(status, extendable)
  const recProducts = showRecommended
    ? (
        await recommendedProducts(deps.db, borrower, locale, {
          moduleId: recommendModuleId(undefined),
          activeOnly: true,
          excludeProductId: product.id,
          unsettled: new Map(also.unsettled),
        })
      ).map(
        (card) => ({ ...card, enabled: card.buttonStatus, globally: 1 }),
      )
    : []

  const overdue = count(locale, overdueDays, 'days')
  // docs/product/loans.md#loan-details: approved, its payout on its way; the due date comes when it arrives
  const payoutInProgress = status === S.approved && Boolean(also.payoutInProgress)
  const notice = payoutInProgress ? { title: t.loan.payingOut.title, description: () => t.loan.payingOut.description } : t.loan.notice[orderStatusName(status)]
  const facts = { productName: product.name, amountDue: money(dueByDate), nextDueDate, nextAmount, overdue, penalty: money(lateCharges) }
  let reyMsg = ''
  if (status === S.repayingInstallments) reyMsg = t.loan.reyNext(nextAmount, nextDueDate)
  else if (status === S.due || status === S.partnerRepaying) reyMsg = t.loan.reyDue(money(dueByDate), dueDate)
  else if (status === S.overdue || status === S.partnerOverdue) reyMsg = t.loan.reyOverdue(money(dueByDate), overdue)
  // docs/product/money-rules.md#cooling-off: while the exit is open, what the borrower pays now is
  // its amount; one sentence says it with its last day and what is owed after that day, and the
  // banner and the reminder say that sentence instead of "please pay" the amount due by the due date
  const installments = status === S.repayingInstallments
  const offer = exit
    ? t.adjustments.coolingOffOffer({
        amount: money(exit.amount),
        lastDay: exit.lastDay,
        then: installments ? nextAmount : money(dueByDate),
        thenDate: nextDueDate,
        installment: installments,
      })
    : null
  if (offer) reyMsg = offer

  const n = t.figures
  const detail = [
    { text: n.orderNo, value: order.orderNo },
    { text: n.principal, value: money(order.principal) },
    { text: n.received, value: money(order.received) },
    { text: n.term, value: termText(locale, order) },
    { text: n.appliedAt, value: formatDateTime(order.appliedAt, market) },
    ...(dueDate ? [{ text: n.dueDate, value: dueDate }] : []),
    ...(disbursed ? [{ text: n.outstanding, value: money(outstanding) }] : []),
    // the late charges still unpaid, as the outstanding balance counts them; a partner's order
    // carries no late-charge line of ours
    ...(!partner && lateCharges > 0 ? [{ text: n.lateCharges, value: money(lateCharges) }] : []),
    // each waiver, refund and cooling-off release as its own line (docs/product/waivers-and-refunds.md#what-the-borrower-sees)
    ...adjustmentLines(also.adjustments, market, locale),
  ]

  const unrated = isSettled(status) && !also.rated
  const last = lastPaymentOf(also.lastPayment)
  return {
    orderNo: order.orderNo,
    productId: product.id,
    orderStatus: status,
    noticeStatusText: notice.title,
    noticeDesText: offer ?? notice.description(facts),
    recProducts,
    productName: product.name,
    productLogo: product.logoUrl,
    userOrderDetail: { detail },
    inside: partner ? 0 : 1,
    // repaying and extending a partner's order happen on the partner's page
    h5Url: partner ? (product.partnerUrl ?? '') : '',
    isDelay: extendable ? 1 : 0,
    telephone: deps.config.SERVICE_PHONES[market],
    isScore: unrated ? '1' : '0',
    playeduL: deps.config.STORE_URL,
    reyMsg,
    amountDue,
    amountDuePeriods: owes.repayNow.periodCount ?? 0,
    lastPayment: last && {
      amount: last.amount,
      amountText: money(last.amount),
      paidAt: formatDateTime(last.receivedAt, market),
      method: methodName(market, last.method),
    },
    market,
    payoutInProgress,
    // docs/product/loans.md#rejection-reason: a rejection says why, in words for the borrower (a
    // staff member's reason mapped, never "suspected fraud"); no other status has one
    rejectReason: status === S.rejected ? borrowerRejectReason(also.rejectReason) : null,
    coolingOff: exit && {
      amount: exit.amount,
      amountText: money(exit.amount),
      lastDay: exit.lastDay,
      text: offer ?? '',
    },
  }
}
