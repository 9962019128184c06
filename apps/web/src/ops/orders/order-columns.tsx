import type { OpsOrderSummary } from '@kilat/contract'
import type { Locale } from '@kilat/domain'
import { orderStatusText } from './order-status'
import type { UseQueryResult } from '@tanstack/react-query'
import { Table, type TableColumnsType } from 'antd'
import { Link } from 'react-router'
import { formatDateTime, formatMoney } from '../../shared/format'
import { useOpsText, type OpsT } from '../app/i18n'
import { KeyPager } from '../app/paging'
import { useOpsMarket } from '../app/session'
import { LoadFailure } from '../app/states'

/** The columns every order list shares: number (to the order screen), borrower, product, amounts, applied. */
export function orderColumns<T extends OpsOrderSummary>(t: OpsT, market: string, locale?: Locale): TableColumnsType<T> {
  return [
    { key: 'orderNo', title: t('orders.orderNo'), render: (_, o) => <Link to={`/ops/orders/${o.orderNo}?market=${market}`}>{o.orderNo}</Link> },
    { key: 'phone', title: t('orders.borrower'), dataIndex: 'phoneMasked' },
    { key: 'product', title: t('orders.product'), dataIndex: 'productName' },
    { key: 'amount', title: t('orders.amount'), render: (_, o) => formatMoney(o.amount, o.market) },
    { key: 'received', title: t('orders.received'), render: (_, o) => formatMoney(o.received, o.market) },
    { key: 'term', title: t('orders.term'), render: (_, o) => (o.termUnit === 'day' ? t('orders.days', { count: o.termDays }) : t('orders.periods', { count: o.periods })) },
    { key: 'status', title: t('orders.status'), render: (_, o) => (locale ? orderStatusText(o.status, locale) : o.status) },
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
}: {
  queue: UseQueryResult<{ orders: T[]; nextCursor: string | null }>
  columns: TableColumnsType<T>
  /** The table's width before it scrolls sideways. */
  width: number
  /** Only these of the shared columns (by key), so that a screen's own columns fit 1280 px; all by default. */
  keep?: readonly string[]
}) {
  const { t, locale } = useOpsText()
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
        columns={[...orderColumns<T>(t, market, locale).filter((c) => !keep || keep.includes(String(c.key))), ...columns]}
      />
      <KeyPager next={queue.data?.nextCursor} />
    </>
  )
}
