import { opsBureauRuns, type BureauRunView } from '@kilat/contract'
import type { Market } from '@kilat/domain'
import { useQuery } from '@tanstack/react-query'
import { Flex, Table, Tag, type TableColumnsType } from 'antd'
import { formatCount, formatMoney } from '../../shared/format'
import { useApi } from '../../shared/api'
import { Link, useNavigate } from '../../shared/router'
import { useOpsText, type OpsT } from '../app/i18n'
import { useOpsMarket } from '../app/session'
import { LoadFailure, Loading } from '../app/states'
import { BUREAU_KEY, bureauName, liveSend, periodText, runPath } from './bureau-texts'
import { ReadyTag } from './ready-tag'
import './bureau.css'

/**
 * Credit reporting (docs/product/credit-reporting.md): a market's runs, newest period first, each
 * with its checks against the ledger, whether it may be sent and, per bureau, whether it was. The
 * market is the console's (the header's switch, kept in the address); a row opens its run.
 */
export function BureauRunsPage() {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const navigate = useNavigate()
  const [market] = useOpsMarket()
  const runs = useQuery({
    queryKey: [...BUREAU_KEY, 'runs', market],
    queryFn: ({ signal }) => callApi(opsBureauRuns, { query: { market } }, { signal }),
  })
  const title = <h1 className="ops-title">{t('bureau.title', { market: t(`market.${market}`) })}</h1>
  if (runs.isPending) return (<>{title}<Loading /></>)
  if (runs.isError) return (<>{title}<LoadFailure error={runs.error} retry={() => void runs.refetch()} /></>)
  const { runs: rows, lastClosedPeriod } = runs.data
  const closedHasRun = rows.some((r) => r.period === lastClosedPeriod)

  return (
    <Flex vertical gap={16}>
      {title}
      <p className="ops-bureau-note">{t('bureau.help')}</p>
      <p className="ops-bureau-meta">
        {t(closedHasRun ? 'bureau.lastClosed' : 'bureau.lastClosedMissing', { period: periodText(t, lastClosedPeriod) })}
      </p>
      <Table<BureauRunView>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={rows}
        caption={<span className="ops-visually-hidden">{t('bureau.runsCaption')}</span>}
        locale={{ emptyText: t('bureau.none') }}
        rowClassName="ops-bureau-row"
        onRow={(run) => ({
          // the period's link is the row's keyboard way in; a click elsewhere on the row does the same
          onClick: (event) => {
            if ((event.target as HTMLElement).closest('a')) return
            void navigate(runPath(run.id, run.market))
          },
        })}
        columns={runColumns(t, market)}
      />
    </Flex>
  )
}

function runColumns(t: OpsT, market: Market): TableColumnsType<BureauRunView> {
  const money = (cents: number) => formatMoney(cents, market)
  const count = (n: number) => formatCount(n, market)
  return [
    {
      key: 'period',
      title: t('bureau.period'),
      width: 150,
      render: (_, r) => (
        <Link to={runPath(r.id, r.market)} aria-label={t('bureau.openRun', { period: periodText(t, r.period), version: r.version })}>
          {periodText(t, r.period)}
        </Link>
      ),
    },
    { key: 'version', title: t('bureau.version'), width: 70, align: 'right', render: (_, r) => r.version },
    { key: 'status', title: t('bureau.status'), width: 100, render: (_, r) => <Tag color={r.status === 'built' ? 'blue' : 'default'}>{t(`bureau.statuses.${r.status}`)}</Tag> },
    { key: 'records', title: t('bureau.records'), width: 90, align: 'right', render: (_, r) => count(r.records) },
    { key: 'corrections', title: t('bureau.corrections'), width: 100, align: 'right', render: (_, r) => count(r.corrections) },
    {
      key: 'balance',
      title: t('bureau.balance'),
      render: (_, r) => (
        <div>
          <div className="ops-nowrap">{money(r.balance)}</div>
          <div className={r.balance === r.ledgerBalance ? 'ops-muted ops-small' : 'ops-bureau-differs ops-small'}>
            {r.balance === r.ledgerBalance ? t('bureau.balanceEqual') : t('bureau.balanceDiffers', { ledger: money(r.ledgerBalance) })}
          </div>
        </div>
      ),
    },
    { key: 'errors', title: t('bureau.withErrors'), width: 110, align: 'right', render: (_, r) => count(r.recordsWithErrors) },
    { key: 'ready', title: t('bureau.readiness'), width: 130, render: (_, r) => <ReadyTag sendable={r.sendable} /> },
    {
      key: 'sends',
      title: t('bureau.sends'),
      render: (_, r) => (
        <ul className="ops-bureau-sends">
          {r.sends.map(({ bureau, send }) => {
            const live = liveSend(send)
            const name = bureauName(t, bureau)
            return (
              <li key={bureau}>
                {live === null
                  ? t('bureau.sendNone', { bureau: name })
                  : live.status === 'pending'
                    ? t('bureau.sendPending', { bureau: name })
                    : t('bureau.sendSent', { bureau: name, date: live.sentOn })}
              </li>
            )
          })}
        </ul>
      ),
    },
  ]
}
