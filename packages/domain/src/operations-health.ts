/**
 * The limits an operator watches the money flows by (docs/operations/runbook.md): the console's
 * health screen grades each figure with them, and the Prometheus alerts fire at the `alert` level
 * (ops/prometheus/thresholds.yml holds the same numbers, and a test keeps the two equal).
 *
 * A figure at or above `warn` is amber, at or above `alert` red; below both it is green.
 */
import { formatDateTime } from './format.js'
import type { Market } from './markets.js'

export interface Limit {
  warn: number
  alert: number
}

export const HEALTH_LIMITS = {
  /** Seconds the oldest payment callback has waited in the inbox without being applied. */
  inboxOldestSeconds: { warn: 120, alert: 600 },
  /** Seconds the oldest payout has been `sending` (asked of the provider, no answer yet). */
  outboxSendingSeconds: { warn: 300, alert: 900 },
  /** Seconds the oldest payout has been `accepted` by the provider without its final callback. */
  outboxAcceptedSeconds: { warn: 1800, alert: 7200 },
  /** The share of a provider's calls that failed (PROVIDER_FAILED_OUTCOMES: every outcome but accepted and refused), over 5 minutes for the alert, 15 for the screen. */
  providerErrorRatio: { warn: 0.05, alert: 0.2 },
  /** Seconds since a provider's last callback while payouts wait for one, during its market's day. */
  callbackSilenceSeconds: { warn: 900, alert: 1800 },
  /** Days before today not yet reconciled, once the market's local hour has passed RECONCILED_BY_HOUR. */
  unreconciledDays: { warn: 1, alert: 1 },
  /** Seconds of the borrower calls' p99 over 5 minutes (docs/product/platform.md#benchmarks: 50 ms at 500 req/s; a budget with headroom). */
  borrowerP99Seconds: { warn: 0.25, alert: 0.5 },
  /** A job's last successful pass, in multiples of its interval (a pass every 10 s that last succeeded 100 s ago is at 10). */
  jobLateIntervals: { warn: 3, alert: 10 },
} as const satisfies Record<string, Limit>

export type HealthFigure = keyof typeof HEALTH_LIMITS

/** The market's local hour by which yesterday's reconciliation should be closed. */
export const RECONCILED_BY_HOUR = 12

/** A market's day, local time, [from, to): callbacks are expected from providers only then. */
export const MARKET_DAY_HOURS = { from: 8, to: 21 } as const

/** The minimum calls in the window before a provider's error ratio is graded (two failures of three calls is not an outage). */
export const PROVIDER_MIN_CALLS = 10

export type HealthLevel = 'ok' | 'warn' | 'alert'

/** Grades a figure; a figure not known (no data yet) is `ok` only when the caller says so: it answers undefined. */
export function gradeOf(figure: HealthFigure, value: number | null | undefined): HealthLevel | undefined {
  if (value === null || value === undefined || !Number.isFinite(value)) return undefined
  const limit: Limit = HEALTH_LIMITS[figure]
  if (value >= limit.alert) return 'alert'
  if (value >= limit.warn) return 'warn'
  return 'ok'
}

/** The worse of two levels (a market's card shows its worst figure). */
export function worstOf(levels: readonly (HealthLevel | undefined)[]): HealthLevel | undefined {
  const order: HealthLevel[] = ['ok', 'warn', 'alert']
  let worst: HealthLevel | undefined
  for (const level of levels) if (level && (!worst || order.indexOf(level) > order.indexOf(worst))) worst = level
  return worst
}

/**
 * The outcomes of a provider call that count as failed in its error ratio, as the ProviderErrorRate
 * alert counts them (docs/operations/runbook.md#providererrorrate): no definite answer (5xx, a
 * timeout, 429, the network, an answer we could not read), or a 4xx about us rather than the
 * request (a key revoked, an address wrong), which fails every call as an outage does. A definite
 * answer (`accepted`, `refused`) is not a failure.
 */
export const PROVIDER_FAILED_OUTCOMES = ['4xx', '5xx', 'timeout', '429', 'network', 'bad_answer'] as const
export type ProviderFailedOutcome = (typeof PROVIDER_FAILED_OUTCOMES)[number]

export function isFailedProviderOutcome(outcome: string): outcome is ProviderFailedOutcome {
  return (PROVIDER_FAILED_OUTCOMES as readonly string[]).includes(outcome)
}

/** The window of the health screen's provider error ratio, in minutes (the alert's is 5). */
export const PROVIDER_WINDOW_MINUTES = 15

/** The share of a provider's calls that failed, 0 to 1; null without calls. */
export function providerErrorRatio(calls: number, failed: number): number | null {
  if (!(calls > 0)) return null
  return Math.min(1, Math.max(0, failed) / calls)
}

/** A provider's level over the window: not graded (undefined) below PROVIDER_MIN_CALLS calls. */
export function gradeProvider(calls: number, failed: number): HealthLevel | undefined {
  if (!(calls >= PROVIDER_MIN_CALLS)) return undefined
  return gradeOf('providerErrorRatio', providerErrorRatio(calls, failed))
}

/**
 * How late a job is, in multiples of its interval: the time since its last successful pass, or
 * since `startedAt` (the process's start) when it has not succeeded yet in this process. Undefined
 * when its interval is not known. Times in seconds.
 */
export function jobLateIntervals(job: { nowSeconds: number; lastSuccessSeconds?: number | null; intervalSeconds?: number | null; startedAtSeconds: number }): number | undefined {
  const { nowSeconds, lastSuccessSeconds, intervalSeconds, startedAtSeconds } = job
  if (intervalSeconds === null || intervalSeconds === undefined || !(intervalSeconds > 0)) return undefined
  const since = lastSuccessSeconds ?? startedAtSeconds
  return Math.max(0, nowSeconds - since) / intervalSeconds
}

/** The hour of day (0-23) in the market's time zone. */
export function marketLocalHour(now: Date, market: Market): number {
  return Number(formatDateTime(now, market).slice(11, 13))
}

/**
 * A market's reconciliation, graded: the days before today not yet closed, once the market's
 * local hour has reached RECONCILED_BY_HOUR. Before it, yesterday may still be open (it is
 * reconciled in the morning), so one open day is not counted; a second one is.
 */
export function reconciliationGrade(unreconciledDays: number, localHour: number): { counted: number; pastReconciledBy: boolean; level: HealthLevel | undefined } {
  const pastReconciledBy = localHour >= RECONCILED_BY_HOUR
  const counted = Math.max(0, pastReconciledBy ? unreconciledDays : unreconciledDays - 1)
  return { counted, pastReconciledBy, level: gradeOf('unreconciledDays', counted) }
}

/** Counters read at one moment (milliseconds since the epoch), by key. */
export interface CountSnapshot {
  at: number
  counts: Readonly<Record<string, number>>
}

/**
 * What counters counted over the last `windowMs`, from snapshots of them (oldest first): each key's
 * count now less its count in the oldest snapshot inside the window (a key not in it counted from
 * 0, a counter that went down was reset and counts from 0). `coveredMs` is the time the figures
 * span; `sinceStart` says the snapshots do not reach back a whole window (the process started
 * since), so the figures are since the first snapshot.
 */
export function countsOverWindow(
  snapshots: readonly CountSnapshot[],
  current: CountSnapshot,
  windowMs: number,
): { counts: Record<string, number>; coveredMs: number; sinceStart: boolean } {
  const start = current.at - windowMs
  const past = snapshots.filter((s) => s.at <= current.at)
  const base = past.find((s) => s.at >= start) ?? past.at(-1)
  const sinceStart = !past.some((s) => s.at <= start)
  const counts: Record<string, number> = {}
  for (const [key, now] of Object.entries(current.counts)) {
    const then = base?.counts[key] ?? 0
    counts[key] = now >= then ? now - then : now
  }
  return { counts, coveredMs: base ? current.at - base.at : 0, sinceStart }
}

/**
 * The snapshots worth keeping for a window ending at `nowMs`: those inside it and the newest one
 * before it (which tells the window is whole).
 */
export function keptSnapshots<S extends CountSnapshot>(snapshots: readonly S[], nowMs: number, windowMs: number): S[] {
  const start = nowMs - windowMs
  const older = snapshots.filter((s) => s.at < start)
  const inside = snapshots.filter((s) => s.at >= start)
  const newestOlder = older.at(-1)
  return newestOlder ? [newestOlder, ...inside] : inside
}
