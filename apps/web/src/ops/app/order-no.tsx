import { Link } from '../../shared/router'

/**
 * A table's column of order numbers (docs/product/console-screens.md#tables): an order number is
 * never cut nor broken across lines. A new order's, `K` and 16 digits (`K2026120223011692`), fits
 * this width in the monospace of `.ops-order-no` in a small or medium table's cell (8 px of
 * padding each side).
 */
export const ORDER_NO_COLUMN = { width: 160, className: 'ops-order-no' } as const

/** An order number in a table, linked to its order screen in the market given. */
export function OrderNoLink({ orderNo, market }: { orderNo: string; market: string }) {
  return <Link to={`/ops/orders/${orderNo}?market=${market}`}>{orderNo}</Link>
}
