/**
 * Loan order statuses (design.md section 5) and what the loan-details screen offers for each.
 * The spec documents a defect (the recommended list check behaves as always true); we build the
 * intent: statuses with an action show the action area, the others show the recommended list.
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

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'number' && (ORDER_STATUSES as number[]).includes(value)
}

export function orderStatusName(status: OrderStatus): OrderStatusName {
  const entry = Object.entries(ORDER_STATUS).find(([, v]) => v === status)
  if (!entry) throw new Error(`unknown order status ${status}`)
  return entry[0] as OrderStatusName
}

export type OrderAction = 'repay' | 'delay' | 'loanMore'

export interface StatusActions {
  /** Buttons of the action area; empty means the recommended list shows instead. */
  actions: OrderAction[]
  showRecommended: boolean
}

const REPAY_WITH_DELAY: readonly OrderStatus[] = [174, 180, 3, 5]

export function actionsFor(status: OrderStatus, isDelay: boolean): StatusActions {
  let actions: OrderAction[] = []
  if (REPAY_WITH_DELAY.includes(status)) actions = isDelay ? ['repay', 'delay'] : ['repay']
  else if (status === 170) actions = ['repay']
  else if (status === 200 || status === 4) actions = ['loanMore']
  return { actions, showRecommended: actions.length === 0 }
}

/** spec.md 2.8: icons exist for these statuses; any other status shows the 200 icon. */
const ICON_STATUSES: readonly number[] = [21, 151, 174, 180, 110, 200]

export function statusIcon(status: number): 21 | 151 | 174 | 180 | 110 | 200 {
  return (ICON_STATUSES.includes(status) ? status : 200) as 21 | 151 | 174 | 180 | 110 | 200
}

/** Orders that still owe money or a decision: a borrower may hold one such order per product. */
export function isUnsettled(status: OrderStatus): boolean {
  return status !== 200 && status !== 4 && status !== 110
}
