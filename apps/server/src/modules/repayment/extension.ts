import type { ExtensionDetail } from '@kilat/contract'
import { canExtend, extensionAmount, formatDate, formatMoney, isOrderStatus, owedOf, sumCents, type Locale, type OrderStatus } from '@kilat/domain'
import type { Config } from '../../config.js'
import type { Executor } from '../../db/client.js'
import type { Order } from '../orders/orders.service.js'
import type { Product } from '../products/products.service.js'
import { AppError } from '../../http/errors.js'
import { textsFor } from '../../i18n/index.js'
import { borrowerOrderPartReader } from '../orders/orders.service.js'

const DAY_MS = 86_400_000

/**
 * The due date an extension moves the order to: the same period as the loan's term later
 * (docs/product/loans.md#extension). payments.ts applies it to the order's and its periods' due dates.
 */
export function extendedDueAt(order: Pick<Order, 'termDays'>, dueAt: Date): Date {
  return new Date(dueAt.getTime() + order.termDays * DAY_MS)
}

/**
 * Whether an order may be extended now (domain canExtend, docs/product/loans.md#extension): one of
 * ours, a single payment, its status and its product allowing it. What delay-detail, the account
 * and the arriving payment each ask.
 */
export function orderExtendable(order: Pick<Order, 'termUnit' | 'isDelay'>, product: Pick<Product, 'isPartner' | 'extensionFee'>, status: OrderStatus): boolean {
  // a partner's extension is taken on the partner's page (docs/product/money-rules.md#partner-orders)
  if (product.isPartner) return false
  return canExtend({
    status,
    installment: order.termUnit === 'period',
    partner: false,
    allowsExtension: order.isDelay,
    extensionFee: product.extensionFee,
  })
}

/** What delay-detail reads of the order and its product. */
const extensionOrder = borrowerOrderPartReader('extension_order', ['id', 'orderNo', 'status', 'dueAt', 'termDays', 'termUnit', 'isDelay', 'principal', 'penalty', 'penaltyPaid', 'penaltyWaived'], ['isPartner', 'extensionFee', 'market', 'name', 'logoUrl'])

/**
 * The extension detail of an order (docs/product/loans.md#extension, docs/product/screens.md#repay-delay): what to pay for
 * the extension (the fee plus the interest and late charges due, paid first in the same payment),
 * until when, and the due date now and after. A partner's order is extended at the partner; an
 * order that cannot be extended (domain canExtend) has no detail, so one that has can always be paid.
 */
export async function extensionDetail(
  db: Executor,
  config: Pick<Config, 'SERVICE_PHONES'>,
  borrowerId: number,
  orderNo: string,
  locale: Locale,
  now = new Date(),
): Promise<ExtensionDetail> {
  // another borrower's order, or none: notFound
  const { order, product, periods } = await extensionOrder(db, borrowerId, orderNo)
  // docs/product/money-rules.md#partner-orders: the partner takes its own extensions
  if (product.isPartner) throw new AppError('repaidAtPartner')
  const status = order.status
  if (!isOrderStatus(status)) throw new Error(`order ${order.id} has an unknown status ${status}`)
  if (!orderExtendable(order, product, status) || !order.dueAt) throw new AppError('extensionUnavailable')

  const market = product.market
  const money = (v: number) => formatMoney(v, market)
  const t = textsFor(locale)
  const fee = product.extensionFee
  const currentDueDate = formatDate(order.dueAt, market)
  const newDueDate = formatDate(extendedDueAt(order, order.dueAt), market)
  // Late from the local day after the due date (docs/product/money-rules.md#overdue-boundary): the
  // amount holds until the due date's last second in the market's zone. An overdue order's due date
  // has passed: its amount holds until today's end, when the next day's late charge is added to it.
  const today = formatDate(now, market)
  const expiryDate = currentDueDate < today ? today : currentDueDate
  // docs/product/loans.md#extension: the fee plus everything owed but principal, exactly what
  // generate-vcode with purpose=extension asks for (accounts.ts)
  const owed = owedOf(order, periods)
  const total = extensionAmount(owed, fee)
  const interest = sumCents(owed.periods.map((p) => p.interest))
  return {
    orderNo: order.orderNo,
    productName: product.name,
    productLogo: product.logoUrl,
    delayShouldPayAmount: total,
    delayShouldPayText: money(total),
    delayExpiryTime: `${expiryDate} 23:59:59`,
    currentDueDate,
    newDueDate,
    canPay: 1,
    blockedReason: '',
    orderDetail: {
      detail: [
        { text: t.extension.product, value: product.name },
        { text: t.figures.principal, value: money(order.principal) },
        { text: t.figures.dueDate, value: currentDueDate },
        { text: t.extension.newDueDate, value: newDueDate },
        { text: t.extension.fee, value: money(fee) },
        { text: t.extension.interestDue, value: money(interest) },
        ...(owed.lateCharges > 0 ? [{ text: t.figures.lateCharges, value: money(owed.lateCharges) }] : []),
        ...(owed.fees > 0 ? [{ text: t.figures.fee, value: money(owed.fees) }] : []),
        { text: t.extension.total, value: money(total) },
      ],
    },
    telephone: config.SERVICE_PHONES[market],
  }
}
