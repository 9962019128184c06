import { paymentsInbox, type DataOf } from '@kilat/contract'
import type { Market } from '@kilat/domain'
import { useQuery } from '@tanstack/react-query'
import { Select, Tag } from 'antd'
import { formatDateTime, formatMoney } from '../../shared/format'
import { useApi } from '../../shared/api'
import { useOpsText } from '../app/i18n'
import { useAddressFilter } from '../app/paging'
import { ORDER_NO_COLUMN } from '../app/order-no'
import { orderLink, PagedTable } from './payments-shared'

/** The money desk's payment inbox (its own chunk, loaded when the view is chosen). */
export function InboxView({ market, day }: { market: Market; day: string }) {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const [params, setFilter] = useAddressFilter()
  const state = (params.get('state') ?? undefined) as 'pending' | 'applied' | 'failed' | undefined
  const cursor = params.get('cursor') ? Number(params.get('cursor')) : undefined
  const query = useQuery({
    queryKey: ['ops', 'payments', 'inbox', market, day, state, cursor],
    queryFn: ({ signal }) => callApi(paymentsInbox, { query: { market, day, state, cursor, limit: 50 } }, { signal }),
  })
  type Row = DataOf<typeof paymentsInbox>['rows'][number]
  return (
    <>
      <Select
        aria-label={t('payments.state')}
        allowClear
        placeholder={t('payments.state')}
        value={state}
        onChange={(v) => setFilter('state', v)}
        style={{ width: 220, marginBottom: 12 }}
        options={(['pending', 'applied', 'failed'] as const).map((s) => ({ value: s, label: t(`payments.states.${s}`) }))}
      />
      <PagedTable<Row>
        query={query}
        rowKey={(r) => String(r.id)}
        width={1000}
        columns={[
          { key: 'paidAt', title: t('payments.paidAt'), render: (_, r) => formatDateTime(r.paidAt, market) },
          { key: 'order', ...ORDER_NO_COLUMN, title: t('orders.orderNo'), render: (_, r) => orderLink(r.orderNo, market) },
          { key: 'amount', title: t('orders.amount'), render: (_, r) => formatMoney(r.amount, market) },
          { key: 'method', title: t('orders.method'), dataIndex: 'method' },
          { key: 'state', title: t('payments.state'), render: (_, r) => <Tag color={r.state === 'failed' ? 'red' : r.state === 'pending' ? 'gold' : 'green'}>{t(`payments.states.${r.state}`)}</Tag> },
          { key: 'attempts', title: t('payments.attempts'), dataIndex: 'attempts' },
          { key: 'error', title: t('payments.lastError'), render: (_, r) => r.lastError ?? '—' },
          { key: 'next', title: t('payments.nextTry'), render: (_, r) => (r.nextAttemptAt ? formatDateTime(r.nextAttemptAt, market) : '—') },
        ]}
      />
    </>
  )
}
