import type { FastifyBaseLogger } from 'fastify'
import { repeatPass, type RepeatingPass } from '../../jobs/repeat.js'
import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import { accrueLateCharges } from './orders.late-charges.js'
import { BATCH, decideOrders, disburseOrders, markOverdue, type DemoPayouts, type StepOutcome } from './orders.lifecycle.js'

/**
 * The order job (docs/product/loans.md#order-job): moves orders through their lifecycle and
 * accrues late charges. Each step claims its rows, so any number of processes may run it at once.
 */

export interface JobDeps {
  db: Db
  config: Pick<Config, 'DEMO_MODE' | 'DECISION_DELAY_SECONDS' | 'DISBURSE_DELAY_SECONDS'>
  /** Demo mode's payouts: the payout desk's (money-desk.service demoPayouts), handed in by whoever runs the job. */
  payouts: DemoPayouts
  /**
   * The system's decisions by the markets' published credit policies (modules/decisions,
   * docs/product/decisions.md): one step over a batch of submitted orders, handed in by whoever
   * runs the job. Without it (or for a market with no policy) people decide, or demo mode does.
   */
  decisions?: (now: Date) => Promise<StepOutcome>
}

export interface JobResult {
  approved: number
  rejected: number
  /** Demo mode: payouts the system asked for and confirmed into the payout outbox (the order turns due when the provider completes it). */
  payoutsQueued: number
  overdue: number
  /** Orders that were charged late charges in this run. */
  accrued: number
}

/** Runs every step once for the instant `now` (tests pass their own). */
export async function runOrderJob(deps: JobDeps, now: Date): Promise<JobResult> {
  const result: JobResult = { approved: 0, rejected: 0, payoutsQueued: 0, overdue: 0, accrued: 0 }
  const count = (outcome: StepOutcome) => {
    for (const event of outcome.moved) {
      if (event === 'approve') result.approved += 1
      else if (event === 'reject') result.rejected += 1
      else if (event === 'disburse') result.payoutsQueued += 1
      else if (event === 'dueDatePassed') result.overdue += 1
    }
    return outcome.claimed
  }
  // The published policies first: what they decide, demo mode no longer sees.
  const decisions = deps.decisions
  if (decisions) await repeat(async () => count(await decisions(now)))
  // Demo mode stands in for the risk team and the payout provider; in production staff decide.
  if (deps.config.DEMO_MODE) {
    await repeat(async () => count(await decideOrders(deps.db, now, deps.config.DECISION_DELAY_SECONDS)))
    await repeat(async () => count(await disburseOrders(deps.db, now, deps.config.DISBURSE_DELAY_SECONDS, deps.payouts)))
  }
  await repeat(async () => count(await markOverdue(deps.db, now)))
  await repeat(async () => {
    const { claimed, accrued } = await accrueLateCharges(deps.db, now)
    result.accrued += accrued
    return claimed
  })
  return result
}

/** Goes round while a step claims full batches: a backlog is worked off in one run. */
async function repeat(step: () => Promise<number>): Promise<void> {
  for (let round = 0; round < 1000; round++) if ((await step()) < BATCH) return
}

export type RunningJob = RepeatingPass

/** Runs the order job every `intervalSeconds`, each run after the previous one ended. */
export function startOrderJob(deps: JobDeps, intervalSeconds: number, log: FastifyBaseLogger): RunningJob {
  return repeatPass('order job', async () => ({ ...(await runOrderJob(deps, new Date())) }), intervalSeconds, log)
}
