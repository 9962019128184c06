import type { DataOf, JobHealth, MarketHealth, opsHealth, ProviderHealth } from '@kilat/contract'
import {
  HEALTH_LIMITS,
  MARKETS,
  PROVIDER_MIN_CALLS,
  PROVIDER_WINDOW_MINUTES,
  RECONCILED_BY_HOUR,
  countsOverWindow,
  gradeOf,
  gradeProvider,
  isFailedProviderOutcome,
  isMarket,
  jobLateIntervals,
  keptSnapshots,
  marketLocalHour,
  providerErrorRatio,
  reconciliationGrade,
  worstOf,
  type CountSnapshot,
  type HealthLevel,
  type Market,
} from '@kilat/domain'
import type { Db } from '../../db/client.js'
import { keptReads } from '../../db/kept-reads.js'
import type { StaffPrincipal } from '../../http/types.js'
import {
  adjustmentsPendingSecond,
  jobIntervalSeconds,
  jobLastRunTimestamp,
  jobLastSuccessTimestamp,
  paymentInboxOldestPendingSeconds,
  paymentInboxPending,
  payoutOutboxOldestSeconds,
  payoutOutboxRequests,
  providerCallDuration,
  providerLastCallbackTimestamp,
  reconOpenDifferences,
  reconUnreconciledDays,
  smsTotal,
} from '../../telemetry/metrics.js'
import { refreshDatabaseFigures } from '../../telemetry/database-figures.js'

/**
 * The health screen's figures (docs/product/operations.md#health), read from this process's own
 * metrics (docs/operations/metrics.md) and graded by the limits of the domain
 * (`operations-health.ts`). The database figures are refreshed first, at most once every few
 * seconds; the providers' calls are counters, so their last 15 minutes come from snapshots of them
 * taken once a minute and at each read.
 */

/** How long a refresh of the database figures serves the reads after it (the machine's time). */
export const REFRESH_KEPT_MS = 5_000
/** How often the providers' counts are taken while the server runs. */
export const SNAPSHOT_EVERY_MS = 60_000
/** A read takes no snapshot of its own this soon after the last one. */
const SNAPSHOT_MIN_GAP_MS = 5_000
const WINDOW_MS = PROVIDER_WINDOW_MINUTES * 60_000

const keptRefresh = keptReads<void>(REFRESH_KEPT_MS)
let refreshes = 0

/** The next read refreshes the database figures whatever the time since the last (a test that changed the database). */
export function refreshOnNextRead(): void {
  refreshes += 1
}

type Labels = Partial<Record<string, string | number>>
type Values = Array<{ value: number; labels: Labels; metricName?: string }>

const label = (labels: Labels, name: string): string | undefined => {
  const value = labels[name]
  return value === undefined ? undefined : String(value)
}

/** The sum of a gauge's values whose labels match. */
function sumOf(values: Values, match: Labels): number {
  let sum = 0
  for (const v of values) if (Object.entries(match).every(([k, want]) => label(v.labels, k) === want)) sum += v.value
  return sum
}

/** The largest of a gauge's values whose labels match (0 when none). */
function maxOf(values: Values, match: Labels): number {
  let max = 0
  for (const v of values) if (Object.entries(match).every(([k, want]) => label(v.labels, k) === want) && v.value > max) max = v.value
  return max
}

const KEY_SEPARATOR = '\u0000'
const NO_PROVIDER = 'none'

/** The providers' calls so far in this process, by provider and outcome (every operation summed). */
export async function providerCallCounts(): Promise<Record<string, number>> {
  const { values } = await providerCallDuration.get()
  const counts: Record<string, number> = {}
  for (const v of values) {
    if (!v.metricName?.endsWith('_count')) continue
    const provider = label(v.labels, 'provider')
    const outcome = label(v.labels, 'outcome')
    if (provider === undefined || outcome === undefined) continue
    const key = `${provider}${KEY_SEPARATOR}${outcome}`
    counts[key] = (counts[key] ?? 0) + v.value
  }
  return counts
}

/**
 * The providers' counts, taken once a minute and at each read: enough to know what they counted in
 * the last window. One ring per process, as the counters are.
 */
let snapshots: CountSnapshot[] = []

/** Takes the providers' counts now, and keeps them unless the last snapshot is only a few seconds old. */
export async function snapshotProviderCalls(atMs = Date.now()): Promise<CountSnapshot> {
  const current = { at: atMs, counts: await providerCallCounts() }
  const last = snapshots.at(-1)
  if (!last || atMs - last.at >= SNAPSHOT_MIN_GAP_MS) snapshots = keptSnapshots([...snapshots.filter((s) => s.at <= atMs), current], atMs, WINDOW_MS)
  return current
}

/** The first snapshot of the process: every counter at 0 when it started (the figures are "since it started" until a window has passed). */
export function startProviderWindow(atMs = Date.now() - process.uptime() * 1000): void {
  if (snapshots.length === 0) snapshots = [{ at: atMs, counts: {} }]
}

/** Tests start from an empty ring. */
export function forgetProviderSnapshots(): void {
  snapshots = []
}

async function providersOver(atMs: number, marketsOf: Map<string, Set<Market>>): Promise<{ providers: ProviderHealth[]; coveredSeconds: number; sinceStart: boolean }> {
  startProviderWindow()
  const base = [...snapshots]
  const current = await snapshotProviderCalls(atMs)
  const { counts, coveredMs, sinceStart } = countsOverWindow(base, current, WINDOW_MS)
  const byProvider = new Map<string, { calls: number; failures: Map<string, number> }>()
  const entry = (name: string) => {
    let found = byProvider.get(name)
    if (!found) byProvider.set(name, (found = { calls: 0, failures: new Map() }))
    return found
  }
  for (const key of Object.keys(current.counts)) entry(key.split(KEY_SEPARATOR)[0]!)
  for (const name of marketsOf.keys()) entry(name)
  for (const [key, calls] of Object.entries(counts)) {
    const [name, outcome] = key.split(KEY_SEPARATOR) as [string, string]
    const found = entry(name)
    found.calls += calls
    if (isFailedProviderOutcome(outcome) && calls > 0) found.failures.set(outcome, (found.failures.get(outcome) ?? 0) + calls)
  }
  const providers = [...byProvider.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, { calls, failures }]): ProviderHealth => {
      const failed = [...failures.values()].reduce((a, b) => a + b, 0)
      return {
        name,
        markets: MARKETS.filter((m) => marketsOf.get(name)?.has(m)),
        calls,
        failed,
        failures: [...failures.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([outcome, n]) => ({ outcome, calls: n })),
        ratio: providerErrorRatio(calls, failed),
        level: gradeProvider(calls, failed) ?? null,
      }
    })
  return { providers, coveredSeconds: Math.round(coveredMs / 1000), sinceStart }
}

/** Which markets each provider serves, as the series labelled with both say. */
async function providerMarkets(): Promise<Map<string, Set<Market>>> {
  const found = new Map<string, Set<Market>>()
  const [outbox, callbacks, sms] = await Promise.all([payoutOutboxOldestSeconds.get(), providerLastCallbackTimestamp.get(), smsTotal.get()])
  for (const v of [...outbox.values, ...callbacks.values, ...sms.values]) {
    const provider = label(v.labels, 'provider')
    const market = label(v.labels, 'market')
    // a payout not yet given to a provider is counted under `none`: no provider
    if (provider === undefined || provider === NO_PROVIDER) continue
    let markets = found.get(provider)
    if (!markets) found.set(provider, (markets = new Set()))
    if (isMarket(market)) markets.add(market)
  }
  return found
}

async function jobsAt(nowSeconds: number): Promise<JobHealth[]> {
  const [interval, lastRun, lastSuccess] = await Promise.all([jobIntervalSeconds.get(), jobLastRunTimestamp.get(), jobLastSuccessTimestamp.get()])
  const byJob = (values: Values) => new Map(values.flatMap((v) => (label(v.labels, 'job') === undefined ? [] : [[label(v.labels, 'job')!, v.value] as const])))
  const intervals = byJob(interval.values)
  const runs = byJob(lastRun.values)
  const successes = byJob(lastSuccess.values)
  const names = [...new Set([...intervals.keys(), ...runs.keys(), ...successes.keys()])].sort((a, b) => a.localeCompare(b))
  const startedAtSeconds = nowSeconds - process.uptime()
  const iso = (seconds: number | undefined) => (seconds === undefined || !(seconds > 0) ? null : new Date(seconds * 1000).toISOString())
  return names.map((name) => {
    const intervalSeconds = intervals.get(name)
    const lastSuccessSeconds = successes.get(name)
    const late = jobLateIntervals({ nowSeconds, lastSuccessSeconds: lastSuccessSeconds && lastSuccessSeconds > 0 ? lastSuccessSeconds : null, intervalSeconds, startedAtSeconds })
    return {
      name,
      lastRunAt: iso(runs.get(name)),
      lastSuccessAt: iso(lastSuccessSeconds),
      intervalSeconds: intervalSeconds !== undefined && intervalSeconds > 0 ? intervalSeconds : null,
      lateIntervals: late === undefined ? null : Math.round(late * 100) / 100,
      level: gradeOf('jobLateIntervals', late) ?? null,
      limit: HEALTH_LIMITS.jobLateIntervals,
    }
  })
}

async function marketFigures(markets: readonly Market[], now: Date, marketsOf: Map<string, Set<Market>>): Promise<Array<Omit<MarketHealth, 'level'> & { ownLevel: HealthLevel }>> {
  const [pending, oldestPending, outboxCounts, outboxOldest, differences, unreconciled, adjustments] = await Promise.all([
    paymentInboxPending.get(),
    paymentInboxOldestPendingSeconds.get(),
    payoutOutboxRequests.get(),
    payoutOutboxOldestSeconds.get(),
    reconOpenDifferences.get(),
    reconUnreconciledDays.get(),
    adjustmentsPendingSecond.get(),
  ])
  return markets.map((market) => {
    const oldest = (figure: 'inboxOldestSeconds' | 'outboxSendingSeconds' | 'outboxAcceptedSeconds', seconds: number) => ({
      oldestSeconds: Math.round(seconds),
      level: gradeOf(figure, seconds) ?? 'ok',
      limit: HEALTH_LIMITS[figure],
    })
    const localHour = marketLocalHour(now, market)
    const recon = reconciliationGrade(sumOf(unreconciled.values, { market }), localHour)
    const inbox = { pending: sumOf(pending.values, { market }), ...oldest('inboxOldestSeconds', maxOf(oldestPending.values, { market })) }
    const oldestSending = oldest('outboxSendingSeconds', maxOf(outboxOldest.values, { market, state: 'sending' }))
    const oldestAccepted = oldest('outboxAcceptedSeconds', maxOf(outboxOldest.values, { market, state: 'accepted' }))
    const reconLevel = recon.level ?? 'ok'
    return {
      market,
      localHour,
      inbox,
      outbox: {
        confirmed: sumOf(outboxCounts.values, { market, state: 'confirmed' }),
        sending: sumOf(outboxCounts.values, { market, state: 'sending' }),
        accepted: sumOf(outboxCounts.values, { market, state: 'accepted' }),
        oldestSending,
        oldestAccepted,
      },
      reconciliation: {
        unreconciledDays: sumOf(unreconciled.values, { market }),
        openDifferences: sumOf(differences.values, { market }),
        reconciledByHour: RECONCILED_BY_HOUR,
        pastReconciledBy: recon.pastReconciledBy,
        level: reconLevel,
        limit: HEALTH_LIMITS.unreconciledDays,
      },
      adjustmentsPendingSecond: sumOf(adjustments.values, { market }),
      providers: [...marketsOf.entries()].filter(([, served]) => served.has(market)).map(([name]) => name).sort((a, b) => a.localeCompare(b)),
      ownLevel: worstOf([inbox.level, oldestSending.level, oldestAccepted.level, reconLevel]) ?? 'ok',
    }
  })
}

export interface HealthDeps {
  db: Db
  /** The app's clock: the database figures' ages, the markets' local hours, `asOf`. */
  now: () => Date
}

/**
 * The health of the staff member's markets. The providers' calls and the jobs are the process's
 * own (each server process counts its own); a provider known to serve only other markets is left
 * out.
 */
export async function healthOf(deps: HealthDeps, staff: StaffPrincipal): Promise<DataOf<typeof opsHealth>> {
  const now = deps.now()
  await keptRefresh(deps.db, `figures ${refreshes}`, () => refreshDatabaseFigures(deps.db, now))
  const marketsOf = await providerMarkets()
  const wanted = MARKETS.filter((m) => staff.markets.includes(m))
  const wallMs = Date.now()
  const [figures, window, jobs] = await Promise.all([marketFigures(wanted, now, marketsOf), providersOver(wallMs, marketsOf), jobsAt(wallMs / 1000)])
  const providers = window.providers.filter((p) => p.markets.length === 0 || p.markets.some((m) => wanted.includes(m)))
  const levelOf = new Map(providers.map((p) => [p.name, p.level ?? undefined]))
  const markets: MarketHealth[] = figures.map(({ ownLevel, ...figure }) => ({
    ...figure,
    level: worstOf([ownLevel, ...figure.providers.map((name) => levelOf.get(name))]) ?? 'ok',
  }))
  return {
    asOf: now.toISOString(),
    level: worstOf([...markets.map((m) => m.level), ...providers.map((p) => p.level ?? undefined), ...jobs.map((j) => j.level ?? undefined)]) ?? 'ok',
    markets,
    providers,
    providerWindow: {
      minutes: PROVIDER_WINDOW_MINUTES,
      coveredSeconds: window.coveredSeconds,
      sinceStart: window.sinceStart,
      minCalls: PROVIDER_MIN_CALLS,
      limit: HEALTH_LIMITS.providerErrorRatio,
    },
    jobs,
  }
}
