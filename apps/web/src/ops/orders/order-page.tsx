import { COMPLAINT_STATUSES, DECISION_REASON_TEXTS, REJECT_REASON_TEXTS, isDecisionReason, orderScreen, type ComplaintStatus, type DataOf, type RejectReason } from '@kilat/contract'
import type { Locale } from '@kilat/domain'
import { useQuery } from '@tanstack/react-query'
import { Descriptions, Flex, Table, Tag, Timeline } from 'antd'
import { lazy, Suspense } from 'react'
import { Link, useParams } from '../../shared/router'
import { formatDateTime, formatMoney } from '../../shared/format'
import { useApi } from '../../shared/api'
import { Panel } from '../app/panel'
import { useOpsText } from '../app/i18n'
import { useOpsMarket } from '../app/session'
import { LoadFailure, Loading } from '../app/states'
import { PAYOUT_COLORS, payoutStage } from './order-status'
import { OrderStatusName } from '../app/status-names'

type Screen = DataOf<typeof orderScreen>

const isComplaintStatus = (status: string): status is ComplaintStatus => (COMPLAINT_STATUSES as readonly string[]).includes(status)

// Their own chunks: the borrower's identity and account (with their own call), and below the fold
// the waivers and refunds (with theirs) and the payout history.
const BorrowerKycPanel = lazy(async () => ({ default: (await import('../kyc/kyc-panel')).BorrowerKycPanel }))
// how the system decided the order (instant decisions), with its own call: nothing when it did not
const DecisionPanel = lazy(async () => ({ default: (await import('../decisions/decision-panel')).DecisionPanel }))
const AdjustmentsSection = lazy(async () => ({ default: (await import('../adjustments/adjustments-section')).AdjustmentsSection }))
const ContactsSection = lazy(async () => ({ default: (await import('../collections/contacts-section')).ContactsSection }))
const PayoutHistory = lazy(async () => ({ default: (await import('./payout-history')).PayoutHistory }))

/**
 * The order screen: summary, the system's decision, the borrower's identity and payout account, timeline, schedule,
 * payments, ledger, late charges, complaints and payouts.
 */
export function OrderPage() {
  const { orderNo = '' } = useParams()
  const { t, locale } = useOpsText()
  const { callApi } = useApi()
  const [market] = useOpsMarket()
  const screen = useQuery({
    queryKey: ['ops', 'orders', 'order', orderNo],
    queryFn: ({ signal }) => callApi(orderScreen, { query: { orderNo } }, { signal }),
  })
  if (screen.isPending) return <Loading />
  if (screen.isError) return <LoadFailure error={screen.error} retry={() => void screen.refetch()} />
  const { order, borrower, timeline, schedule, payments, ledger, lateCharges, complaints, payouts, payoutEvents } = screen.data
  const money = (cents: number) => formatMoney(cents, order.market)
  // an amount in the summary is read as one piece: never broken across lines (docs/product/console-screens.md)
  const amount = (cents: number) => <span className="ops-nowrap">{money(cents)}</span>
  const at = (iso: string | null) => (iso ? formatDateTime(iso, order.market) : '')
  const small = { pagination: false as const, size: 'small' as const, locale: { emptyText: t('list.empty') } }
  // The loan's payout: what it pays is "to pay out" until it completed, then "paid out" with its date
  // (docs/product/operations.md#payout-states).
  const disbursement = payouts.find((p) => p.purpose === 'disbursement' && p.status === 'completed')
  const stage = payoutStage(order, disbursement)
  const paidOutAt = order.disbursedAt ?? disbursement?.completedAt ?? null

  return (
    <Flex vertical gap={16}>
      <h1 className="ops-title">
        {t('orders.orderTitle', { orderNo: order.orderNo })}
      </h1>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }}>
        <Descriptions.Item label={t('orders.status')}>
          <OrderStatusName status={order.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.borrower')}><span className="ops-nowrap">{order.phoneMasked}</span></Descriptions.Item>
        <Descriptions.Item label={t('orders.product')}>{order.productName}</Descriptions.Item>
        <Descriptions.Item label={t('orders.amount')}>{amount(order.amount)}</Descriptions.Item>
        <Descriptions.Item label={t(stage === 'toPayOut' ? 'orders.toPayOut' : 'orders.received')}>
          {stage === 'none' ? '—' : stage === 'paidOut' && paidOutAt ? <>{amount(order.received)} · {at(paidOutAt)}</> : amount(order.received)}
        </Descriptions.Item>
        {/* the contract's figure and what is owed today (late charges in, payments and waivers out) are two amounts, each named */}
        <Descriptions.Item label={t('orders.totalSigned')}>{amount(order.totalRepay)}</Descriptions.Item>
        <Descriptions.Item label={t('orders.owedNow')}>{amount(order.owedNow)}</Descriptions.Item>
        <Descriptions.Item label={t('orders.paid')}>{amount(order.paid)}</Descriptions.Item>
        <Descriptions.Item label={t('orders.applied')}>{at(order.appliedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('orders.disbursed')}>{stage === 'paidOut' && paidOutAt ? at(paidOutAt) : '—'}</Descriptions.Item>
        <Descriptions.Item label={t('orders.due')}>{at(order.dueAt)}</Descriptions.Item>
        <Descriptions.Item label={t('orders.record')}>
          {t('orders.recordText', { earlier: borrower.earlierOrders, repayments: borrower.repaymentsCount, sum: money(borrower.repaymentsSum), worst: borrower.worstDaysOverdue })}
        </Descriptions.Item>
      </Descriptions>
      <Suspense fallback={null}>
        <DecisionPanel orderNo={order.orderNo} market={order.market} />
      </Suspense>
      <Suspense fallback={<Loading />}>
        <BorrowerKycPanel orderNo={order.orderNo} market={order.market} />
      </Suspense>
      <Panel title={t('orders.timeline')}>
        {timeline.length === 0 ? (
          // an order whose history was never kept (the seeded ones) says so rather than showing an empty card
          <p className="ops-muted">{t('orders.noTimeline')}</p>
        ) : (
          <Timeline
            items={timeline.map((e) => ({
              key: `${e.at}-${e.to}`,
              content: (
                <span>
                  {e.from === null ? '' : <><OrderStatusName status={e.from} /> → </>}
                  <OrderStatusName status={e.to} /> · {e.staffEmail ?? t(`orders.actors.${e.actor}`)} · {at(e.at)}
                  {e.reason ? ` · ${historyReason(e.reason, locale)}` : ''}
                  {e.note ? ` · ${e.note}` : ''}
                </span>
              ),
            }))}
          />
        )}
      </Panel>
      <Panel title={t('orders.schedule')}>
        <Table<Screen['schedule'][number]>
          {...small}
          rowKey="periodNo"
          dataSource={schedule}
          columns={[
            { key: 'n', title: '#', dataIndex: 'periodNo' },
            { key: 'due', title: t('orders.due'), render: (_, p) => at(p.dueAt) },
            { key: 'total', title: t('orders.periodTotal'), render: (_, p) => money(p.total) },
            { key: 'paid', title: t('orders.paid'), render: (_, p) => money(p.paid) },
            { key: 'status', title: t('orders.status'), render: (_, p) => <Tag color={p.status === 'overdue' ? 'red' : p.status === 'paid' ? 'green' : 'default'}>{t(`orders.periodStatus.${p.status}`)}</Tag> },
          ]}
        />
      </Panel>
      <Panel title={t('orders.payments')}>
        <Table<Screen['payments'][number]>
          {...small}
          rowKey="id"
          dataSource={payments}
          columns={[
            { key: 'at', title: t('audit.at'), render: (_, p) => at(p.paidAt) },
            { key: 'amount', title: t('orders.amount'), render: (_, p) => money(p.amount) },
            { key: 'method', title: t('orders.method'), dataIndex: 'method' },
            { key: 'ref', title: t('orders.reference'), dataIndex: 'gatewayPaymentId' },
          ]}
        />
      </Panel>
      <Panel title={t('orders.ledger')}>
        <Table<Screen['ledger'][number]>
          {...small}
          rowKey="id"
          dataSource={ledger}
          columns={[
            { key: 'at', title: t('audit.at'), render: (_, l) => at(l.at) },
            { key: 'kind', title: t('orders.kind'), dataIndex: 'kind' },
            { key: 'period', title: '#', dataIndex: 'periodNo' },
            { key: 'amount', title: t('orders.amount'), render: (_, l) => money(l.amount) },
          ]}
        />
      </Panel>
      <Suspense fallback={<Loading />}>
        <ContactsSection orderNo={order.orderNo} />
      </Suspense>
      <Suspense fallback={<Loading />}>
        <AdjustmentsSection orderNo={order.orderNo} />
      </Suspense>
      <Panel title={t('orders.lateCharges')}>
        {t('orders.lateText', { charged: money(lateCharges.charged), paid: money(lateCharges.paid), through: lateCharges.accruedThrough ?? '—' })}
      </Panel>
      <Panel title={t('menu.complaints')}>
        <Table<Screen['complaints'][number]>
          {...small}
          rowKey="id"
          dataSource={complaints}
          columns={[
            { key: 'id', title: t('complaints.number'), render: (_, c) => <Link to={`/ops/complaints/${c.id}?market=${market}`}>#{c.id}</Link> },
            { key: 'status', title: t('complaints.status'), render: (_, c) => (isComplaintStatus(c.status) ? t(`complaints.statuses.${c.status}`) : c.status) },
            { key: 'detail', title: t('complaint.text'), dataIndex: 'detail', ellipsis: true },
            { key: 'created', title: t('complaints.created'), render: (_, c) => at(c.createdAt) },
          ]}
        />
      </Panel>
      <Panel title={t('payout.title')}>
        <Table<Screen['payouts'][number]>
          {...small}
          rowKey="id"
          dataSource={payouts}
          columns={[
            { key: 'id', title: '#', render: (_, p) => p.id },
            { key: 'purpose', title: t('payout.purpose'), render: (_, p) => t(`payout.purposes.${p.purpose}`) },
            { key: 'status', title: t('orders.status'), render: (_, p) => <Tag color={PAYOUT_COLORS[p.status]}>{t(`payout.statuses.${p.status}`)}</Tag> },
            // every request's amount, whatever its state (the state says whether it was paid out)
            { key: 'amount', title: t('orders.amount'), render: (_, p) => money(p.amount) },
            { key: 'by', title: t('audit.who'), render: (_, p) => `${p.requestedByEmail ?? t('payout.system')}${p.decidedByEmail ? ` / ${p.decidedByEmail}` : ''}` },
            { key: 'at', title: t('payout.requestedAt'), render: (_, p) => at(p.requestedAt) },
            { key: 'completed', title: t('payout.completedAt'), render: (_, p) => at(p.completedAt) },
            { key: 'reason', title: t('payout.reason'), render: (_, p) => p.failureReason ?? p.providerRef ?? '' },
          ]}
        />
        {payoutEvents.length > 0 && (
          <Suspense fallback={<Loading />}>
            <PayoutHistory events={payoutEvents} market={order.market} />
          </Suspense>
        )}
      </Panel>
    </Flex>
  )
}

/** A history row's reason in words: a staff member's rejection, the system's decision, else the key as kept (a payment's event). */
function historyReason(key: string, locale: Locale): string {
  if (Object.hasOwn(REJECT_REASON_TEXTS, key)) return REJECT_REASON_TEXTS[key as RejectReason][locale]
  return isDecisionReason(key) ? DECISION_REASON_TEXTS[key][locale] : key
}
