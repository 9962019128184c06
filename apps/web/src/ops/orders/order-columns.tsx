import type { OpsOrderSummary, PayoutStatus } from '@kilat/contract'
import type { Market } from '@kilat/domain'
import type { UseQueryResult } from '@tanstack/react-query'
import { Table, type TableColumnsType } from 'antd'
import type { ReactNode } from 'react'
import { formatDateTime, formatMoney } from '../../shared/format'
import { useOpsText, type OpsT } from '../app/i18n'
import { ORDER_NO_COLUMN, OrderNoLink } from '../app/order-no'
import { KeyPager } from '../app/paging'
import { useOpsMarket } from '../app/session'
import { LoadFailure } from '../app/states'
import { OrderStatusName } from '../app/status-names'
import { payoutStage, type PayoutStage } from './order-status'

/**
 * What the borrower receives, said as paid out or still to pay out by the payout's state (never
 * "paid out" before the payout completed); nothing more for an order that will not be paid out.
 */
export function NetAmount({ cents, market, stage }: { cents: number; market: Market; stage: PayoutStage }) {
  const { t } = useOpsText()
  return (
    <span>
      {formatMoney(cents, market)}
      {stage !== 'none' && <span className="ops-amount-note">{t(stage === 'paidOut' ? 'orders.received' : 'orders.toPayOut')}</span>}
    </span>
  )
}

/** A row's latest payout, on the lists that carry it (the disbursement queue). */
const payoutOf = (row: OpsOrderSummary): { status: PayoutStatus } | null => ('payout' in row ? (row.payout as { status: PayoutStatus } | null) : null)

/**
 * The columns every order list shares: number (to the order screen), borrower, product, amounts,
 * applied; their widths keep a queue with its own columns within 1280 px (a medium-sized table:
 * docs/product/console-screens.md#tables).
 */
export function orderColumns<T extends OpsOrderSummary>(t: OpsT, market: string): TableColumnsType<T> {
  return [
    { key: 'orderNo', ...ORDER_NO_COLUMN, title: t('orders.orderNo'), render: (_, o) => <OrderNoLink orderNo={o.orderNo} market={market} /> },
    { key: 'phone', width: 120, title: t('orders.borrower'), className: 'ops-nowrap', dataIndex: 'phoneMasked' },
    { key: 'product', width: 90, title: t('orders.product'), dataIndex: 'productName' },
    { key: 'amount', width: 130, title: t('orders.amount'), className: 'ops-nowrap', render: (_, o) => formatMoney(o.amount, o.market) },
    {
      key: 'received',
      width: 130,
      title: t('orders.netAmount'),
      className: 'ops-nowrap',
      render: (_, o) => <NetAmount cents={o.received} market={o.market} stage={payoutStage(o, payoutOf(o))} />,
    },
    { key: 'term', width: 75, title: t('orders.term'), render: (_, o) => (o.termUnit === 'day' ? t('orders.days', { count: o.termDays }) : t('orders.periods', { count: o.periods })) },
    { key: 'status', width: 120, title: t('orders.status'), render: (_, o) => <OrderStatusName status={o.status} /> },
    { key: 'applied', width: 100, title: t('orders.applied'), render: (_, o) => formatDateTime(o.appliedAt, o.market) },
  ]
}

/**
 * A queue of orders (review, disbursement): the shared columns and then the screen's own, paged by
 * key, or why it could not be read.
 */
export function OrderQueue<T extends OpsOrderSummary>({
  queue,
  columns,
  width,
  keep,
  expanded,
}: {
  queue: UseQueryResult<{ orders: T[]; nextCursor: string | null }>
  columns: TableColumnsType<T>
  /** The table's width before it scrolls sideways. */
  width: number
  /** Only these of the shared columns (by key), so that a screen's own columns fit 1280 px; all by default. */
  keep?: readonly string[]
  /** More about a row, shown when it is expanded: what does not fit a column at 1280 px. */
  expanded?: (row: T) => ReactNode
}) {
  const { t } = useOpsText()
  const [market] = useOpsMarket()
  if (queue.isError) return <LoadFailure error={queue.error} retry={() => void queue.refetch()} />
  return (
    <>
      <Table<T>
        rowKey="orderNo"
        size="medium"
        loading={queue.isPending}
        dataSource={queue.data?.orders}
        pagination={false}
        locale={{ emptyText: t('list.empty') }}
        scroll={{ x: width }}
        expandable={expanded ? { expandedRowRender: expanded } : undefined}
        // the row's actions stay in view when the table scrolls sideways (docs/product/console-screens.md#tables)
        columns={[...orderColumns<T>(t, market).filter((c) => !keep || keep.includes(String(c.key))), ...columns.map((c) => (c.key === 'actions' ? { ...c, fixed: 'right' as const } : c))]}
      />
      <KeyPager next={queue.data?.nextCursor} />
    </>
  )
}
