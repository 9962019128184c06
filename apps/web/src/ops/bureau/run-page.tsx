import {
  opsBureauDownload,
  opsBureauRebuild,
  opsBureauRun,
  opsBureauSendConfirm,
  opsBureauSendRequest,
  opsBureauSendWithdraw,
  RUN_PROBLEMS,
  type BureauRunView,
  type DataOf,
} from '@kilat/contract'
import { RECORD_PROBLEMS, type Bureau, type Market } from '@kilat/domain'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Descriptions, Flex, Popconfirm, Space, Table, Tag } from 'antd'
import { lazy, Suspense, useId, useState, type ReactNode } from 'react'
import { formatCount, formatDateTime, formatMoney } from '../../shared/format'
import { useApi } from '../../shared/api'
import { Link, useNavigate, useSearchParams } from '../../shared/router'
import { FourEyesActions, useFourEyes, type FourEyes } from '../app/four-eyes'
import { useOpsText, type OpsT } from '../app/i18n'
import { useOpsMutation } from '../app/mutation'
import { ORDER_NO_COLUMN, OrderNoLink } from '../app/order-no'
import { Panel } from '../app/panel'
import { useOpsMarket, useStaff } from '../app/session'
import { LoadFailure, Loading, Notice } from '../app/states'
import { BUREAU_KEY, bureauName, liveSend, notSendableReason, periodText, runPath } from './bureau-texts'
import { ReadyTag } from './ready-tag'
import './bureau.css'

type RunData = DataOf<typeof opsBureauRun>
type Finding = RunData['findings'][number]
type BureauRow = BureauRunView['sends'][number]

// "Mark as sent": its own chunk, loaded when finance opens it.
const SendDialog = lazy(async () => ({ default: (await import('./send-dialog')).SendDialog }))

const PROBLEMS: readonly string[] = [...RECORD_PROBLEMS, ...RUN_PROBLEMS]

/** A finding's problem in words; a code the console does not know, as the server wrote it. */
export function problemText(t: OpsT, problem: string): string {
  return PROBLEMS.includes(problem) ? t(`bureau.problems.${problem as Finding['problem']}`) : problem
}

/**
 * One run (docs/product/credit-reporting.md): its checks against the ledger, its findings, finance's
 * rebuild, and per bureau of the market its files and whether they were sent (four eyes).
 */
export function BureauRunPage() {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const [params] = useSearchParams()
  const [market] = useOpsMarket()
  const runId = Number(params.get('runId'))
  const valid = Number.isInteger(runId) && runId > 0
  const run = useQuery({
    queryKey: [...BUREAU_KEY, 'run', runId],
    queryFn: ({ signal }) => callApi(opsBureauRun, { query: { runId } }, { signal }),
    enabled: valid,
  })
  const back = <Link to={`/ops/bureau?market=${market}`}>{t('bureau.run.back')}</Link>
  const plainTitle = <h1 className="ops-title">{t('bureau.run.titleLoading')}</h1>
  if (!valid) return (<Flex vertical gap={16}>{plainTitle}<Notice title={t('bureau.run.noRun')} />{back}</Flex>)
  if (run.isPending) return (<>{plainTitle}<Loading /></>)
  if (run.isError) return (<Flex vertical gap={16}>{plainTitle}<LoadFailure error={run.error} retry={() => void run.refetch()} />{back}</Flex>)
  return <RunView data={run.data} back={back} />
}

function RunView({ data, back }: { data: RunData; back: ReactNode }) {
  const { t } = useOpsText()
  const staff = useStaff()
  const navigate = useNavigate()
  const { run } = data
  const market = run.market
  const rebuild = useOpsMutation({
    mutationFn: (_: void, call) => call(opsBureauRebuild, { body: { market, period: run.period } }),
    success: (answer) => t('bureau.run.rebuilt', { version: answer.run.version }),
    refresh: [BUREAU_KEY],
    onSuccess: (answer) => navigate(runPath(answer.run.id, answer.run.market)),
  })
  // once a bureau has it, the period is not built again: a correction goes in the next run
  const rebuilds = opsBureauRebuild.roles.includes(staff.role) && !run.sends.some((s) => s.send?.status === 'confirmed')
  const who = run.builtByEmail ?? t('bureau.run.job')

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <h1 className="ops-title">{t('bureau.run.title', { period: periodText(t, run.period), version: run.version, market: t(`market.${market}`) })}</h1>
        <Space wrap>
          {back}
          {rebuilds && run.status === 'built' && (
            <Popconfirm title={t('bureau.run.rebuildQuestion')} onConfirm={() => rebuild.mutate()} okText={t('bureau.run.rebuild')} cancelText={t('staff.cancel')}>
              <Button loading={rebuild.isPending}>{t('bureau.run.rebuild')}</Button>
            </Popconfirm>
          )}
        </Space>
      </Flex>
      <Space wrap>
        <Tag color={run.status === 'built' ? 'blue' : 'default'}>{t(`bureau.statuses.${run.status}`)}</Tag>
        <ReadyTag sendable={run.sendable} />
        <span className="ops-bureau-meta">{t('bureau.run.builtBy', { at: formatDateTime(run.builtAt, market), by: who, cutoff: run.cutoffOn })}</span>
      </Space>
      {run.status === 'superseded' && <Alert type="warning" showIcon title={t('bureau.run.replaced')} />}
      <Checks data={data} />
      <Findings data={data} />
      <Bureaus run={run} />
    </Flex>
  )
}

/** The run's totals against the ledger's, the accounts left out, and the records with errors. */
function Checks({ data }: { data: RunData }) {
  const { t } = useOpsText()
  const { run, problems } = data
  const money = (cents: number) => <span className="ops-nowrap">{formatMoney(cents, run.market)}</span>
  const count = (n: number) => formatCount(n, run.market)
  const difference = run.balance - run.ledgerBalance
  return (
    <Panel title={t('bureau.run.checks')}>
      <Flex vertical gap={12}>
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'balance', label: t('bureau.run.runBalance'), children: money(run.balance) },
            { key: 'ledger', label: t('bureau.run.ledgerBalance'), children: money(run.ledgerBalance) },
            {
              key: 'totals',
              label: t('bureau.run.totals'),
              children:
                difference === 0 ? (
                  <Tag color="green">{t('bureau.run.totalsEqual')}</Tag>
                ) : (
                  <Tag color="red">{t('bureau.run.totalsDiffer', { difference: formatMoney(Math.abs(difference), run.market) })}</Tag>
                ),
            },
            { key: 'overdue', label: t('bureau.run.overdue'), children: money(run.overdue) },
            { key: 'missing', label: t('bureau.run.missing'), children: count(run.missing) },
            { key: 'errors', label: t('bureau.withErrors'), children: count(run.recordsWithErrors) },
            { key: 'records', label: t('bureau.records'), children: count(run.records) },
            { key: 'corrections', label: t('bureau.corrections'), children: count(run.corrections) },
          ]}
        />
        {problems.length > 0 && (
          <ul className="ops-bureau-problems" aria-label={t('bureau.run.runProblems')}>
            {problems.map((p) => (
              <li key={p.problem}>{t('bureau.run.problemLine', { problem: problemText(t, p.problem), records: count(p.count), amount: formatMoney(p.amount, run.market) })}</li>
            ))}
          </ul>
        )}
      </Flex>
    </Panel>
  )
}

/** What the checks found, record by record (the first 200), each problem in words. */
function Findings({ data }: { data: RunData }) {
  const { t } = useOpsText()
  const { run, findings, findingsTotal } = data
  return (
    <Panel title={t('bureau.run.findings')}>
      {findingsTotal > findings.length && <p className="ops-bureau-meta">{t('bureau.run.findingsShown', { shown: findings.length, total: findingsTotal })}</p>}
      <Table<Finding>
        rowKey={(f) => `${f.orderNo}:${f.problem}:${f.field}`}
        size="small"
        pagination={false}
        dataSource={findings}
        caption={<span className="ops-visually-hidden">{t('bureau.run.findingsCaption')}</span>}
        locale={{ emptyText: t('bureau.run.noFindings') }}
        columns={[
          { key: 'orderNo', ...ORDER_NO_COLUMN, title: t('orders.orderNo'), render: (_, f) => (f.orderNo ? <OrderNoLink orderNo={f.orderNo} market={run.market} /> : '—') },
          { key: 'problem', title: t('bureau.run.problem'), render: (_, f) => problemText(t, f.problem) },
          { key: 'field', title: t('bureau.run.field'), width: 200, render: (_, f) => (f.field ? <code>{f.field}</code> : '—') },
        ]}
      />
    </Panel>
  )
}

/** Each bureau of the market: the run's files to download, and whether they were sent. */
function Bureaus({ run }: { run: BureauRunView }) {
  const { t } = useOpsText()
  const staff = useStaff()
  const reasonId = useId()
  const [sending, setSending] = useState<{ bureau: Bureau; open: boolean } | undefined>()
  const flow = useFourEyes<number>({
    confirm: (requestId, call) => call(opsBureauSendConfirm, { body: { requestId } }),
    withdraw: (requestId, call) => call(opsBureauSendWithdraw, { body: { requestId } }),
    confirmed: t('bureau.run.confirmed'),
    withdrawn: t('bureau.run.withdrawn'),
    refresh: [BUREAU_KEY],
    sameMember: t('bureau.run.sameMember'),
  })
  const reason = notSendableReason(t, run)
  const marks = opsBureauSendRequest.roles.includes(staff.role)
  const decides = opsBureauSendConfirm.roles.includes(staff.role)

  return (
    <Panel title={t('bureau.run.bureaus')}>
      {reason && (
        <p id={reasonId} className="ops-bureau-reason">
          {reason}
        </p>
      )}
      <Table<BureauRow>
        rowKey="bureau"
        size="small"
        pagination={false}
        dataSource={run.sends}
        caption={<span className="ops-visually-hidden">{t('bureau.run.bureausCaption')}</span>}
        columns={[
          { key: 'bureau', title: t('bureau.run.bureau'), width: 180, render: (_, b) => bureauName(t, b.bureau) },
          { key: 'files', title: t('bureau.run.files'), render: (_, b) => <Files run={run} row={b} reasonId={reason ? reasonId : undefined} /> },
          {
            key: 'sent',
            title: t('bureau.run.sent'),
            render: (_, b) => (
              <SendState
                run={run}
                row={b}
                flow={flow}
                decides={decides}
                onMark={marks ? () => setSending({ bureau: b.bureau, open: true }) : undefined}
                reasonId={reason ? reasonId : undefined}
              />
            ),
          },
        ]}
      />
      {sending && (
        <Suspense fallback={null}>
          <SendDialog
            market={run.market}
            runId={run.id}
            bureau={sending.bureau}
            open={sending.open}
            onClose={() => setSending({ ...sending, open: false })}
            afterClose={() => setSending(undefined)}
          />
        </Suspense>
      )}
    </Panel>
  )
}

/** The address a bureau's file streams from: the call's path with the console's market and the call's query, as any call. */
export function downloadHref(run: Pick<BureauRunView, 'id' | 'market'>, bureau: Bureau, file: string): string {
  return `${opsBureauDownload.path}?${new URLSearchParams({ market: run.market, runId: String(run.id), bureau, file }).toString()}`
}

function Files({ run, row, reasonId }: { run: BureauRunView; row: BureauRow; reasonId: string | undefined }) {
  const { t } = useOpsText()
  const name = bureauName(t, row.bureau)
  return (
    <Space wrap>
      {row.files.map((file) =>
        reasonId ? (
          <Button key={file} size="small" disabled aria-describedby={reasonId} aria-label={t('bureau.run.downloadOf', { file, bureau: name })}>
            {t('bureau.run.download', { file })}
          </Button>
        ) : (
          <Button key={file} size="small" href={downloadHref(run, row.bureau, file)} aria-label={t('bureau.run.downloadOf', { file, bureau: name })}>
            {t('bureau.run.download', { file })}
          </Button>
        ),
      )}
    </Space>
  )
}

function SendState({
  run,
  row,
  flow,
  decides,
  onMark,
  reasonId,
}: {
  run: BureauRunView
  row: BureauRow
  flow: FourEyes<number>
  decides: boolean
  onMark: (() => void) | undefined
  reasonId: string | undefined
}) {
  const { t } = useOpsText()
  const market: Market = run.market
  const name = bureauName(t, row.bureau)
  const send = liveSend(row.send)
  if (send?.status === 'confirmed') {
    return <span>{t('bureau.run.sentText', { date: send.sentOn, by: send.decidedByEmail ?? (send.decidedBy === null ? '—' : `#${send.decidedBy}`) })}</span>
  }
  if (send?.status === 'pending') {
    return (
      <Flex vertical gap={4} align="flex-start">
        <span>
          <Tag color="gold">{t('bureau.run.pending')}</Tag>
          {t('bureau.run.pendingText', {
            date: send.sentOn,
            by: send.requestedByEmail ?? (send.requestedBy === null ? '—' : `#${send.requestedBy}`),
            at: formatDateTime(send.requestedAt, market),
          })}
        </span>
        {decides && (
          <FourEyesActions
            flow={flow}
            id={send.id}
            maker={send.requestedBy}
            expiresAt={send.expiresAt}
            subject={t('bureau.run.sendSubject', { bureau: name })}
            confirmLabel={t('bureau.run.confirm')}
            confirmQuestion={t('bureau.run.confirmQuestion', { bureau: name, date: send.sentOn })}
            withdrawLabel={t('bureau.run.withdraw')}
            ownNote={t('bureau.run.ownSend')}
          />
        )}
      </Flex>
    )
  }
  return (
    <Space wrap>
      <span>{t('bureau.run.notSent')}</span>
      {onMark && (
        <Button size="small" type="primary" onClick={onMark} disabled={reasonId !== undefined} aria-describedby={reasonId} aria-label={t('bureau.run.markSentOf', { bureau: name })}>
          {t('bureau.run.markSent')}
        </Button>
      )}
    </Space>
  )
}
