import { auditSearch, staffList, type DataOf, type QueryOf } from '@kilat/contract'
import { useQuery } from '@tanstack/react-query'
import { Button, Flex, Form, Input, Select, Table } from 'antd'
import { useSearchParams } from '../../shared/router'
import { formatDateTime } from '../../shared/format'
import { useApi } from '../../shared/api'
import { useOpsText } from '../app/i18n'
import { useOpsMarket } from '../app/session'
import { LoadFailure } from '../app/states'

type Entry = DataOf<typeof auditSearch>['entries'][number]
type Search = QueryOf<typeof auditSearch>

/** The filters the address may carry; `before` is the key of the page (the last row's id of the one before). */
const FILTERS = ['staffId', 'recordType', 'recordId', 'from', 'to'] as const

/** The search the address describes (docs/product/operations.md#audit-trail). */
export function searchOf(params: URLSearchParams): Search {
  const search: Record<string, string> = {}
  for (const key of [...FILTERS, 'before'] as const) {
    const value = params.get(key)
    if (value) search[key] = value
  }
  return search as Search
}

interface FilterForm {
  staffId?: number
  recordType?: string
  recordId?: string
  /** yyyy-mm-dd of the browser's date inputs: the first and last day, whole days in the staff member's time zone. */
  fromDay?: string
  toDay?: string
}

/** The day of an instant, as a date input shows it (the staff member's time zone). */
function dayOf(iso: string | undefined): string | undefined {
  if (!iso) return undefined
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return undefined
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value, null, 2))

/** The admin's audit search: by staff member, record and dates, newest first, paged by key; all in the address. */
export function AuditPage() {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const [market] = useOpsMarket()
  const [params, setParams] = useSearchParams()
  const search = searchOf(params)
  const [form] = Form.useForm<FilterForm>()
  const entries = useQuery({
    queryKey: ['ops', 'audit', search],
    queryFn: ({ signal }) => callApi(auditSearch, { query: search }, { signal }),
  })
  const staff = useQuery({ queryKey: ['ops', 'staff', 'accounts'], queryFn: ({ signal }) => callApi(staffList, {}, { signal }) })
  const emailOf = new Map((staff.data?.accounts ?? []).map((a) => [a.id, a.email]))

  const apply = (values: FilterForm) => {
    const next = new URLSearchParams({ market })
    if (values.staffId) next.set('staffId', String(values.staffId))
    if (values.recordType?.trim()) next.set('recordType', values.recordType.trim())
    if (values.recordId?.trim()) next.set('recordId', values.recordId.trim())
    // Local midnight to the last millisecond of the last day, sent as instants.
    if (values.fromDay) next.set('from', new Date(`${values.fromDay}T00:00:00`).toISOString())
    if (values.toDay) next.set('to', new Date(`${values.toDay}T23:59:59.999`).toISOString())
    setParams(next)
  }
  const page = (before: number | null) => {
    const next = new URLSearchParams(params)
    if (before === null) next.delete('before')
    else next.set('before', String(before))
    setParams(next)
  }

  return (
    <>
      <h1 className="ops-title">
        {t('audit.title')}
      </h1>
      <Form
        form={form}
        layout="inline"
        className="ops-filters"
        onFinish={apply}
        name="audit-filters"
        initialValues={{
          staffId: search.staffId ? Number(search.staffId) : undefined,
          recordType: search.recordType,
          recordId: search.recordId,
          fromDay: dayOf(search.from),
          toDay: dayOf(search.to),
        }}
      >
        <Form.Item name="staffId" label={t('audit.staffMember')}>
          <Select
            allowClear
            placeholder={t('audit.anyone')}
            style={{ minWidth: 220 }}
            options={(staff.data?.accounts ?? []).map((a) => ({ value: a.id, label: a.email }))}
          />
        </Form.Item>
        <Form.Item name="recordType" label={t('audit.recordType')}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="recordId" label={t('audit.recordId')}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="fromDay" label={t('audit.fromDay')}>
          <Input type="date" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="toDay" label={t('audit.toDay')}>
          <Input type="date" style={{ width: 160 }} />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit">
            {t('audit.search')}
          </Button>
          <Button
            onClick={() => {
              form.setFieldsValue({ staffId: undefined, recordType: undefined, recordId: undefined, fromDay: undefined, toDay: undefined })
              setParams({ market })
            }}
          >
            {t('audit.clear')}
          </Button>
        </Flex>
      </Form>
      {entries.isError ? (
        <LoadFailure error={entries.error} retry={() => void entries.refetch()} />
      ) : (
        <>
          <Table<Entry>
            rowKey="id"
            loading={entries.isPending}
            dataSource={entries.data?.entries}
            pagination={false}
            locale={{ emptyText: t('audit.none') }}
            scroll={{ x: 900 }}
            expandable={{
              rowExpandable: (entry) => entry.before != null || entry.after != null,
              expandedRowRender: (entry) => (
                <Flex gap={24} wrap>
                  <div>
                    <strong>{t('audit.before')}</strong>
                    <pre>{json(entry.before)}</pre>
                  </div>
                  <div>
                    <strong>{t('audit.after')}</strong>
                    <pre>{json(entry.after)}</pre>
                  </div>
                </Flex>
              ),
            }}
            columns={[
              { key: 'at', title: t('audit.at'), dataIndex: 'at', render: (at: string) => formatDateTime(at, market) },
              {
                key: 'who',
                title: t('audit.who'),
                render: (_, entry) => (entry.staffId === null ? t('audit.system') : `${emailOf.get(entry.staffId) ?? `#${entry.staffId}`}${entry.role ? ` (${entry.role})` : ''}`),
              },
              { key: 'action', title: t('audit.action'), dataIndex: 'action' },
              { key: 'record', title: t('audit.record'), render: (_, entry) => `${entry.recordType} ${entry.recordId}` },
              { key: 'ip', title: t('audit.address'), dataIndex: 'ip' },
            ]}
          />
          <Flex gap={8} style={{ marginTop: 16 }}>
            <Button disabled={!search.before} onClick={() => page(null)}>
              {t('audit.firstPage')}
            </Button>
            <Button disabled={!entries.data?.nextBefore} onClick={() => page(entries.data?.nextBefore ?? null)}>
              {t('audit.nextPage')}
            </Button>
          </Flex>
        </>
      )}
    </>
  )
}
