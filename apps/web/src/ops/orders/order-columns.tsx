import type { OpsOrderSummary } from '@kilat/contract'
import type { TableColumnsType } from 'antd'
import { Link } from 'react-router'
import { formatDateTime, formatMoney } from '../../shared/format'
import type { OpsT } from '../app/i18n'

/** The columns every order list shares: number (to the order screen), borrower, product, amounts, applied. */
export function orderColumns<T extends OpsOrderSummary>(t: OpsT, market: string): TableColumnsType<T> {
  return [
    { key: 'orderNo', title: t('orders.orderNo'), render: (_, o) => <Link to={`/ops/orders/${o.orderNo}?market=${market}`}>{o.orderNo}</Link> },
    { key: 'phone', title: t('orders.borrower'), dataIndex: 'phoneMasked' },
    { key: 'product', title: t('orders.product'), dataIndex: 'productName' },
    { key: 'amount', title: t('orders.amount'), render: (_, o) => formatMoney(o.amount, o.market) },
    { key: 'received', title: t('orders.received'), render: (_, o) => formatMoney(o.received, o.market) },
    { key: 'term', title: t('orders.term'), render: (_, o) => (o.termUnit === 'day' ? t('orders.days', { count: o.termDays }) : t('orders.periods', { count: o.periods })) },
    { key: 'status', title: t('orders.status'), dataIndex: 'status' },
    { key: 'applied', title: t('orders.applied'), render: (_, o) => formatDateTime(o.appliedAt, o.market) },
  ]
}
