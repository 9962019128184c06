import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { MARKETS, marketLocalHour } from '@kilat/domain'

/**
 * Every Prometheus series the server exposes, in one place (docs/operations/metrics.md lists them
 * with their labels). One registry per process: the modules count their events on these objects,
 * the database figures are set by the refresh (database-figures.ts), and a scrape only serialises.
 *
 * Labels take bounded values only: a route template, a market, a provider, a state, an outcome.
 */
export const metricsRegistry = new Registry()

collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 })

const registers = [metricsRegistry]

// HTTP

/** Buckets from 5 ms to 10 s: the borrower calls' p99 budget sits between them (docs/product/platform.md#benchmarks). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

export const httpRequestDuration = new Histogram({
  name: 'kilat_http_request_duration_seconds',
  help: 'Requests answered, by route template, status code and surface.',
  labelNames: ['method', 'route', 'status_code', 'surface'] as const,
  buckets: HTTP_BUCKETS,
  registers,
})

// The process

export const dbInfo = new Gauge({ name: 'kilat_db_info', help: 'The database engine this process uses (1).', labelNames: ['engine'] as const, registers })

/** The PostgreSQL pool's own counters, read at each scrape; none on PGlite (one connection, no pool). */
let poolFigures: (() => { total: number; idle: number; waiting: number }) | undefined

export function watchPool(figures: typeof poolFigures): void {
  poolFigures = figures
}

export const dbPoolConnections = new Gauge({
  name: 'kilat_db_pool_connections',
  help: 'The PostgreSQL pool: connections in use, idle, and requests waiting for one.',
  labelNames: ['state'] as const,
  registers,
  collect() {
    const figures = poolFigures?.()
    if (!figures) return
    this.set({ state: 'in_use' }, figures.total - figures.idle)
    this.set({ state: 'idle' }, figures.idle)
    this.set({ state: 'waiting' }, figures.waiting)
  },
})

export const marketLocalHourGauge = new Gauge({
  name: 'kilat_market_local_hour',
  help: "The hour of day in the market's time zone.",
  labelNames: ['market'] as const,
  registers,
  collect() {
    const now = new Date()
    for (const market of MARKETS) this.set({ market }, marketLocalHour(now, market))
  },
})

// Money flows (database figures: database-figures.ts)

export const paymentInboxPending = new Gauge({ name: 'kilat_payment_inbox_pending', help: 'Payment callbacks received and not yet applied.', labelNames: ['market'] as const, registers })

export const paymentInboxOldestPendingSeconds = new Gauge({
  name: 'kilat_payment_inbox_oldest_pending_seconds',
  help: 'Age of the oldest payment callback not yet applied (0 when none waits).',
  labelNames: ['market'] as const,
  registers,
})

export const payoutOutboxRequests = new Gauge({
  name: 'kilat_payout_outbox_requests',
  help: 'Payouts still in the outbox, by state.',
  labelNames: ['market', 'state'] as const,
  registers,
})

export const payoutOutboxOldestSeconds = new Gauge({
  name: 'kilat_payout_outbox_oldest_seconds',
  help: 'Age in its state of the oldest payout sending or accepted (0 when none).',
  labelNames: ['market', 'provider', 'state'] as const,
  registers,
})

export const payoutsTotal = new Counter({ name: 'kilat_payouts_total', help: 'Payouts that reached a final state.', labelNames: ['market', 'outcome'] as const, registers })

export const payoutsAmountCents = new Counter({
  name: 'kilat_payouts_amount_cents_total',
  help: "Amounts of the payouts that reached a final state, in the market's cents.",
  labelNames: ['market', 'outcome'] as const,
  registers,
})

export const reconOpenDifferences = new Gauge({ name: 'kilat_recon_open_differences', help: 'Reconciliation differences not yet resolved.', labelNames: ['market', 'kind'] as const, registers })

export const reconUnreconciledDays = new Gauge({
  name: 'kilat_recon_unreconciled_days',
  help: 'Days before today, within the last 30, not yet closed by reconciliation.',
  labelNames: ['market'] as const,
  registers,
})

export const adjustmentsPendingSecond = new Gauge({
  name: 'kilat_adjustments_pending_second',
  help: 'Refunds, waivers and other adjustments waiting for a second member.',
  labelNames: ['market', 'kind'] as const,
  registers,
})

// Providers

/** Provider calls take from 50 ms to the 10 s timeout. */
const PROVIDER_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

export const providerCallDuration = new Histogram({
  name: 'kilat_provider_call_duration_seconds',
  help: 'Calls to a provider, by operation and outcome.',
  labelNames: ['provider', 'operation', 'outcome'] as const,
  buckets: PROVIDER_BUCKETS,
  registers,
})

export const providerCallbacks = new Counter({
  name: 'kilat_provider_callbacks_total',
  help: 'Callbacks received from a provider, accepted or refused.',
  labelNames: ['provider', 'kind', 'outcome'] as const,
  registers,
})

export const providerLastCallbackTimestamp = new Gauge({
  name: 'kilat_provider_last_callback_timestamp_seconds',
  help: 'When the last accepted callback of a provider arrived, from the database.',
  labelNames: ['provider', 'kind', 'market'] as const,
  registers,
})

export const smsTotal = new Counter({ name: 'kilat_sms_total', help: 'Text messages handed to a provider, sent or failed.', labelNames: ['provider', 'market', 'outcome'] as const, registers })

// Jobs

export const jobLastRunTimestamp = new Gauge({ name: 'kilat_job_last_run_timestamp_seconds', help: 'When the job last finished a pass.', labelNames: ['job'] as const, registers })

export const jobLastSuccessTimestamp = new Gauge({
  name: 'kilat_job_last_success_timestamp_seconds',
  help: 'When the job last finished a pass without an error.',
  labelNames: ['job'] as const,
  registers,
})

export const jobDuration = new Histogram({
  name: 'kilat_job_duration_seconds',
  help: "A job's passes.",
  labelNames: ['job', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
  registers,
})

export const jobIntervalSeconds = new Gauge({ name: 'kilat_job_interval_seconds', help: 'How often the job runs.', labelNames: ['job'] as const, registers })

export const jobLeaseHeld = new Gauge({
  name: 'kilat_job_lease_held',
  help: 'This process runs the job (every process does; each pass claims its rows with SKIP LOCKED).',
  labelNames: ['job'] as const,
  registers,
})

// Business

export const applicationsSubmitted = new Counter({ name: 'kilat_applications_submitted_total', help: 'Loan applications submitted.', labelNames: ['market'] as const, registers })

export const decisionsTotal = new Counter({
  name: 'kilat_decisions_total',
  help: 'Applications decided, by policy band (manual for a person) and decision.',
  labelNames: ['market', 'band', 'decision'] as const,
  registers,
})

export const loansOverdue = new Gauge({ name: 'kilat_loans_overdue', help: "Overdue loans per collections bucket (the desk's kept counts).", labelNames: ['market', 'bucket'] as const, registers })
