import { paymentsCallbacks, type DataOf } from '@kilat/contract'
import type { Market } from '@kilat/domain'
import { useQuery } from '@tanstack/react-query'
import { Select, Tag } from 'antd'
import { formatDateTime, formatMoney } from '../../shared/format'
import { useApi } from '../../shared/api'
import { useOpsText } from '../app/i18n'
import { useAddressFilter } from '../app/paging'
import { ORDER_NO_COLUMN } from '../app/order-no'
import { orderLink, PagedTable } from './payments-shared'

/** The money desk's callbacks as received (its own chunk, loaded when the view is chosen). */
export function CallbacksView({ market, day }: { market: Market; day: string }) {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const [params, setFilter] = useAddressFilter()
  const matched = (params.get('matched') ?? undefined) as 'yes' | 'no' | undefined
  const cursor = params.get('cursor') ?? undefined
  const query = useQuery({
    queryKey: ['ops', 'payments', 'callbacks', market, day, matched, cursor],
    queryFn: ({ signal }) => callApi(paymentsCallbacks, { query: { market, day, matched, cursor, limit: 50 } }, { signal }),
  })
  type Row = DataOf<typeof paymentsCallbacks>['rows'][number]
  return (
    <>
      <Select
        aria-label={t('payments.account')}
        allowClear
        placeholder={t('payments.account')}
        value={matched}
        onChange={(v) => setFilter('matched', v)}
        style={{ width: 260, marginBottom: 12 }}
        options={[
          { value: 'yes', label: t('payments.ourAccount') },
          { value: 'no', label: t('payments.unknownAccount') },
        ]}
      />
      <PagedTable<Row>
        query={query}
        rowKey={(r) => `${r.source}.${r.id}`}
        width={1000}
        columns={[
          { key: 'received', title: t('payments.receivedAt'), render: (_, r) => formatDateTime(r.receivedAt, market) },
          { key: 'paidAt', title: t('payments.paidAt'), render: (_, r) => formatDateTime(r.paidAt, market) },
          { key: 'source', title: t('payments.account'), render: (_, r) => (r.source === 'inbox' ? <Tag>{t('payments.ourAccount')}</Tag> : <Tag color="red">{t('payments.unknownAccount')}</Tag>) },
          { key: 'accountNo', title: t('payments.accountNo'), dataIndex: 'accountNo' },
          { key: 'order', ...ORDER_NO_COLUMN, title: t('orders.orderNo'), render: (_, r) => orderLink(r.orderNo, market) },
          { key: 'amount', title: t('orders.amount'), render: (_, r) => formatMoney(r.amount, market) },
          { key: 'body', title: t('payments.body'), width: 320, render: (_, r) => <code className="ops-code">{r.body}</code> },
        ]}
      />
    </>
  )
}
