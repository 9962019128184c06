import { exportLedger, exportReconciliation, reconCloseDay, reconDay, reconDifferences, reconRun, resolutionCancel, resolutionConfirm, type DifferenceView } from '@kilat/contract'
import { addDays, localDate, type Market } from '@kilat/domain'
import { useQuery } from '@tanstack/react-query'
import { Button, Descriptions, Flex, Input, Popconfirm, Segmented, Space, Tag } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { formatDateTime, formatMoney } from '../../shared/format'
import { useApi } from '../../shared/api'
import { FourEyesActions, useFourEyes } from '../app/four-eyes'
import { useOpsText } from '../app/i18n'
import { useOpsMutation } from '../app/mutation'
import { ORDER_NO_COLUMN } from '../app/order-no'
import { useAddressFilter } from '../app/paging'
import { Panel } from '../app/panel'
import { useOpsMarket } from '../app/session'
import { Loading, LoadFailure } from '../app/states'
import { consequence, orderLink, PagedTable, PAYMENTS_KEY } from './payments-shared'

/**
 * The money desk (docs/product/operations.md#money-desk): one market's local day at a time, its
 * reconciliation with the gateway's report (differences, resolutions with four eyes, the close),
 * the payment inbox, the callbacks as received and the ledger. Market, day, view, filters and page
 * are in the address, so a link opens the same view.
 */
const VIEWS = ['reconciliation', 'inbox', 'callbacks', 'ledger'] as const
type View = (typeof VIEWS)[number]

// The day's reconciliation is the view that opens; the others, and the resolution dialog, are
// their own chunks, loaded when chosen.
const InboxView = lazy(async () => ({ default: (await import('./inbox-view')).InboxView }))
const CallbacksView = lazy(async () => ({ default: (await import('./callbacks-view')).CallbacksView }))
const LedgerView = lazy(async () => ({ default: (await import('./ledger-view')).LedgerView }))
const ResolveDialog = lazy(async () => ({ default: (await import('./resolve-dialog')).ResolveDialog }))

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
      <Suspense fallback={<Loading />}>
        {view === 'inbox' && <InboxView market={market} day={day} />}
        {view === 'callbacks' && <CallbacksView market={market} day={day} />}
        {view === 'ledger' && <LedgerView market={market} day={day} />}
      </Suspense>
    </>
  )
}

function ReconciliationView({ market, day }: { market: Market; day: string }) {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const [params, setFilter] = useAddressFilter()
  const status = (params.get('status') ?? 'open') as 'open' | 'done' | 'all'
  const cursor = params.get('cursor') ? Number(params.get('cursor')) : undefined
  const [from, setFrom] = useState(day)
  const [to, setTo] = useState(day)
  const summary = useQuery({
    queryKey: ['ops', 'payments', 'day', market, day],
    queryFn: ({ signal }) => callApi(reconDay, { query: { market, day } }, { signal }),
  })
  const list = useQuery({
    queryKey: ['ops', 'payments', 'differences', market, day, status, cursor],
    queryFn: ({ signal }) => callApi(reconDifferences, { query: { market, day, status: status === 'all' ? undefined : status, cursor, limit: 50 } }, { signal }),
  })
  const refresh = [PAYMENTS_KEY]
  const run = useOpsMutation({
    mutationFn: (_: void, call) => call(reconRun, { body: { market, day } }),
    success: (r) => t('payments.reconciled', { count: r.added }),
    refresh,
  })
  const close = useOpsMutation({ mutationFn: (_: void, call) => call(reconCloseDay, { body: { market, day } }), success: t('payments.closed'), refresh })
  const resolutions = useFourEyes<number>({
    confirm: (requestId, call) => call(resolutionConfirm, { body: { requestId } }),
    withdraw: (requestId, call) => call(resolutionCancel, { body: { requestId } }),
    confirmed: t('payments.confirmedResolution'),
    refresh,
    sameMember: t('payments.fourEyes'),
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
            ...ORDER_NO_COLUMN,
            title: t('orders.orderNo'),
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
                    {t(`payments.resolutionKinds.${r.resolution.kind}`)} · {t(`payments.resolutionStatus.${r.resolution.status}`)} · {r.resolution.requestedByEmail ?? `#${r.resolution.requestedBy}`}
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
                  <FourEyesActions
                    flow={resolutions}
                    id={pending.id}
                    maker={pending.requestedBy}
                    expiresAt={pending.expiresAt}
                    subject={r.gatewayPaymentId}
                    confirmLabel={t('payments.confirm')}
                    confirmQuestion={consequence(t, r, pending.kind, pending.orderNo, market)}
                    withdrawLabel={t('payments.withdraw')}
                  />
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
      <Suspense fallback={null}>{resolving && <ResolveDialog difference={resolving} market={market} onClose={() => setResolving(null)} />}</Suspense>
    </>
  )
}
