import { and, eq, sql, type SQLWrapper } from 'drizzle-orm'
import { applyHardRules, localDate, type Cents, type DecisionBand, type Market } from '@kilat/domain'
import type { Keyring } from '../../adapters/secrets/secret-box.js'
import type { Db, Executor, Tx } from '../../db/client.js'
import { record } from '../audit/audit.service.js'
import { openCollectionComplaintsOf } from '../complaints/complaints.service.js'
import { identityFacts } from '../kyc/kyc.service.js'
import { waiverCountOf } from '../money-desk/money-desk.service.js'
import { applicationFacts, decideSubmitted, markForReview, type ClaimedOrder, type DemoPayouts, type StepOutcome, type SystemAnswer } from '../orders/orders.service.js'
import { autoPayoutDays, creditPolicies, decisionSwitches, orderDecisions, type CreditPolicy } from './decisions.schema.js'
import { currentLimits, type Limits } from './limits.js'
import { policyOf, type PolicyResult } from './policy-engine.js'

/**
 * The system's decision of a submitted order (docs/product/decisions.md#automatic-decision): the
 * input object from what the orders and identity modules know, the market's published policy run
 * by the engine, the hard rules over it, one stored decision; then the order approved (and paid
 * out within the limits), rejected with the reason, or referred to the review queue. Runs in the
 * order job (orders.job.ts), handed in where the job is started.
 */

export interface DecideDeps {
  db: Db
  secrets: Keyring
  /** The money desk's system payout (money-desk.service demoPayouts): asks for and confirms into the outbox. */
  payouts: DemoPayouts
}

/** The object a policy reads (docs/product/decisions.md#inputs), nested as POLICY_INPUTS names it. */
export type PolicyInputs = Record<string, Record<string, unknown>>

/** What one market looks like to a batch: its published policy, the switch, the limits. */
interface MarketState {
  policy: CreditPolicy | null
  paused: boolean
  limits: Limits
}

async function marketStates(db: Executor): Promise<Map<Market, MarketState>> {
  const [policies, switches, limits] = await Promise.all([
    db.select().from(creditPolicies).where(eq(creditPolicies.status, 'published')),
    db.select().from(decisionSwitches),
    currentLimits(db),
  ])
  const states = new Map<Market, MarketState>()
  for (const market of ['ID', 'IN', 'MX'] as const) {
    states.set(market, {
      policy: policies.find((p) => p.market === market) ?? null,
      paused: switches.find((s) => s.market === market)?.paused ?? false,
      limits: limits.get(market) ?? { perLoanMax: 0 as Cents, dailyMax: 0 as Cents },
    })
  }
  return states
}

/** The input object and the hard rules' facts of one order. */
export async function inputsOf(tx: Executor, secrets: Keyring, row: ClaimedOrder, now: Date) {
  const { order, product } = row
  const [app, who, waivers, complaints] = await Promise.all([
    applicationFacts(tx, order, product, now),
    identityFacts(tx, secrets, order.borrowerId, product.market, now),
    waiverCountOf(tx, order.borrowerId),
    openCollectionComplaintsOf(tx, order.borrowerId),
  ])
  const inputs: PolicyInputs = {
    application: app.application,
    identity: who.identity,
    payoutAccount: { nameCheck: who.payoutAccount.nameCheck },
    record: { ...app.record, waivers, openCollectionComplaints: complaints },
    // the shell sends no device id yet, and payout accounts carry no lookup key: unknown, not zero
    velocity: { ...app.velocity, account24h: null, account30d: null, device24h: null, device30d: null },
    links: app.links,
  }
  return { inputs, hard: { ...app.hard, market: product.market, age: who.identity.age }, payable: who.payoutAccount.payable }
}

/** The stored decision's answer: the policy's rows, then the hard rules. */
export interface Answer {
  band: DecisionBand
  approvedAmount: Cents
  reasons: string[]
  fired: PolicyResult['fired']
}

/**
 * One decision's answer: the policy (none: people decide, so `refer`), the hard rules over it, and
 * the switch (on: `refer`, whatever the answer, which is kept for the record).
 */
export async function answerOf(state: MarketState, inputs: PolicyInputs, hard: Parameters<typeof applyHardRules>[1]): Promise<Answer> {
  const result: PolicyResult = state.policy
    ? await policyOf(state.policy).evaluate(inputs)
    : { band: 'refer', maxAmount: null, reasons: ['manual_check'], fired: [] }
  const ruled = applyHardRules(result, hard)
  if (state.paused && ruled.band !== 'reject') return { band: 'refer', approvedAmount: ruled.approvedAmount, reasons: [...ruled.reasons, 'paused'], fired: result.fired }
  return { band: ruled.band, approvedAmount: ruled.approvedAmount, reasons: ruled.reasons, fired: result.fired }
}

/** The reason a rejected borrower reads: the hard rule's first, else the policy's first. */
function mainReason(reasons: readonly string[]): string {
  return reasons[0] ?? 'outside_policy'
}

/**
 * Adds a payout to the market's local day if it stays within the daily limit: one statement, the
 * day's row locked by it until the transaction ends, so two processes can never pass the limit
 * together. False when it would pass.
 */
async function reserveDaily(tx: Tx, market: Market, day: string, amount: Cents, dailyMax: Cents): Promise<boolean> {
  if (amount > dailyMax) return false
  const rows = await tx
    .insert(autoPayoutDays)
    .values({ market, day, total: amount, count: 1 })
    .onConflictDoUpdate({
      target: [autoPayoutDays.market, autoPayoutDays.day],
      set: { total: sql`${autoPayoutDays.total} + ${amount}`, count: sql`${autoPayoutDays.count} + 1` },
      setWhere: sql`${autoPayoutDays.total} + ${amount} <= ${dailyMax}`,
    })
    .returning({ total: autoPayoutDays.total })
  return rows.length > 0
}

/** What the system paid out on its own on a market's local day. */
export async function paidOnDay(db: Executor, market: Market, day: string): Promise<Cents> {
  const [row] = await db.select({ total: autoPayoutDays.total }).from(autoPayoutDays).where(and(eq(autoPayoutDays.market, market), eq(autoPayoutDays.day, day)))
  return (row?.total ?? 0) as Cents
}

/**
 * The automatic payout of an approved order, in the transaction that approved it: within the
 * per-loan limit, within the day's, into an account whose name check passed, and not while the
 * switch is on. Otherwise the order waits for finance's four eyes (marked for people, so that demo
 * mode's payout leaves it too). The audit row names the version and the limits.
 */
async function payOutIfAllowed(tx: Tx, deps: DecideDeps, row: ClaimedOrder, state: MarketState, decisionId: number, payable: boolean, now: Date): Promise<boolean> {
  const { order, product } = row
  const amount = order.received
  const { perLoanMax, dailyMax } = state.limits
  const allowed = payable && !state.paused && amount > 0 && amount <= perLoanMax && (await reserveDaily(tx, product.market, localDate(now, product.market), amount, dailyMax))
  if (!allowed) return false
  const queued = await deps.payouts.queue(tx, { orderKey: order.id, orderNo: order.orderNo, amount, market: product.market }, now)
  if (!queued) throw new Error(`order ${order.orderNo}: a payout request exists already`)
  await tx.update(orderDecisions).set({ autoPayout: { perLoanMax, dailyMax } }).where(eq(orderDecisions.id, decisionId))
  await record(tx, {
    staffId: null,
    role: null,
    ip: null,
    action: 'decisions.autoPayout',
    recordType: 'order',
    recordId: order.orderNo,
    markets: [product.market],
    before: null,
    after: { amount, policyVersion: state.policy?.version ?? null, perLoanMax, dailyMax },
    at: now,
  })
  return true
}

/** The orders a decision step claims: submitted, left to the job, not looked at yet. */
const notDecidedYet = (orderId: SQLWrapper) => sql`not exists (select 1 from ${orderDecisions} where ${orderDecisions.orderKey} = ${orderId})`

/**
 * One batch of the step. A market without a published policy: the inputs and the hard rules' view
 * are kept (a future draft replays over them) and the order is left as it was, for people or demo
 * mode. With one: decided, and the decision kept with the version.
 */
export async function decideBatch(deps: DecideDeps, now: Date): Promise<StepOutcome> {
  const states = await marketStates(deps.db)
  return decideSubmitted(deps.db, notDecidedYet, now, async (tx, row): Promise<SystemAnswer> => {
    const state = states.get(row.product.market)!
    const started = process.hrtime.bigint()
    const { inputs, hard, payable } = await inputsOf(tx, deps.secrets, row, now)
    const answer = await answerOf(state, inputs, hard)
    const micros = Number((process.hrtime.bigint() - started) / 1000n)
    const [stored] = await tx
      .insert(orderDecisions)
      .values({
        orderKey: row.order.id,
        market: row.product.market,
        policyId: state.policy?.id ?? null,
        band: answer.band,
        asked: row.order.principal,
        approvedAmount: answer.approvedAmount,
        reasons: answer.reasons,
        fired: answer.fired,
        inputs,
        hardFacts: hard,
        micros,
        decidedAt: now,
      })
      .returning({ id: orderDecisions.id })
    if (!state.policy) return { event: 'leave' }
    if (answer.band === 'refer') return { event: 'refer', reasons: answer.reasons }
    if (answer.band === 'reject') return { event: 'reject', reason: mainReason(answer.reasons), note: null, band: answer.band }
    return {
      event: 'approve',
      reason: null,
      band: answer.band,
      afterwards: async (tx2) => {
        if (!(await payOutIfAllowed(tx2, deps, row, state, stored!.id, payable, now))) await markForReview(tx2, row.order.id, now) // finance's four eyes, never demo mode's payout
      },
    }
  })
}

/** The step the order job runs (JobDeps.decisions). */
export function decisionStep(deps: DecideDeps): (now: Date) => Promise<StepOutcome> {
  return (now) => decideBatch(deps, now)
}
