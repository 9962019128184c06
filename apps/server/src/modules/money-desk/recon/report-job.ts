import type { FastifyBaseLogger } from 'fastify'
import { MARKETS } from '@kilat/domain'
import type { PaymentGateway } from '../../../adapters/payments/payment-gateway.js'
import type { ByMarket } from '../../../adapters/providers/by-market.js'
import type { Db } from '../../../db/client.js'
import { AppError } from '../../../http/errors.js'
import { repeatPass, type RepeatingPass } from '../../../jobs/repeat.js'
import { previousLocalDay } from './day.js'
import { reconcileMarketDay } from './desk.js'
import { dayReconciled } from './reconcile.js'

/**
 * The report job (docs/product/operations.md#the-gateways-daily-report): for each market, once the
 * market's day is over, fetches the gateway's report of it and reconciles the day. A day reconciled
 * once is left to finance, so the job's pass is one indexed read per market on most runs; two
 * processes at once store the report once (its unique key) and their differences once (theirs).
 */
export async function runReportJob(db: Db, gateway: PaymentGateway | ByMarket<PaymentGateway>, now: Date): Promise<{ fetched: number; differences: number }> {
  let fetched = 0
  let differences = 0
  for (const market of MARKETS) {
    const day = previousLocalDay(now, market)
    if (await dayReconciled(db, market, day)) continue
    try {
      const outcome = await reconcileMarketDay({ db, gateway }, market, day, now)
      fetched += 1
      differences += outcome.added
    } catch (error) {
      // a day finance closed already (from a report fetched by hand) needs nothing more
      if (!(error instanceof AppError && error.key === 'reconDayClosed')) throw error
    }
  }
  return { fetched, differences }
}

export function startReportJob(db: Db, gateway: PaymentGateway | ByMarket<PaymentGateway>, intervalSeconds: number, log: FastifyBaseLogger): RepeatingPass {
  const job = repeatPass('gateway report', () => runReportJob(db, gateway, new Date()), intervalSeconds, log)
  job.kick()
  return job
}
