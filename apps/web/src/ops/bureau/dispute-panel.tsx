import { opsBureauOrderRecords, type ComplaintDeskDetail, type DataOf } from '@kilat/contract'
import type { Market } from '@kilat/domain'
import { useQuery } from '@tanstack/react-query'
import { Alert, Descriptions, Flex, Table } from 'antd'
import { formatCount, formatMoney } from '../../shared/format'
import { useApi } from '../../shared/api'
import { useOpsText } from '../app/i18n'
import { Panel } from '../app/panel'
import { LoadFailure, Loading } from '../app/states'
import { accountStateText, BUREAU_KEY, bureauName, periodText } from './bureau-texts'
import './bureau.css'

type ReportedRecord = DataOf<typeof opsBureauOrderRecords>['records'][number]

/**
 * A credit-report dispute on the complaint desk (docs/product/credit-reporting.md#disputes): where it
 * stands and by when, and what the bureaus were sent for the order, run by run.
 */
export function DisputePanel({ dispute, orderNo, market }: { dispute: NonNullable<ComplaintDeskDetail['dispute']>; orderNo: string; market: Market }) {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const records = useQuery({
    queryKey: [...BUREAU_KEY, 'order', orderNo],
    queryFn: ({ signal }) => callApi(opsBureauOrderRecords, { query: { orderNo } }, { signal }),
  })
  const money = (cents: number) => <span className="ops-nowrap">{formatMoney(cents, market)}</span>
  return (
    <Panel title={t('bureau.dispute.title')}>
      <Flex vertical gap={12}>
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'state', label: t('bureau.dispute.state'), children: t(`bureau.dispute.states.${dispute.state}`) },
            { key: 'due', label: t('bureau.dispute.dueOn'), children: <span className="ops-nowrap">{dispute.dueOn}</span> },
          ]}
        />
        <h3 className="ops-bureau-subheading">{t('bureau.dispute.records')}</h3>
        {records.isPending ? (
          <Loading />
        ) : records.isError ? (
          <LoadFailure error={records.error} retry={() => void records.refetch()} />
        ) : (
          <>
            {records.data.correctionPending && <Alert type="info" showIcon title={t('bureau.dispute.correctionPending')} />}
            <Table<ReportedRecord>
              rowKey="runId"
              size="small"
              pagination={false}
              dataSource={records.data.records}
              caption={<span className="ops-visually-hidden">{t('bureau.dispute.recordsCaption', { orderNo })}</span>}
              locale={{ emptyText: t('bureau.dispute.noRecords') }}
              columns={[
                { key: 'period', title: t('bureau.period'), render: (_, r) => periodText(t, r.period) },
                { key: 'state', title: t('bureau.dispute.accountState'), render: (_, r) => accountStateText(t, r.state) },
                { key: 'balance', title: t('bureau.dispute.balance'), align: 'right', render: (_, r) => money(r.balance) },
                { key: 'overdue', title: t('bureau.dispute.overdue'), align: 'right', render: (_, r) => money(r.overdue) },
                { key: 'dpd', title: t('bureau.dispute.daysPastDue'), align: 'right', render: (_, r) => formatCount(r.daysPastDue, market) },
                { key: 'correction', title: t('bureau.dispute.correction'), render: (_, r) => t(r.correction ? 'bureau.dispute.yes' : 'bureau.dispute.no') },
                {
                  key: 'sentTo',
                  title: t('bureau.dispute.sentTo'),
                  render: (_, r) => (r.sentTo.length === 0 ? t('bureau.dispute.notSentYet') : r.sentTo.map((b) => bureauName(t, b)).join(', ')),
                },
              ]}
            />
          </>
        )}
      </Flex>
    </Panel>
  )
}
