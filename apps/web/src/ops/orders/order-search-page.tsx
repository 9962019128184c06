import { orderSearch, type OpsOrderSummary } from '@kilat/contract'
import { useQuery } from '@tanstack/react-query'
import { Input, Table } from 'antd'
import { useApi } from '../../shared/api'
import { useOpsText } from '../app/i18n'
import { useAddressFilter } from '../app/paging'
import { useOpsMarket } from '../app/session'
import { LoadFailure } from '../app/states'
import { orderColumns } from './order-columns'

/** Order search by order number or phone (exact), the search in the address. */
export function OrderSearchPage() {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const [market] = useOpsMarket()
  const [params, setFilter] = useAddressFilter()
  const q = params.get('q')?.trim() ?? ''
  const found = useQuery({
    queryKey: ['ops', 'orders', 'search', market, q],
    queryFn: ({ signal }) => callApi(orderSearch, { query: { q, market } }, { signal }),
    enabled: q.length > 0,
  })
  return (
    <>
      <h1 className="ops-title">
        {t('menu.orders')}
      </h1>
      <Input.Search
        className="ops-filters"
        aria-label={t('orders.searchLabel')}
        placeholder={t('orders.searchLabel')}
        defaultValue={q}
        enterButton={t('audit.search')}
        maxLength={32}
        onSearch={(value) => setFilter('q', value.trim() || undefined)}
        style={{ maxWidth: 480 }}
      />
      {found.isError ? (
        <LoadFailure error={found.error} retry={() => void found.refetch()} />
      ) : q ? (
        <Table<OpsOrderSummary>
          rowKey="orderNo"
          size="medium"
          loading={found.isPending}
          dataSource={found.data?.orders}
          pagination={false}
          locale={{ emptyText: t('orders.noneFound') }}
          scroll={{ x: 940 }}
          columns={orderColumns<OpsOrderSummary>(t, market)}
        />
      ) : null}
    </>
  )
}
