import { opsHealth, type JobHealth, type MarketHealth, type OpsHealth, type ProviderHealth } from '@kilat/contract'
import type { Market } from '@kilat/domain'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Flex, Table, Tag, type TableColumnsType } from 'antd'
import type { ReactNode } from 'react'
import { formatCount, formatDateTime, formatPercent } from '../../shared/format'
import { useApi } from '../../shared/api'
import { useOpsText, type OpsT } from '../app/i18n'
import { useOpsMarket } from '../app/session'
import { LoadFailure, Loading } from '../app/states'
import { ageLimitText, ageText, HEALTH_KEY, HEALTH_REFRESH_MS, jobText, levelColour, levelText, type Level } from './health-texts'
import './health.css'

/**
 * The lender's health screen (docs/product/operations.md#health): each of the staff member's
 * markets with its money flows graded by their limits, then the providers' calls and the jobs of
 * the server process that answered. Read again every 30 seconds and on the button; every level is
 * a word beside its colour.
 */
export function HealthPage() {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const [market] = useOpsMarket()
  const health = useQuery({
    queryKey: HEALTH_KEY,
    queryFn: ({ signal }) => callApi(opsHealth, {}, { signal }),
    refetchInterval: HEALTH_REFRESH_MS,
  })
  const title = <h1 className="ops-title">{t('health.title')}</h1>
  if (health.isPending) return (<>{title}<Loading /></>)
  if (health.isError) return (<>{title}<LoadFailure error={health.error} retry={() => void health.refetch()} /></>)
  const data = health.data

  return (
    <Flex vertical gap={16} className="ops-health">
      {title}
      <p className="ops-health-note">{t('health.intro')}</p>
      <div className="ops-health-bar">
        <p>{t('health.asOf', { time: formatDateTime(data.asOf, market), market: t(`market.${market}`) })}</p>
        <Button onClick={() => void health.refetch()} loading={health.isFetching}>
          {t('health.refresh')}
        </Button>
      </div>
      <Alert
        type={data.level === 'alert' ? 'error' : data.level === 'warn' ? 'warning' : 'success'}
        showIcon
        title={`${levelText(t, data.level)}: ${t(`health.overall.${data.level}`)}`}
        description={
          <>
            <p className="ops-health-line">{t('health.runbook')}</p>
            <p className="ops-health-line">{t('health.processNote')}</p>
          </>
        }
      />
      <ul className="ops-health-glance" aria-label={t('health.glance')}>
        {data.markets.map((m) => (
          <li key={m.market}>
            <span>{t(`market.${m.market}`)}</span> <LevelTag level={m.level} />
          </li>
        ))}
      </ul>
      {data.markets.map((m) => (
        <MarketSection key={m.market} figures={m} />
      ))}
      <ProvidersSection data={data} market={market} />
      <JobsSection data={data} market={market} />
    </Flex>
  )
}

function LevelTag({ level }: { level: Level | null }) {
  const { t } = useOpsText()
  return <Tag color={levelColour(level)}>{levelText(t, level)}</Tag>
}

/** A titled block of the screen: a region named by its heading. */
function Section({ id, heading, extra, children }: { id: string; heading: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Card
        size="small"
        title={
          <h2 id={id} className="ops-health-heading">
            {heading}
          </h2>
        }
        extra={extra}
      >
        {children}
      </Card>
    </section>
  )
}

interface FigureRow {
  key: string
  figure: string
  now: string
  limit: string
  level: Level | null
}

function figureColumns(t: OpsT): TableColumnsType<FigureRow> {
  return [
    { key: 'figure', title: t('health.figure'), width: '28%', render: (_, r) => r.figure },
    { key: 'now', title: t('health.now'), width: '30%', render: (_, r) => r.now },
    { key: 'limit', title: t('health.limit'), render: (_, r) => r.limit },
    { key: 'status', title: t('health.status'), width: 130, render: (_, r) => <LevelTag level={r.level} /> },
  ]
}

function marketRows(t: OpsT, m: MarketHealth): FigureRow[] {
  const n = (value: number) => formatCount(value, m.market)
  const waiting = (count: number, oldest: number, key: 'inboxNow' | 'sendingNow' | 'acceptedNow') =>
    count === 0 && oldest === 0 ? t('health.nothingWaiting') : t(`health.${key}`, { n: n(count), age: ageText(t, oldest) })
  const recon = m.reconciliation
  return [
    { key: 'inbox', figure: t('health.inbox'), now: waiting(m.inbox.pending, m.inbox.oldestSeconds, 'inboxNow'), limit: ageLimitText(t, m.inbox.limit), level: m.inbox.level },
    {
      key: 'sending',
      figure: t('health.sending'),
      now: waiting(m.outbox.sending, m.outbox.oldestSending.oldestSeconds, 'sendingNow'),
      limit: ageLimitText(t, m.outbox.oldestSending.limit),
      level: m.outbox.oldestSending.level,
    },
    {
      key: 'accepted',
      figure: t('health.accepted'),
      now: waiting(m.outbox.accepted, m.outbox.oldestAccepted.oldestSeconds, 'acceptedNow'),
      limit: ageLimitText(t, m.outbox.oldestAccepted.limit),
      level: m.outbox.oldestAccepted.level,
    },
    { key: 'confirmed', figure: t('health.confirmed'), now: n(m.outbox.confirmed), limit: t('health.noLimit'), level: null },
    { key: 'adjustments', figure: t('health.adjustments'), now: n(m.adjustmentsPendingSecond), limit: t('health.noLimit'), level: null },
    {
      key: 'recon',
      figure: t('health.recon'),
      now: t('health.reconNow', { days: n(recon.unreconciledDays), differences: n(recon.openDifferences) }),
      limit: `${t('health.reconLimit', { hour: recon.reconciledByHour })} ${t(recon.pastReconciledBy ? 'health.reconPast' : 'health.reconBefore', { hour: m.localHour })}`,
      level: recon.level,
    },
  ]
}

function MarketSection({ figures }: { figures: MarketHealth }) {
  const { t } = useOpsText()
  const name = t(`market.${figures.market}`)
  return (
    <Section id={`health-${figures.market}`} heading={name} extra={<LevelTag level={figures.level} />}>
      <Table<FigureRow>
        rowKey="key"
        size="small"
        pagination={false}
        tableLayout="fixed"
        dataSource={marketRows(t, figures)}
        caption={<span className="ops-visually-hidden">{t('health.marketCaption', { market: name })}</span>}
        columns={figureColumns(t)}
      />
      <p className="ops-health-line ops-health-after">
        {figures.providers.length > 0 ? t('health.marketProviders', { names: figures.providers.join(', ') }) : t('health.marketNoProviders')}
      </p>
    </Section>
  )
}

function ProvidersSection({ data, market }: { data: OpsHealth; market: Market }) {
  const { t } = useOpsText()
  const span = data.providerWindow
  const percent = (ratio: number) => formatPercent(Math.round(ratio * 10_000), market)
  const columns: TableColumnsType<ProviderHealth> = [
    { key: 'name', title: t('health.providers.name'), render: (_, p) => p.name },
    { key: 'markets', title: t('health.providers.markets'), render: (_, p) => (p.markets.length > 0 ? p.markets.map((m) => t(`market.${m}`)).join(', ') : t('health.providers.marketsUnknown')) },
    { key: 'calls', title: t('health.providers.calls'), align: 'right', render: (_, p) => formatCount(p.calls, market) },
    {
      key: 'failed',
      title: t('health.providers.failed'),
      render: (_, p) =>
        p.failures.length === 0
          ? formatCount(p.failed, market)
          : `${formatCount(p.failed, market)} (${p.failures.map((f) => `${t(`health.outcomes.${f.outcome}` as 'health.outcomes.5xx')} ${formatCount(f.calls, market)}`).join(', ')})`,
    },
    { key: 'ratio', title: t('health.providers.ratio'), align: 'right', render: (_, p) => (p.ratio === null ? '—' : percent(p.ratio)) },
    { key: 'status', title: t('health.status'), width: 130, render: (_, p) => <LevelTag level={p.level} /> },
  ]
  return (
    <Section id="health-providers" heading={t('health.providers.title')}>
      <p className="ops-health-line">
        {span.sinceStart
          ? t('health.providers.windowSinceStart', { age: ageText(t, span.coveredSeconds), minutes: span.minutes })
          : t('health.providers.window', { minutes: span.minutes })}{' '}
        {t('health.providers.limit', { warn: percent(span.limit.warn), alert: percent(span.limit.alert), min: span.minCalls })}
      </p>
      <Table<ProviderHealth>
        rowKey="name"
        size="small"
        pagination={false}
        dataSource={data.providers}
        caption={<span className="ops-visually-hidden">{t('health.providers.caption')}</span>}
        locale={{ emptyText: t('health.providers.none') }}
        columns={columns}
      />
    </Section>
  )
}

function JobsSection({ data, market }: { data: OpsHealth; market: Market }) {
  const { t } = useOpsText()
  const asOf = new Date(data.asOf).getTime()
  const ago = (at: string | null) => (at === null ? t('health.jobs.never') : t('health.jobs.ago', { age: ageText(t, (asOf - new Date(at).getTime()) / 1000) }))
  const limit = data.jobs[0]?.limit
  const columns: TableColumnsType<JobHealth> = [
    { key: 'name', title: t('health.jobs.name'), render: (_, j) => jobText(t, j.name) },
    { key: 'lastRun', title: t('health.jobs.lastRun'), render: (_, j) => ago(j.lastRunAt) },
    { key: 'lastSuccess', title: t('health.jobs.lastSuccess'), render: (_, j) => ago(j.lastSuccessAt) },
    { key: 'every', title: t('health.jobs.every'), render: (_, j) => (j.intervalSeconds === null ? '—' : ageText(t, j.intervalSeconds)) },
    {
      key: 'late',
      title: t('health.jobs.late'),
      align: 'right',
      render: (_, j) => (j.lateIntervals === null ? '—' : formatCount(Math.floor(j.lateIntervals), market)),
    },
    { key: 'status', title: t('health.status'), width: 130, render: (_, j) => <LevelTag level={j.level} /> },
  ]
  return (
    <Section id="health-jobs" heading={t('health.jobs.title')}>
      {limit ? <p className="ops-health-line">{t('health.jobs.limit', { warn: limit.warn, alert: limit.alert })}</p> : null}
      <Table<JobHealth>
        rowKey="name"
        size="small"
        pagination={false}
        dataSource={data.jobs}
        caption={<span className="ops-visually-hidden">{t('health.jobs.caption')}</span>}
        locale={{ emptyText: t('health.jobs.none') }}
        columns={columns}
      />
    </Section>
  )
}
