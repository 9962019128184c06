import { orderAdjustments } from '@kilat/contract'
import { useQuery } from '@tanstack/react-query'
import { Table, Tag } from 'antd'
import { formatDateTime, formatMoney } from '../../shared/format'
import { useApi } from '../../shared/api'
import { useOpsText } from '../app/i18n'
import { Panel } from '../app/panel'
import { kindName } from './adjustment-texts'
import { Who } from './who'

/** The order screen's waivers and refunds (docs/product/waivers-and-refunds.md#the-console): each with who asked, who confirmed and when. */
export function AdjustmentsSection({ orderNo }: { orderNo: string }) {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const list = useQuery({
    queryKey: ['ops', 'adjustments', 'order', orderNo],
    queryFn: ({ signal }) => callApi(orderAdjustments, { query: { orderNo } }, { signal }),
  })
  const rows = list.data?.adjustments ?? []
  return (
    <Panel title={t('adjustments.section')}>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        loading={list.isPending}
        dataSource={rows}
        locale={{ emptyText: t('adjustments.none') }}
        columns={[
          { key: 'what', title: t('adjustments.what'), render: (_, a) => kindName(t, a) },
          { key: 'amount', title: t('adjustments.amount'), width: 150, render: (_, a) => formatMoney(a.amount, a.market) },
          { key: 'status', title: t('adjustments.status'), width: 170, render: (_, a) => <Tag color={a.status === 'pending' ? 'gold' : a.status === 'confirmed' ? 'green' : 'default'}>{t(`adjustments.statuses.${a.status}`)}</Tag> },
          { key: 'by', title: t('adjustments.requestedBy'), render: (_, a) => (a.requestedBy === null ? '—' : <Who email={a.requestedByEmail ?? `#${a.requestedBy}`} at={formatDateTime(a.requestedAt, a.market)} />) },
          { key: 'decided', title: t('adjustments.decidedBy'), render: (_, a) => (a.decidedAt ? <Who email={a.decidedByEmail ?? '—'} at={formatDateTime(a.decidedAt, a.market)} /> : '') },
          { key: 'note', title: t('adjustments.note'), dataIndex: 'note', ellipsis: true },
        ]}
      />
    </Panel>
  )
}
