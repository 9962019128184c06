/**
 * Loan order statuses and what the loan-details screen offers for each
 * (docs/product/loans.md#statuses). Code names statuses, never their numbers: the numbers are the
 * app shell's wire values.
 */
export const ORDER_STATUS = {
  submitted: 21,
  approved: 151,
  rejected: 110,
  repayingInstallments: 170,
  due: 174,
  overdue: 180,
  settled: 200,
  partnerRepaying: 3,
  partnerSettled: 4,
  partnerOverdue: 5,
} as const

export type OrderStatusName = keyof typeof ORDER_STATUS
export type OrderStatus = (typeof ORDER_STATUS)[OrderStatusName]

export const ORDER_STATUSES = Object.values(ORDER_STATUS) as OrderStatus[]

const S = ORDER_STATUS

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'number' && (ORDER_STATUSES as number[]).includes(value)
}

export function orderStatusName(status: OrderStatus): OrderStatusName {
  const entry = Object.entries(ORDER_STATUS).find(([, v]) => v === status)
  if (!entry) throw new Error(`unknown order status ${status}`)
  return entry[0] as OrderStatusName
}

/** Orders that still owe money or a decision: a borrower may hold one such order per product. */
export function isUnsettled(status: OrderStatus): boolean {
  return status !== S.settled && status !== S.partnerSettled && status !== S.rejected
}

export function isSettled(status: OrderStatus): boolean {
  return status === S.settled || status === S.partnerSettled
}

export function isOverdueStatus(status: OrderStatus): boolean {
  return status === S.overdue || status === S.partnerOverdue
}

/** Paid out and not yet settled: the borrower owes money now. */
export function isRepaying(status: OrderStatus): boolean {
  return REPAYING.includes(status)
}

const REPAYING: readonly OrderStatus[] = [S.repayingInstallments, S.due, S.overdue, S.partnerRepaying, S.partnerOverdue]
const EXTENDABLE_OWN: readonly OrderStatus[] = [S.due, S.overdue]
const EXTENDABLE_PARTNER: readonly OrderStatus[] = [S.partnerRepaying, S.partnerOverdue]

/** What decides whether an order can be extended. */
export interface ExtensionFacts {
  status: OrderStatus
  /** Repaid in installments: those are never extended. */
  installment: boolean
  /** A partner's loan: the partner prices and takes the extension through its own link. */
  partner: boolean
  /** The order was granted the option to extend (copied from the product at submit). */
  allowsExtension: boolean
  /** Our products' fee for one extension; without a fee we offer none. */
  extensionFee: number
}

/**
 * Whether the borrower may pay for an extension now: a single-payment loan of ours that is due or
 * overdue and whose product prices one, or a partner loan that is repaying or overdue and allows one.
 */
export function canExtend(o: ExtensionFacts): boolean {
  if (!o.allowsExtension || o.installment) return false
  if (o.partner) return EXTENDABLE_PARTNER.includes(o.status)
  return EXTENDABLE_OWN.includes(o.status) && o.extensionFee > 0
}

export type OrderAction = 'repay' | 'delay' | 'loanMore'

export interface StatusActions {
  /** Buttons of the action area; empty means the recommended list shows instead. */
  actions: OrderAction[]
  showRecommended: boolean
}

/**
 * The loan-details action area. The old app's recommended-list check behaves as always true;
 * we build the intent: statuses with an action show it, the others show the recommended list.
 */
export function actionsFor(status: OrderStatus, extendable: boolean): StatusActions {
  let actions: OrderAction[] = []
  if (isRepaying(status)) actions = extendable ? ['repay', 'delay'] : ['repay']
  else if (isSettled(status)) actions = ['loanMore']
  return { actions, showRecommended: actions.length === 0 }
}

export type StatusIcon = 'review' | 'approved' | 'rejected' | 'due' | 'overdue' | 'settled'

/**
 * The banner icon of each status. A status without an icon of its own shows the one of the same
 * situation, never the settled tick: an installment loan repaying and a partner loan repaying are
 * due, a partner loan overdue is overdue, and only a settled partner loan is settled.
 */
export const STATUS_ICON: Readonly<Record<OrderStatusName, StatusIcon>> = {
  submitted: 'review',
  approved: 'approved',
  rejected: 'rejected',
  repayingInstallments: 'due',
  due: 'due',
  overdue: 'overdue',
  settled: 'settled',
  partnerRepaying: 'due',
  partnerOverdue: 'overdue',
  partnerSettled: 'settled',
}

export function statusIcon(status: OrderStatus): StatusIcon {
  return STATUS_ICON[orderStatusName(status)]
}
