import type { OpsOrderSummary } from '@kilat/contract'
import type { UseQueryResult } from '@tanstack/react-query'
import { Table, type TableColumnsType } from 'antd'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { formatDateTime, formatMoney } from '../../shared/format'
import { useOpsText, type OpsT } from '../app/i18n'
import { KeyPager } from '../app/paging'
import { useOpsMarket } from '../app/session'
import { LoadFailure } from '../app/states'
import { OrderStatusName } from '../app/status-names'

/** The columns every order list shares: number (to the order screen), borrower, product, amounts, applied. */
export function orderColumns<T extends OpsOrderSummary>(t: OpsT, market: string): TableColumnsType<T> {
  return [
    { key: 'orderNo', title: t('orders.orderNo'), render: (_, o) => <Link to={`/ops/orders/${o.orderNo}?market=${market}`}>{o.orderNo}</Link> },
    { key: 'phone', title: t('orders.borrower'), dataIndex: 'phoneMasked' },
    { key: 'product', title: t('orders.product'), dataIndex: 'productName' },
    { key: 'amount', title: t('orders.amount'), render: (_, o) => formatMoney(o.amount, o.market) },
    { key: 'received', title: t('orders.received'), render: (_, o) => formatMoney(o.received, o.market) },
    { key: 'term', title: t('orders.term'), render: (_, o) => (o.termUnit === 'day' ? t('orders.days', { count: o.termDays }) : t('orders.periods', { count: o.periods })) },
    { key: 'status', title: t('orders.status'), render: (_, o) => <OrderStatusName status={o.status} /> },
    { key: 'applied', title: t('orders.applied'), render: (_, o) => formatDateTime(o.appliedAt, o.market) },
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
