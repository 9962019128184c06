import { DECISION_BANDS, DECISION_OPS_LIMITS, type DecisionBand, type PolicyVersionView } from '@kilat/contract'
import type { Market } from '@kilat/domain'
import { Button, Flex, InputNumber, Progress, Select, Table, Tag, type TableColumnsType } from 'antd'
import { useEffect, useId, useRef, useState } from 'react'
import { formatCount, formatDate } from '../../shared/format'
import { isNetworkError } from '../../shared/api'
import { useOpsText, type OpsT } from '../app/i18n'
import { useOpsMutation } from '../app/mutation'
import { Panel } from '../app/panel'
import { BAND_COLORS } from './decision-texts'
import { ReplayFailed, runReplay, type ReplayResult } from './replay-stream'

export const REPLAY_DAYS_DEFAULT = 30

/** A version by name: its number once published; before, the draft waiting, or a draft withdrawn by its day. */
export function versionLabel(t: OpsT, v: PolicyVersionView): string {
  const status = t(`decisions.statuses.${v.status}`)
  if (v.version !== null) return t('decisions.replay.numberedVersion', { version: v.version, status })
  if (v.status === 'pending') return t('decisions.replay.waitingVersion')
  return t('decisions.replay.draftVersion', { at: formatDate(v.requestedAt, v.market), status })
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError'

/**
 * A version run over the market's applications of the last days (docs/product/decisions.md#replay):
 * the progress while the server goes through them, then where each band's applications would go
 * and, of those approved and paid out, what became of them.
 */
export function ReplayPanel({ market, versions, initial }: { market: Market; versions: readonly PolicyVersionView[]; initial: number | undefined }) {
  const { t } = useOpsText()
  const ids = useId()
  const [versionId, setVersionId] = useState<number | undefined>(initial)
  const [days, setDays] = useState<number | null>(REPLAY_DAYS_DEFAULT)
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null)
  const [result, setResult] = useState<{ result: ReplayResult; of: PolicyVersionView | undefined; days: number } | null>(null)
  const controller = useRef<AbortController | null>(null)
  // the version shown by default follows the page (a draft saved, a version published)
  const [seenInitial, setSeenInitial] = useState(initial)
  if (initial !== seenInitial) {
    setSeenInitial(initial)
    setVersionId(initial)
  }
  useEffect(() => () => controller.current?.abort(), [])

  const replay = useOpsMutation<{ versionId: number; days: number }, ReplayResult>({
    mutationFn: (body) => {
      controller.current?.abort()
      const aborting = new AbortController()
      controller.current = aborting
      setProgress({ done: 0, total: 0 })
      setResult(null)
      return runReplay(body, (done, total) => setProgress({ done, total }), aborting.signal)
    },
    onSuccess: (data, body) => setResult({ result: data, of: versions.find((v) => v.id === body.versionId), days: body.days }),
    errorText: (error, tt) => {
      if (isNetworkError(error)) return tt('app.network')
      if (error instanceof ReplayFailed) return error.message || tt('decisions.replay.failed')
      return undefined
    },
    // leaving (or stopping) is not a failure to tell
    onError: (error) => isAbort(error) || controller.current?.signal.aborted === true,
  })
  const running = replay.isPending
  const validDays = days !== null && Number.isInteger(days) && days >= 1 && days <= DECISION_OPS_LIMITS.replayDaysMax
  const percent = progress && progress.total > 0 ? Math.floor((progress.done / progress.total) * 100) : 0

  return (
    <Panel title={t('decisions.replay.title')}>
      <p className="ops-decisions-help">{t('decisions.replay.help')}</p>
      <Flex gap={16} wrap align="flex-end">
        <div>
          <label className="ops-decisions-label" htmlFor={`${ids}-version`}>
            {t('decisions.replay.version')}
          </label>
          <Select<number>
            id={`${ids}-version`}
            style={{ width: 280 }}
            value={versionId}
            onChange={setVersionId}
            placeholder={t('decisions.replay.noVersion')}
            options={versions.map((v) => ({ value: v.id, label: versionLabel(t, v) }))}
            disabled={running}
          />
        </div>
        <div>
          <label className="ops-decisions-label" htmlFor={`${ids}-days`}>
            {t('decisions.replay.days')}
          </label>
          <InputNumber<number>
            id={`${ids}-days`}
            min={1}
            max={DECISION_OPS_LIMITS.replayDaysMax}
            precision={0}
            value={days}
            onChange={setDays}
            aria-describedby={`${ids}-days-help`}
            disabled={running}
          />
          <div id={`${ids}-days-help`} className="ops-small">
            {t('decisions.replay.daysHelp', { max: DECISION_OPS_LIMITS.replayDaysMax })}
          </div>
        </div>
        <Flex gap={8}>
          <Button type="primary" loading={running} disabled={versionId === undefined || !validDays} onClick={() => versionId !== undefined && days !== null && replay.mutate({ versionId, days })}>
            {t('decisions.replay.run')}
          </Button>
          {running && <Button onClick={() => controller.current?.abort()}>{t('decisions.replay.stop')}</Button>}
        </Flex>
      </Flex>
      {running && progress && (
        <div className="ops-decisions-progress">
          <Progress percent={percent} status="active" aria-label={t('decisions.replay.progressLabel')} />
          <div role="status" className="ops-small">
            {progress.total > 0 ? t('decisions.replay.progress', { done: formatCount(progress.done, market), total: formatCount(progress.total, market) }) : t('decisions.replay.starting')}
          </div>
        </div>
      )}
      {!running && result && <ReplayResults market={market} {...result} />}
    </Panel>
  )
}

function ReplayResults({ market, result, of, days }: { market: Market; result: ReplayResult; of: PolicyVersionView | undefined; days: number }) {
  const { t } = useOpsText()
  const count = (n: number) => formatCount(n, market)
  const moved = (from: DecisionBand, to: DecisionBand) => result.moves[from]?.[to] ?? 0
  const changed = DECISION_BANDS.reduce((sum, from) => sum + DECISION_BANDS.reduce((s, to) => s + (from === to ? 0 : moved(from, to)), 0), 0)
  const band = (b: DecisionBand) => <Tag color={BAND_COLORS[b]}>{t(`decisions.bands.${b}`)}</Tag>

  const moveColumns: TableColumnsType<DecisionBand> = [
    { key: 'from', title: t('decisions.replay.fromTo'), rowScope: 'row', render: (_, from) => band(from) },
    ...DECISION_BANDS.map((to) => ({
      key: to,
      title: band(to),
      align: 'right' as const,
      onCell: (from: DecisionBand) => ({ className: from !== to && moved(from, to) > 0 ? 'ops-decisions-moved' : from === to ? 'ops-decisions-same' : undefined }),
      render: (_: unknown, from: DecisionBand) => count(moved(from, to)),
    })),
  ]
  const outcome = (b: DecisionBand) => result.outcomes[b] ?? { repaid: 0, overdue: 0, running: 0 }
  const outcomeColumns: TableColumnsType<DecisionBand> = [
    { key: 'band', title: t('decisions.replay.wouldDecide'), rowScope: 'row', render: (_, b) => band(b) },
    { key: 'repaid', title: t('decisions.replay.repaid'), align: 'right', render: (_, b) => count(outcome(b).repaid) },
    { key: 'overdue', title: t('decisions.replay.overdue'), align: 'right', render: (_, b) => count(outcome(b).overdue) },
    { key: 'running', title: t('decisions.replay.running'), align: 'right', render: (_, b) => count(outcome(b).running) },
  ]
  return (
    <Flex vertical gap={16} className="ops-decisions-results">
      <p role="status">
        {t('decisions.replay.summary', {
          version: of ? versionLabel(t, of) : '',
          total: count(result.total),
          count: days,
          changed: count(changed),
          millis: count(result.millis),
        })}
      </p>
      <div>
        <h3 className="ops-decisions-subheading">{t('decisions.replay.movesTitle')}</h3>
        <p className="ops-small">{t('decisions.replay.movesHelp')}</p>
        <Table<DecisionBand>
          rowKey={(b) => b}
          size="small"
          bordered
          pagination={false}
          dataSource={[...DECISION_BANDS]}
          columns={moveColumns}
          className="ops-decisions-moves"
          caption={<span className="ops-visually-hidden">{t('decisions.replay.movesCaption')}</span>}
        />
      </div>
      <div>
        <h3 className="ops-decisions-subheading">{t('decisions.replay.outcomesTitle')}</h3>
        <p className="ops-small">{t('decisions.replay.outcomesHelp')}</p>
        <Table<DecisionBand>
          rowKey={(b) => b}
          size="small"
          bordered
          pagination={false}
          dataSource={[...DECISION_BANDS]}
          columns={outcomeColumns}
          caption={<span className="ops-visually-hidden">{t('decisions.replay.outcomesCaption')}</span>}
        />
      </div>
    </Flex>
  )
}
