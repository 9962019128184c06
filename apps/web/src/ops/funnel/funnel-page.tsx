import { FUNNEL_LIMITS, funnelExport, funnelReport, type DataOf, type FunnelRow } from '@kilat/contract'
import { addDays, FUNNEL_STEPS, localDate, type FunnelStep, type Market } from '@kilat/domain'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Alert, Button, Col, Flex, Input, Row, Select, Statistic, Table, type TableColumnsType } from 'antd'
import { lazy, Suspense, useMemo } from 'react'
import { formatCount, formatDate, formatPercent } from '../../shared/format'
import { useApi } from '../../shared/api'
import { useOpsText } from '../app/i18n'
import { useAddressFilter } from '../app/paging'
import { Panel } from '../app/panel'
import { useOpsMarket } from '../app/session'
import { Loading, LoadFailure } from '../app/states'

// The chart's library loads after the screen, in its own chunk (docs/decisions/0023-funnel-chart.md).
const FunnelChart = lazy(async () => ({ default: (await import('./funnel-chart')).FunnelChart }))

const isDay = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v)

/**
 * The registration funnel (docs/product/registration-funnel.md#screen): visits → SMS sent →
 * registered → first order → first repayment of the market's local days, by landing page and
 * utm_tag, as a chart, totals and a table, with the CSV. Filters are in the address.
 */
export function FunnelPage() {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const [market] = useOpsMarket()
  const [params, setFilter] = useAddressFilter()
  const today = localDate(new Date(), market)
  const from = isDay(params.get('from')) ? params.get('from')! : addDays(today, -(FUNNEL_LIMITS.daysDefault - 1))
  const to = isDay(params.get('to')) ? params.get('to')! : today
  const templateId = Number(params.get('template')) || undefined
  const utmTag = params.get('utm') || undefined
  const query = { market, from, to, ...(templateId ? { templateId } : {}), ...(utmTag ? { utmTag } : {}) }
  const report = useQuery({
    queryKey: ['ops', 'funnel', market, from, to, templateId, utmTag],
    queryFn: ({ signal }) => callApi(funnelReport, { query }, { signal }),
    placeholderData: keepPreviousData,
  })
  const data = report.data
  const labels = useMemo(() => Object.fromEntries(FUNNEL_STEPS.map((s) => [s, t(`funnel.steps.${s}`)])) as Record<FunnelStep, string>, [t])
  const names = new Map((data?.templates ?? []).map((tp) => [tp.id, tp.name]))
  const templateName = (id: number) => (id === 0 ? t('funnel.noTemplate') : (names.get(id) ?? `#${id}`))
  const count = (v: number) => formatCount(v, market)
  const rate = (bps: number | null) => (bps === null ? '—' : formatPercent(bps, market))
  const csvHref = `${funnelExport.path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`

  const summary = data
    ? t('funnel.summary', {
        from: formatDate(`${data.from}T12:00:00Z`, market),
        to: formatDate(`${data.to}T12:00:00Z`, market),
        visits: count(data.totals.counts.visits),
        smsSent: count(data.totals.counts.smsSent),
        registered: count(data.totals.counts.registered),
        firstOrders: count(data.totals.counts.firstOrders),
        firstRepayments: count(data.totals.counts.firstRepayments),
        rate: rate(data.totals.counts.visits === 0 ? null : Math.floor((data.totals.counts.registered * 10_000) / data.totals.counts.visits)),
      })
    : ''

  const stepCell = (step: FunnelStep) => (_: unknown, r: FunnelRow) => (
    <span>
      {count(r.counts[step])}
      {step !== 'visits' && <span className="ops-muted"> · {rate(r.rates[step])}</span>}
    </span>
  )
  const columns: TableColumnsType<FunnelRow> = [
    { key: 'day', title: t('funnel.day'), render: (_, r) => formatDate(`${r.day}T12:00:00Z`, market), width: 110 },
    { key: 'template', title: t('funnel.template'), render: (_, r) => templateName(r.templateId), ellipsis: true },
    { key: 'utm', title: 'utm_tag', render: (_, r) => r.utmTag || <span className="ops-muted">{t('funnel.noUtm')}</span>, ellipsis: true, width: 140 },
    ...FUNNEL_STEPS.map((step) => ({ key: step, title: labels[step], render: stepCell(step), width: step === 'visits' ? 90 : 125, align: 'right' as const })),
  ]

  return (
    <>
      <h1 className="ops-title">{t('funnel.title')}</h1>
      <p className="ops-muted">{t('funnel.help', { market: t(`market.${market}`) })}</p>
      <Flex gap={12} align="center" wrap style={{ marginBottom: 16 }}>
        <label>
          {t('funnel.from')} <Input type="date" value={from} max={to} onChange={(e) => setFilter('from', e.target.value || undefined)} style={{ width: 150 }} aria-label={t('funnel.from')} />
        </label>
        <label>
          {t('funnel.to')} <Input type="date" value={to} min={from} max={today} onChange={(e) => setFilter('to', e.target.value || undefined)} style={{ width: 150 }} aria-label={t('funnel.to')} />
        </label>
        <Select<number | 'all'>
          aria-label={t('funnel.template')}
          style={{ width: 230 }}
          value={templateId ?? 'all'}
          onChange={(v) => setFilter('template', v === 'all' ? undefined : String(v))}
          options={[{ value: 'all' as const, label: t('funnel.allTemplates') }, ...(data?.templates ?? []).map((tp) => ({ value: tp.id, label: tp.active ? tp.name : `${tp.name} (${t('funnel.disabled')})` }))]}
        />
        <Select<string>
          aria-label="utm_tag"
          style={{ width: 170 }}
          value={utmTag ?? ''}
          showSearch
          onChange={(v) => setFilter('utm', v || undefined)}
          options={[{ value: '', label: t('funnel.allUtm') }, ...[...new Set([...(utmTag ? [utmTag] : []), ...(data?.utmTags ?? [])])].map((u) => ({ value: u, label: u }))]}
        />
        <Button href={csvHref} style={{ marginLeft: 'auto' }}>
          {t('funnel.csv')}
        </Button>
      </Flex>
      {report.isError ? (
        <LoadFailure error={report.error} retry={() => void report.refetch()} />
      ) : !data ? (
        <Loading />
      ) : (
        <FunnelBody market={market} data={data} labels={labels} summary={summary} columns={columns} count={count} rate={rate} />
      )}
    </>
  )
}

type Report = DataOf<typeof funnelReport>

function FunnelBody({ market, data, labels, summary, columns, count, rate }: {
  market: Market
  data: Report
  labels: Record<FunnelStep, string>
  summary: string
  columns: TableColumnsType<FunnelRow>
  count: (v: number) => string
  rate: (bps: number | null) => string
}) {
  const { t } = useOpsText()
  return (
    <>
      <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
        {FUNNEL_STEPS.map((step) => (
          <Col key={step} flex="1 1 0">
            <section className="ops-panel ops-panel-small">
              <Statistic title={labels[step]} value={count(data.totals.counts[step])} />
              <div className="ops-muted">{step === 'visits' ? t('funnel.firstStep') : t('funnel.ofPrevious', { rate: rate(data.totals.rates[step]) })}</div>
            </section>
          </Col>
        ))}
      </Row>
      <Panel title={t('funnel.chartTitle')}>
        <p className="ops-muted">{summary}</p>
        <Suspense fallback={<div style={{ height: 300 }} />}>
          <FunnelChart
            days={data.days}
            labels={labels}
            dayLabel={t('funnel.day')}
            summary={summary}
            market={market}
            totals={data.totals.counts}
            totalsLabel={t('funnel.legendTotals', { from: formatDate(`${data.from}T12:00:00Z`, market), to: formatDate(`${data.to}T12:00:00Z`, market) })}
          />
        </Suspense>
      </Panel>
      {data.rowsTruncated && <Alert type="info" showIcon style={{ margin: '16px 0' }} message={t('funnel.truncated', { count: FUNNEL_LIMITS.rowsMax })} />}
      <Table<FunnelRow>
        style={{ marginTop: 16 }}
        size="small"
        rowKey={(r) => `${r.day}|${r.templateId}|${r.utmTag}`}
        columns={columns}
        dataSource={data.rows}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
        tableLayout="fixed"
        caption={<span className="ops-visually-hidden">{t('funnel.tableCaption', { market: t(`market.${market}`) })}</span>}
      />
    </>
  )
}
