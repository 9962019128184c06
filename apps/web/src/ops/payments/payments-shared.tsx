import type { DifferenceView } from '@kilat/contract'
import type { Market, ReconResolutionKind } from '@kilat/domain'
import type { UseQueryResult } from '@tanstack/react-query'
import { Table, type TableColumnsType } from 'antd'
import { formatMoney } from '../../shared/format'
import { useOpsText, type OpsT } from '../app/i18n'
import { OrderNoLink } from '../app/order-no'
import { KeyPager } from '../app/paging'
import { LoadFailure } from '../app/states'

/** What the money desk's views share: the link to an order, a table paged by key, a resolution's consequence. */

/** Every query of the money desk: asked again after any action on it. */
export const PAYMENTS_KEY = ['ops', 'payments'] as const

export const orderLink = (orderNo: string | null, market: Market) => (orderNo ? <OrderNoLink orderNo={orderNo} market={market} /> : '—')

export function PagedTable<T extends object>({ query, columns, rowKey, width }: { query: UseQueryResult<{ rows: T[]; nextCursor: string | null }>; columns: TableColumnsType<T>; rowKey: (row: T) => string; width: number }) {
  const { t } = useOpsText()
  if (query.isError) return <LoadFailure error={query.error} retry={() => void query.refetch()} />
  return (
    <>
      <Table<T> rowKey={rowKey} size="small" loading={query.isPending} dataSource={query.data?.rows} pagination={false} locale={{ emptyText: t('list.empty') }} scroll={{ x: width }} columns={columns} />
      <KeyPager next={query.data?.nextCursor} />
    </>
  )
}

/** What confirming a resolution will do, said before the button (docs/product/operations.md#resolutions). */
export function consequence(t: OpsT, d: DifferenceView, kind: ReconResolutionKind, orderNo: string | null, market: Market): string {
  const amount = formatMoney(d.amount, market)
  if (kind === 'apply_to_order') return t('payments.will.apply', { amount, orderNo: orderNo ?? '—' })
  if (kind === 'refund') return t('payments.will.refund', { amount })
  return t('payments.will.gatewayError')
}
