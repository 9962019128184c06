import { paymentsLedger, type DataOf } from '@kilat/contract'
import type { Market } from '@kilat/domain'
import { useQuery } from '@tanstack/react-query'
import { formatDateTime, formatMoney } from '../../shared/format'
import { useApi } from '../../shared/api'
import { useOpsText } from '../app/i18n'
import { useAddressFilter } from '../app/paging'
import { ORDER_NO_COLUMN } from '../app/order-no'
import { orderLink, PagedTable } from './payments-shared'

/** The ledger's parts (the server's `component`), each named in the console's texts. */
type LedgerComponent = 'late_charge' | 'fee' | 'interest' | 'principal' | 'extension_fee' | 'overpayment'

/** The money desk's ledger (its own chunk, loaded when the view is chosen). */
export function LedgerView({ market, day }: { market: Market; day: string }) {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const [params] = useAddressFilter()
  const cursor = params.get('cursor') ? Number(params.get('cursor')) : undefined
  const query = useQuery({
    queryKey: ['ops', 'payments', 'ledger', market, day, cursor],
    queryFn: ({ signal }) => callApi(paymentsLedger, { query: { market, day, cursor, limit: 50 } }, { signal }),
  })
  type Row = DataOf<typeof paymentsLedger>['rows'][number]
  return (
    <PagedTable<Row>
      query={query}
      rowKey={(r) => String(r.id)}
      width={1000}
      columns={[
        { key: 'at', title: t('payments.bookedAt'), render: (_, r) => formatDateTime(r.at, market) },
        { key: 'order', ...ORDER_NO_COLUMN, title: t('orders.orderNo'), render: (_, r) => orderLink(r.orderNo, market) },
        { key: 'component', title: t('payments.component'), render: (_, r) => t(`payments.components.${r.component as LedgerComponent}`) },
        { key: 'period', title: t('payments.period'), render: (_, r) => r.periodNo ?? '—' },
        { key: 'amount', title: t('orders.amount'), render: (_, r) => formatMoney(r.amount, market) },
        { key: 'payment', title: t('payments.paymentRef'), dataIndex: 'gatewayPaymentId' },
      ]}
    />
  )
}
