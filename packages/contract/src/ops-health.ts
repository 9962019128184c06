import { MARKETS } from '@kilat/domain'
import { z } from 'zod'
import { defineOpsCall, OPS_API_PREFIX } from './ops.js'

/**
 * The lender's health screen (docs/product/operations.md#health): each market's money flows graded
 * by the limits of `packages/domain/src/operations-health.ts`, read from the server's own metrics
 * (docs/operations/metrics.md), with the providers' calls and the jobs' last passes. A level is
 * `ok`, `warn` or `alert`; null where a figure is not graded (no data yet, too few calls).
 */

const market = z.enum(MARKETS)
const isoString = z.string()
const count = z.number().int().nonnegative()
const seconds = z.number().nonnegative()

export const HEALTH_LEVELS = ['ok', 'warn', 'alert'] as const
const level = z.enum(HEALTH_LEVELS)

/** The limit a figure is graded by: amber from `warn`, red from `alert`, in the figure's unit. */
export const healthLimitSchema = z.object({ warn: z.number(), alert: z.number() })

/** The age of the oldest item of a queue, graded. */
const oldestSchema = z.object({
  /** Seconds; 0 when nothing waits. */
  oldestSeconds: seconds,
  level,
  limit: healthLimitSchema,
})

export const marketHealthSchema = z.object({
  market,
  /** The worst level of the market's figures and of the providers that serve it. */
  level,
  /** The hour of day (0-23) in the market's time zone. */
  localHour: z.number().int().min(0).max(23),
  /** Payment callbacks received and not yet applied. */
  inbox: oldestSchema.extend({ pending: count }),
  /** Payouts still in the outbox: how many in each state, and the oldest `sending` and `accepted`. */
  outbox: z.object({
    confirmed: count,
    sending: count,
    accepted: count,
    oldestSending: oldestSchema,
    oldestAccepted: oldestSchema,
  }),
  reconciliation: z.object({
    /** Days before today, within the last 30, not yet closed. */
    unreconciledDays: count,
    /** Differences found and not yet resolved. */
    openDifferences: count,
    /** The local hour by which yesterday should be closed, and whether it has passed. */
    reconciledByHour: z.number().int(),
    pastReconciledBy: z.boolean(),
    level,
    limit: healthLimitSchema,
  }),
  /** Refunds, waivers and other adjustments waiting for a second member (not graded). */
  adjustmentsPendingSecond: count,
  /** The providers the metrics show serving the market (its payouts, callbacks, text messages). */
  providers: z.array(z.string()),
})
export type MarketHealth = z.infer<typeof marketHealthSchema>

export const providerHealthSchema = z.object({
  name: z.string(),
  /** The markets it serves, as far as the metrics show; empty when they do not say. */
  markets: z.array(market),
  /** This process's calls to it over the window, and those that failed (no definite answer: 4xx, 5xx, timeout, 429, network, an unreadable answer). */
  calls: count,
  failed: count,
  /** The failed calls by outcome, the largest first. */
  failures: z.array(z.object({ outcome: z.string(), calls: count })),
  /** failed / calls; null without calls. */
  ratio: z.number().min(0).max(1).nullable(),
  /** Null below `providerWindow.minCalls` calls. */
  level: level.nullable(),
})
export type ProviderHealth = z.infer<typeof providerHealthSchema>

export const jobHealthSchema = z.object({
  name: z.string(),
  lastRunAt: isoString.nullable(),
  lastSuccessAt: isoString.nullable(),
  intervalSeconds: seconds.nullable(),
  /** Intervals since the last success (or since the process started, before any): graded by `limit`. */
  lateIntervals: z.number().nonnegative().nullable(),
  level: level.nullable(),
  limit: healthLimitSchema,
})
export type JobHealth = z.infer<typeof jobHealthSchema>

/**
 * Admins, and finance, who works the desks these figures watch: every market of the staff member,
 * read at `asOf`. The providers' calls and the jobs are this server process's own.
 */
export const opsHealth = defineOpsCall({
  method: 'GET',
  path: `${OPS_API_PREFIX}/health`,
  roles: ['admin', 'finance'],
  data: z.object({
    asOf: isoString,
    /** The worst level of everything below. */
    level,
    markets: z.array(marketHealthSchema),
    providers: z.array(providerHealthSchema),
    providerWindow: z.object({
      /** The window asked for (15 minutes) and the seconds the figures span. */
      minutes: z.number().int(),
      coveredSeconds: seconds,
      /** The process started less than a window ago: the figures are since it started. */
      sinceStart: z.boolean(),
      /** Calls below which a provider's ratio is not graded. */
      minCalls: z.number().int(),
      limit: healthLimitSchema,
    }),
    jobs: z.array(jobHealthSchema),
  }),
})
export type OpsHealth = z.infer<typeof opsHealth.data>

/** The health screen's calls, in the console's access matrix (ops-calls.ts). */
export const HEALTH_OPS_CALLS = [opsHealth] as const
