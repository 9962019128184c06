import { COMPLAINT_STATUSES, complaintQueue, type ComplaintQueueRow, type QueryOf } from '@kilat/contract'
import { useQuery } from '@tanstack/react-query'
import { Flex, Select, Table, Tag } from 'antd'
import { Link } from '../../shared/router'
import { formatDateTime } from '../../shared/format'
import { useApi } from '../../shared/api'
import { useOpsText } from '../app/i18n'
import { KeyPager, useAddressFilter } from '../app/paging'
import { useOpsMarket } from '../app/session'
import { LoadFailure } from '../app/states'
import { DeadlineTag } from './deadline'

type Query = QueryOf<typeof complaintQueue>

const DUE = ['today', 'overdue'] as const
const ASSIGNEE = ['me', 'nobody'] as const

/**
 * The status the queue opens on: the open work, complaints waiting for our reply, most urgent (the
 * earliest reply due) first (docs/product/console-screens.md#the-complaint-queue). `all` shows every status.
 */
const OPEN_WORK = 'processing'
const ALL = 'all'

/** The queue's query from the address: status, due, assignee, problem type and the page key. */
export function queueQueryOf(params: URLSearchParams, market: string): Query {
  const query: Record<string, string> = { market }
  for (const key of ['due', 'assignee', 'problemType', 'cursor']) {
    const value = params.get(key)
    if (value) query[key] = value
  }
  const status = params.get('status') ?? OPEN_WORK
  if (status !== ALL) query.status = status
  return query as Query
}

/** The complaint desk's queue (agent, admin): open work first, by reply-due date; filters and page in the address. */
export function ComplaintQueuePage() {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const [market] = useOpsMarket()
  const [params, setFilter] = useAddressFilter()
  const query = queueQueryOf(params, market)
  const queue = useQuery({
    queryKey: ['ops', 'complaints', 'queue', query],
    queryFn: ({ signal }) => callApi(complaintQueue, { query }, { signal }),
  })

  const filter = (key: string, label: string, values: readonly string[], text: (v: string) => string) => (
    <Select
      allowClear
      aria-label={label}
      placeholder={label}
      style={{ minWidth: 160 }}
      value={params.get(key) ?? undefined}
      onChange={(value?: string) => setFilter(key, value)}
      options={values.map((value) => ({ value, label: text(value) }))}
    />
  )
  const statusText = (v: string) => (v === ALL ? t('first.allStatuses') : t(`complaints.statuses.${v as 'processing'}`))

  return (
    <>
      <h1 className="ops-title">
        {t('complaints.title')}
      </h1>
      <Flex gap={8} wrap className="ops-filters">
        <Select
          aria-label={t('complaints.status')}
          style={{ minWidth: 200 }}
          value={params.get('status') ?? OPEN_WORK}
          onChange={(value: string) => setFilter('status', value)}
          options={[...COMPLAINT_STATUSES, ALL].map((value) => ({ value, label: statusText(value) }))}
        />
        {filter('due', t('complaints.due'), DUE, (v) => t(`complaints.dueFilter.${v as 'today'}`))}
        {filter('assignee', t('complaints.assignee'), ASSIGNEE, (v) => t(`complaints.assigneeFilter.${v as 'me'}`))}
      </Flex>
      {queue.isError ? (
        <LoadFailure error={queue.error} retry={() => void queue.refetch()} />
      ) : (
        <>
          <Table<ComplaintQueueRow>
            rowKey="id"
            loading={queue.isPending}
            dataSource={queue.data?.rows}
            pagination={false}
            locale={{ emptyText: t('list.empty') }}
            scroll={{ x: 1000 }}
            columns={[
              {
                key: 'id',
                title: t('complaints.number'),
                render: (_, row) => <Link to={`/ops/complaints/${row.id}?market=${market}`}>#{row.id}</Link>,
              },
              { key: 'type', title: t('complaints.problemType'), dataIndex: 'problemTypeName' },
              {
                key: 'status',
                title: t('complaints.status'),
                render: (_, row) => (
                  <Tag color={row.status === 'processing' ? 'blue' : row.status === 'replied' ? 'green' : 'default'}>
                    {t(`complaints.statuses.${row.status}`)}
                    {row.outcome ? ` · ${t(`complaints.outcomes.${row.outcome}`)}` : ''}
                  </Tag>
                ),
              },
              { key: 'reply', title: t('complaints.replyDue'), render: (_, row) => <DeadlineTag deadline={row.replyDue} closed={row.status !== 'processing'} /> },
              { key: 'regulator', title: t('complaints.regulatorDue'), render: (_, row) => <DeadlineTag deadline={row.regulatorDue} closed={row.status === 'closed'} /> },
              { key: 'assignee', title: t('complaints.assignee'), render: (_, row) => row.assignee?.email ?? t('complaints.nobody') },
              { key: 'created', title: t('complaints.created'), render: (_, row) => formatDateTime(row.createdAt, row.market) },
            ]}
          />
          <KeyPager next={queue.data?.nextCursor} />
        </>
      )}
    </>
  )
}
