import {
  exportLedger,
  exportReconciliation,
  paymentsCallbacks,
  paymentsInbox,
  paymentsLedger,
  reconCloseDay,
  reconDay,
  reconDifferences,
  reconRun,
  resolutionCancel,
  resolutionConfirm,
  resolutionPropose,
  type DataOf,
  type DifferenceView,
} from '@kilat/contract'
import { addDays, localDate, type Market, type ReconResolutionKind } from '@kilat/domain'
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query'
import { Button, Descriptions, Flex, Input, Modal, Popconfirm, Segmented, Select, Space, Table, Tag, type TableColumnsType } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router'
import { formatDateTime, formatMoney } from '../../shared/format'
import { useApi } from '../../shared/api'
import { useNotices } from '../app/ops-app'
import { useOpsText, type OpsT } from '../app/i18n'
import { KeyPager, useAddressFilter } from '../app/paging'
import { Panel } from '../app/panel'
import { useOpsMarket, useStaff } from '../app/session'
import { LoadFailure } from '../app/states'

/**
 * The money desk (docs/product/operations.md#money-desk): one market's local day at a time, its
 * reconciliation with the gateway's report (differences, resolutions with four eyes, the close),
 * the payment inbox, the callbacks as received and the ledger. Market, day, view, filters and page
 * are in the address, so a link opens the same view.
 */

const VIEWS = ['reconciliation', 'inbox', 'callbacks', 'ledger'] as const
type View = (typeof VIEWS)[number]
/** The ledger's parts (the server's `component`), each named in the console's texts. */
type LedgerComponent = 'late_charge' | 'fee' | 'interest' | 'principal' | 'extension_fee' | 'overpayment'

const orderLink = (orderNo: string | null, market: Market) => (orderNo ? <Link to={`/ops/orders/${orderNo}?market=${market}`}>{orderNo}</Link> : '—')

function PagedTable<T extends object>({ query, columns, rowKey, width }: { query: UseQueryResult<{ rows: T[]; nextCursor: string | null }>; columns: TableColumnsType<T>; rowKey: (row: T) => string; width: number }) {
  const { t } = useOpsText()
  if (query.isError) return <LoadFailure error={query.error} retry={() => void query.refetch()} />
  return (
    <>
      <Table<T> rowKey={rowKey} size="small" loading={query.isPending} dataSource={query.data?.rows} pagination={false} locale={{ emptyText: t('list.empty') }} scroll={{ x: width }} columns={columns} />
      <KeyPager next={query.data?.nextCursor} />
    </>
  )
}

export function PaymentsPage() {
  const { t } = useOpsText()
  const [market] = useOpsMarket()
  const [params, setFilter] = useAddressFilter()
  const yesterday = addDays(localDate(new Date(), market), -1)
  const askedDay = params.get('day')
  const day = askedDay && /^\d{4}-\d{2}-\d{2}$/.test(askedDay) ? askedDay : yesterday
  const askedView = params.get('view') as View | null
  const view: View = askedView && VIEWS.includes(askedView) ? askedView : 'reconciliation'
  return (
    <>
      <h1 className="ops-title">{t('menu.payments')}</h1>
      <Flex gap={16} align="center" wrap style={{ marginBottom: 16 }}>
        <label>
          {t('payments.day')}{' '}
          <Input type="date" value={day} max={localDate(new Date(), market)} onChange={(e) => setFilter('day', e.target.value || undefined)} style={{ width: 170 }} aria-label={t('payments.day')} />
        </label>
        <Segmented<View> value={view} onChange={(v) => setFilter('view', v === 'reconciliation' ? undefined : v)} options={VIEWS.map((v) => ({ value: v, label: t(`payments.views.${v}`) }))} />
      </Flex>
      {view === 'reconciliation' && <ReconciliationView market={market} day={day} />}
      {view === 'inbox' && <InboxView market={market} day={day} />}
      {view === 'callbacks' && <CallbacksView market={market} day={day} />}
      {view === 'ledger' && <LedgerView market={market} day={day} />}
    </>
  )
}

function InboxView({ market, day }: { market: Market; day: string }) {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const [params, setFilter] = useAddressFilter()
  const state = (params.get('state') ?? undefined) as 'pending' | 'applied' | 'failed' | undefined
  const cursor = params.get('cursor') ? Number(params.get('cursor')) : undefined
  const query = useQuery({
    queryKey: ['ops', 'payments', 'inbox', market, day, state, cursor],
    queryFn: ({ signal }) => callApi(paymentsInbox, { query: { market, day, state, cursor, limit: 50 } }, { signal, toast: false }),
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
          { key: 'order', title: t('orders.orderNo'), render: (_, r) => orderLink(r.orderNo, market) },
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

function CallbacksView({ market, day }: { market: Market; day: string }) {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const [params, setFilter] = useAddressFilter()
  const matched = (params.get('matched') ?? undefined) as 'yes' | 'no' | undefined
  const cursor = params.get('cursor') ?? undefined
  const query = useQuery({
    queryKey: ['ops', 'payments', 'callbacks', market, day, matched, cursor],
    queryFn: ({ signal }) => callApi(paymentsCallbacks, { query: { market, day, matched, cursor, limit: 50 } }, { signal, toast: false }),
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
          { key: 'order', title: t('orders.orderNo'), render: (_, r) => orderLink(r.orderNo, market) },
          { key: 'amount', title: t('orders.amount'), render: (_, r) => formatMoney(r.amount, market) },
          { key: 'body', title: t('payments.body'), width: 320, render: (_, r) => <code className="ops-code">{r.body}</code> },
        ]}
      />
    </>
  )
}

function LedgerView({ market, day }: { market: Market; day: string }) {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const [params] = useAddressFilter()
  const cursor = params.get('cursor') ? Number(params.get('cursor')) : undefined
  const query = useQuery({
    queryKey: ['ops', 'payments', 'ledger', market, day, cursor],
    queryFn: ({ signal }) => callApi(paymentsLedger, { query: { market, day, cursor, limit: 50 } }, { signal, toast: false }),
  })
  type Row = DataOf<typeof paymentsLedger>['rows'][number]
  return (
    <PagedTable<Row>
      query={query}
      rowKey={(r) => String(r.id)}
      width={1000}
      columns={[
        { key: 'at', title: t('payments.bookedAt'), render: (_, r) => formatDateTime(r.at, market) },
        { key: 'order', title: t('orders.orderNo'), render: (_, r) => orderLink(r.orderNo, market) },
        { key: 'component', title: t('payments.component'), render: (_, r) => t(`payments.components.${r.component as LedgerComponent}`) },
        { key: 'period', title: t('payments.period'), render: (_, r) => r.periodNo ?? '—' },
        { key: 'amount', title: t('orders.amount'), render: (_, r) => formatMoney(r.amount, market) },
        { key: 'payment', title: t('payments.paymentRef'), dataIndex: 'gatewayPaymentId' },
      ]}
    />
  )
}

/** What confirming a resolution will do, said before the button (docs/product/operations.md#resolutions). */
function consequence(t: OpsT, d: DifferenceView, kind: ReconResolutionKind, orderNo: string | null, market: Market): string {
  const amount = formatMoney(d.amount, market)
  if (kind === 'apply_to_order') return t('payments.will.apply', { amount, orderNo: orderNo ?? '—' })
  if (kind === 'refund') return t('payments.will.refund', { amount })
  return t('payments.will.gatewayError')
}

function ReconciliationView({ market, day }: { market: Market; day: string }) {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const { message } = useNotices()
  const queryClient = useQueryClient()
  const staff = useStaff()
  const [params, setFilter] = useAddressFilter()
  const status = (params.get('status') ?? 'open') as 'open' | 'done' | 'all'
  const cursor = params.get('cursor') ? Number(params.get('cursor')) : undefined
  const [from, setFrom] = useState(day)
  const [to, setTo] = useState(day)
  const summary = useQuery({
    queryKey: ['ops', 'payments', 'day', market, day],
    queryFn: ({ signal }) => callApi(reconDay, { query: { market, day } }, { signal, toast: false }),
  })
  const list = useQuery({
    queryKey: ['ops', 'payments', 'differences', market, day, status, cursor],
    queryFn: ({ signal }) => callApi(reconDifferences, { query: { market, day, status: status === 'all' ? undefined : status, cursor, limit: 50 } }, { signal, toast: false }),
  })
  const settle = () => void queryClient.invalidateQueries({ queryKey: ['ops', 'payments'] })
  const onError = (error: Error) => {
    void message.error(error.message || t('app.failed'))
    settle()
  }
  const run = useMutation({
    mutationFn: () => callApi(reconRun, { body: { market, day } }, { toast: false }),
    onSuccess: (r) => {
      void message.success(t('payments.reconciled', { count: r.added }))
      settle()
    },
    onError,
  })
  const close = useMutation({
    mutationFn: () => callApi(reconCloseDay, { body: { market, day } }, { toast: false }),
    onSuccess: () => {
      void message.success(t('payments.closed'))
      settle()
    },
    onError,
  })
  const confirm = useMutation({
    mutationFn: (resolutionId: number) => callApi(resolutionConfirm, { body: { resolutionId } }, { toast: false }),
    onSuccess: () => {
      void message.success(t('payments.confirmedResolution'))
      settle()
    },
    onError,
  })
  const cancel = useMutation({
    mutationFn: (resolutionId: number) => callApi(resolutionCancel, { body: { resolutionId } }, { toast: false }),
    onSuccess: settle,
    onError,
  })
  const [resolving, setResolving] = useState<DifferenceView | null>(null)

  const d = summary.data?.day
  const money = (v: number) => formatMoney(v, market)
  const exportHref = (path: string) => `${path}?${new URLSearchParams({ market, from, to }).toString()}`
  return (
    <>
      <Panel
        title={t('payments.dayTitle', { day })}
        extra={
          <Space>
            <Button onClick={() => run.mutate()} loading={run.isPending} disabled={Boolean(d?.closedAt)}>
              {t('payments.reconcile')}
            </Button>
            <Popconfirm title={t('payments.closeConfirm', { day })} onConfirm={() => close.mutate()} okText={t('payments.close')} cancelText={t('staff.cancel')}>
              <Button type="primary" disabled={!d?.canClose}>
                {t('payments.close')}
              </Button>
            </Popconfirm>
          </Space>
        }
      >
        {summary.isError ? (
          <LoadFailure error={summary.error} retry={() => void summary.refetch()} />
        ) : (
          <Descriptions bordered size="small" column={3}>
            <Descriptions.Item label={t('payments.report')}>
              {d?.report ? t('payments.reportLine', { count: d.report.lineCount, total: money(d.report.total), fee: money(d.report.feeTotal) }) : t('payments.noReport')}
            </Descriptions.Item>
            <Descriptions.Item label={t('payments.ours')}>{d ? t('payments.oursLine', { count: d.ours.count, total: money(d.ours.total) }) : ''}</Descriptions.Item>
            <Descriptions.Item label={t('payments.dayStatus')}>
              {!d ? '' : d.closedAt ? (
                <Tag color="green">{t('payments.closedBy', { email: d.closedByEmail ?? '—', at: formatDateTime(d.closedAt, market) })}</Tag>
              ) : d.reconciledAt ? (
                d.counts.open === 0 ? (
                  <Tag color="blue">{t('payments.reconciledNothingOpen')}</Tag>
                ) : (
                  <Tag color="gold">{t('payments.openCount', { count: d.counts.open })}</Tag>
                )
              ) : (
                <Tag>{t('payments.notReconciled')}</Tag>
              )}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Panel>
      <Flex gap={12} align="center" wrap style={{ margin: '16px 0 12px' }}>
        <Segmented<'open' | 'done' | 'all'>
          value={status}
          onChange={(v) => setFilter('status', v === 'open' ? undefined : v)}
          options={(['open', 'done', 'all'] as const).map((s) => ({ value: s, label: t(`payments.filter.${s}`) }))}
        />
        <span style={{ marginLeft: 'auto' }}>{t('payments.exportRange')}</span>
        <Input type="date" value={from} onChange={(e) => setFrom(e.target.value)} style={{ width: 160 }} aria-label={t('payments.from')} />
        <Input type="date" value={to} onChange={(e) => setTo(e.target.value)} style={{ width: 160 }} aria-label={t('payments.to')} />
        <Button href={exportHref(exportLedger.path)}>{t('payments.exportLedger')}</Button>
        <Button href={exportHref(exportReconciliation.path)}>{t('payments.exportRecon')}</Button>
      </Flex>
      <PagedTable<DifferenceView>
        query={list}
        rowKey={(r) => String(r.id)}
        width={1000}
        columns={[
          { key: 'kind', title: t('payments.kind'), render: (_, r) => t(`payments.kinds.${r.kind}`), width: 190 },
          {
            key: 'amount',
            title: t('orders.amount'),
            width: 150,
            render: (_, r) => (
              <span>
                {money(r.amount)}
                <div className="ops-small">{formatDateTime(r.paidAt, market)}</div>
              </span>
            ),
          },
          {
            key: 'figures',
            title: t('payments.expectedActual'),
            width: 170,
            render: (_, r) => (r.expected === null && r.actual === null ? '—' : `${r.expected === null ? '—' : money(r.expected)} → ${r.actual === null ? '—' : money(r.actual)}`),
          },
          {
            key: 'order',
            title: t('orders.orderNo'),
            width: 170,
            // an unknown account's money names its order once a resolution applies it
            render: (_, r) => orderLink(r.orderNo ?? (r.resolution?.kind === 'apply_to_order' && r.resolution.status !== 'cancelled' ? r.resolution.orderNo : null), market),
          },
          {
            key: 'status',
            title: t('orders.status'),
            render: (_, r) => (
              <span>
                <Tag color={r.status === 'open' ? 'gold' : 'green'}>{t(`payments.diffStatus.${r.status}`)}</Tag>
                {r.resolution && r.resolution.status !== 'cancelled' && (
                  <div className="ops-small">
                    {t(`payments.resolutionKinds.${r.resolution.kind}`)} · {t(`payments.resolutionStatus.${r.resolution.status}`)} · {r.resolution.proposedByEmail ?? `#${r.resolution.proposedBy}`}
                  </div>
                )}
              </span>
            ),
          },
          {
            key: 'actions',
            title: t('staff.actions'),
            fixed: 'right',
            width: 170,
            render: (_, r) => {
              const pending = r.resolution?.status === 'pending' ? r.resolution : null
              if (pending) {
                return (
                  <Space>
                    <Popconfirm
                      title={consequence(t, r, pending.kind, pending.orderNo, market)}
                      onConfirm={() => confirm.mutate(pending.id)}
                      okText={t('payments.confirm')}
                      cancelText={t('staff.cancel')}
                    >
                      <Button type="primary" size="small" disabled={pending.proposedBy === staff.id} aria-label={`${t('payments.confirm')} ${r.gatewayPaymentId}`}>
                        {t('payments.confirm')}
                      </Button>
                    </Popconfirm>
                    <Button size="small" onClick={() => cancel.mutate(pending.id)}>
                      {t('payments.withdraw')}
                    </Button>
                  </Space>
                )
              }
              if (r.status !== 'open') return null
              return (
                <Button size="small" onClick={() => setResolving(r)} aria-label={`${t('payments.resolve')} ${r.gatewayPaymentId}`}>
                  {t('payments.resolve')}
                </Button>
              )
            },
          },
        ]}
      />
      {resolving && <ResolveDialog difference={resolving} market={market} onClose={() => setResolving(null)} onDone={settle} />}
    </>
  )
}

function ResolveDialog({ difference, market, onClose, onDone }: { difference: DifferenceView; market: Market; onClose: () => void; onDone: () => void }) {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const { message } = useNotices()
  const [kind, setKind] = useState<ReconResolutionKind>(difference.allowed[0]!)
  const [orderNo, setOrderNo] = useState(difference.orderNo ?? '')
  const [note, setNote] = useState('')
  const propose = useMutation({
    mutationFn: () =>
      callApi(
        resolutionPropose,
        { body: { differenceId: difference.id, kind, note, ...(kind === 'apply_to_order' && orderNo.trim() ? { orderNo: orderNo.trim() } : {}) } },
        { toast: false },
      ),
    onSuccess: () => {
      void message.success(t('payments.proposed'))
      onDone()
      onClose()
    },
    onError: (error: Error) => void message.error(error.message || t('app.failed')),
  })
  return (
    <Modal open title={t('payments.resolveTitle', { kind: t(`payments.kinds.${difference.kind}`) })} onCancel={onClose} onOk={() => propose.mutate()} okText={t('payments.propose')} cancelText={t('staff.cancel')} confirmLoading={propose.isPending}>
      <Flex vertical gap={12}>
        <span>
          {formatMoney(difference.amount, market)} · {difference.accountNo} · {formatDateTime(difference.paidAt, market)}
        </span>
        <label>
          {t('payments.resolution')}
          <Select<ReconResolutionKind> value={kind} onChange={setKind} style={{ width: '100%' }} aria-label={t('payments.resolution')} options={difference.allowed.map((k) => ({ value: k, label: t(`payments.resolutionKinds.${k}`) }))} />
        </label>
        {kind === 'apply_to_order' && (
          <label>
            {t('orders.orderNo')}
            <Input value={orderNo} onChange={(e) => setOrderNo(e.target.value)} aria-label={t('orders.orderNo')} maxLength={32} />
          </label>
        )}
        <label>
          {t('payments.note')}
          <Input.TextArea value={note} onChange={(e) => setNote(e.target.value)} aria-label={t('payments.note')} maxLength={500} rows={3} />
        </label>
        <p className="ops-small">{consequence(t, difference, kind, orderNo || null, market)} {t('payments.fourEyes')}</p>
      </Flex>
    </Modal>
  )
}
