import { and, asc, count, eq, gt, gte } from 'drizzle-orm'
import type { ReplayLine } from '@kilat/contract'
import { applyHardRules, DECISION_BANDS, ORDER_STATUS, type DecisionBand, type HardRuleFacts } from '@kilat/domain'
import type { Executor } from '../../db/client.js'
import { orderColumns, orderJoin } from '../orders/orders.service.js'
import { orderDecisions, type CreditPolicy } from './decisions.schema.js'
import { compilePolicy } from './policy-engine.js'

/**
 * A version run over the market's past applications (docs/product/decisions.md#replay): each kept
 * decision's inputs and hard facts through the version and the hard rules, compared with the band
 * it had; for the loans paid out, what became of them. Read a page at a time by the decisions'
 * index, never all at once, and answered as it goes: a line of progress per page, then the result.
 */

const PAGE = 2_000
const DAY_MS = 86_400_000

const zeroMoves = () => Object.fromEntries(DECISION_BANDS.map((from) => [from, Object.fromEntries(DECISION_BANDS.map((to) => [to, 0]))])) as Record<DecisionBand, Record<DecisionBand, number>>
const zeroOutcomes = () => Object.fromEntries(DECISION_BANDS.map((b) => [b, { repaid: 0, overdue: 0, running: 0 }])) as Record<DecisionBand, { repaid: number; overdue: number; running: number }>

const REPAID: number[] = [ORDER_STATUS.settled, ORDER_STATUS.partnerSettled]
const OVERDUE: number[] = [ORDER_STATUS.overdue, ORDER_STATUS.partnerOverdue]

export async function* replay(db: Executor, policy: Pick<CreditPolicy, 'market' | 'model'>, days: number, now: Date): AsyncGenerator<ReplayLine> {
  const started = Date.now()
  const since = new Date(now.getTime() - days * DAY_MS)
  const inRange = and(eq(orderDecisions.market, policy.market), gte(orderDecisions.decidedAt, since))
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(orderDecisions).where(inRange)
  const engine = compilePolicy(policy.model)
  const moves = zeroMoves()
  const outcomes = zeroOutcomes()
  let done = 0
  let after = 0
  yield { type: 'progress', done, total }
  for (;;) {
    const page = await db
      .select({ id: orderDecisions.id, band: orderDecisions.band, inputs: orderDecisions.inputs, hard: orderDecisions.hardFacts, status: orderColumns.status, disbursedAt: orderColumns.disbursedAt })
      .from(orderDecisions)
      .innerJoin(...orderJoin(orderDecisions.orderKey))
      .where(and(inRange, gt(orderDecisions.id, after)))
      .orderBy(asc(orderDecisions.id))
      .limit(PAGE)
    if (page.length === 0) break
    for (const row of page) {
      const answer = applyHardRules(await engine.evaluate(row.inputs), row.hard as unknown as HardRuleFacts)
      moves[row.band][answer.band] += 1
      if (row.disbursedAt) {
        const outcome = outcomes[answer.band]
        if (REPAID.includes(row.status)) outcome.repaid += 1
        else if (OVERDUE.includes(row.status)) outcome.overdue += 1
        else outcome.running += 1
      }
    }
    done += page.length
    after = page[page.length - 1]!.id
    yield { type: 'progress', done, total: Math.max(total, done) }
  }
  yield { type: 'result', total: done, moves, outcomes, millis: Date.now() - started }
}
