import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  ERRORS,
  identitySet,
  opsAutoPayoutConfirm,
  opsAutoPayoutRequest,
  opsAutoPayoutWithdraw,
  opsDecisionSettings,
  opsDecisionSwitch,
  opsOrderDecision,
  opsPolicies,
  opsPolicyDraft,
  opsPolicyPublish,
  opsPolicyReplay,
  opsPolicyWithdraw,
  type PolicyRule,
  type ReplayLine,
} from '@kilat/contract'
import { ORDER_STATUS, type Cents, type Market } from '@kilat/domain'
import { SandboxPayouts } from '../../adapters/payouts/sandbox-payouts.js'
import type { Database } from '../../db/client.js'
import { createBorrowerWithSession, createOrder, createProduct } from '../../db/factories.js'
import { postJson } from '../../test/inject.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'
import { auditLog } from '../audit/audit.schema.js'
import { borrowers } from '../auth/auth.schema.js'
import { complaints } from '../complaints/complaints.schema.js'
import { adjustments } from '../money-desk/adjustments.schema.js'
import { saveDestination } from '../kyc/kyc.service.js'
import { demoPayouts } from '../money-desk/money-desk.service.js'
import { payoutRequests } from '../money-desk/payouts.schema.js'
import { TEST_PAYOUT_SECRET } from '../money-desk/test-helpers.js'
import { orderHistory, orders } from '../orders/orders.schema.js'
import { runOrderJob } from '../orders/orders.service.js'
import type { Product } from '../products/products.schema.js'
import { emptyStaff, enrolledStaff, opsGet, opsPost, testClock } from '../staff/test-helpers.js'
import { decisionStep } from './decisions.service.js'
import { emptyDecisions } from './test-helpers.js'
import { autoPayoutDays, creditPolicies, orderDecisions } from './decisions.schema.js'

let database: Database
let app: FastifyInstance
const clock = testClock('2026-11-10T03:00:00.000Z')
const product = {} as Record<Market, Product>
type Staff = { id: number; cookie: string }
let risk: Staff
let risk2: Staff
let admin: Staff
let agent: Staff
let finance: Staff
let finance2: Staff
let riskMx: Staff

beforeAll(async () => {
  database = await openTestDatabase()
  await emptyStaff(database)
  const payouts = new SandboxPayouts(database.db, { secret: TEST_PAYOUT_SECRET, now: clock.now, finishAfterMs: 0, timeoutMs: 5_000 })
  app = await buildTestApp(database, { now: clock.now, payouts })
  await app.ready()
  product.ID = await createProduct(database.db, { market: 'ID' })
  product.MX = await createProduct(database.db, { market: 'MX' })
  risk = await enrolledStaff(app, database, clock, 'risk', ['ID', 'IN'])
  risk2 = await enrolledStaff(app, database, clock, 'risk', ['ID'])
  admin = await enrolledStaff(app, database, clock, 'admin', ['ID'])
  agent = await enrolledStaff(app, database, clock, 'agent', ['ID'])
  finance = await enrolledStaff(app, database, clock, 'finance', ['ID'])
  finance2 = await enrolledStaff(app, database, clock, 'finance', ['ID'])
  riskMx = await enrolledStaff(app, database, clock, 'risk', ['MX'])
})

afterAll(async () => {
  if (database) await emptyDecisions(database)
  await app?.close()
  await database?.close()
})

/** Each test starts with no policy, no limits and no switch: what it publishes is its own. */
beforeEach(() => emptyDecisions(database))

const post = (who: Staff, path: string, body: unknown) => opsPost(app, path, body, { cookie: who.cookie })
const get = (who: Staff, path: string, query: Record<string, string>) => opsGet(app, path, { cookie: who.cookie, query })
const step = () => decisionStep({ db: database.db, secrets: app.secrets, payouts: demoPayouts })(clock.now())

/** A policy a risk team might start with: refer a mismatched account, reject long overdue history, limit new borrowers. */
const RULES: PolicyRule[] = [
  { id: 'kyc-failed', when: { 'identity.kycVerified': 'false' }, band: 'reject', reason: 'identity_unverified', maxAmount: null },
  { id: 'name-mismatch', when: { 'payoutAccount.nameCheck': '"mismatch", "pending", "none"' }, band: 'refer', reason: 'payout_name_mismatch', maxAmount: null },
  { id: 'long-overdue', when: { 'record.maxDaysOverdueEver': '> 30' }, band: 'reject', reason: 'overdue_history', maxAmount: null },
]

async function publish(rules: PolicyRule[], market: Market = 'ID', maker = risk, checker = risk2) {
  const drafted = await post(maker, opsPolicyDraft.path, { market, rules, note: 'test policy' })
  expect(drafted.json().code).toBe(0)
  const published = await post(checker, opsPolicyPublish.path, { requestId: drafted.json().data.version.id })
  expect(published.json().code).toBe(0)
  return published.json().data.version as { id: number; version: number }
}

async function setLimits(perLoanMax: number, dailyMax: number) {
  const asked = await post(finance, opsAutoPayoutRequest.path, { market: 'ID', perLoanMax, dailyMax })
  expect(asked.json().code).toBe(0)
  expect((await post(finance2, opsAutoPayoutConfirm.path, { requestId: asked.json().data.request.id })).json().code).toBe(0)
}

const KYC = { vendor: 'acme-kyc', reference: 'KYC-1', result: 'verified', checkedAt: '2026-11-01T10:00:00+07:00' } as const
let serial = 1

/** A borrower of Indonesia with an identity (born `birthDate`), an account whose name check is `nameCheck`, and a submitted order. */
async function applicant(options: { birthDate?: string; kyc?: 'verified' | 'failed'; nameCheck?: 'match' | 'mismatch' | null; identity?: boolean; principal?: number } = {}) {
  const { borrower, token } = await createBorrowerWithSession(database.db, { market: 'ID' })
  const birthDate = options.birthDate ?? '1992-06-15'
  const [y, m, d] = birthDate.split('-')
  const nik = `327301${d}${m}${y!.slice(2)}${String(serial++).padStart(4, '0')}`
  const accountNumber = `12345${serial++}`
  if (options.identity !== false) {
    const res = await postJson(
      app,
      identitySet.path,
      { fullName: 'Dewi Lestari', nik, birthDate, gender: 'male', placeOfBirth: 'Bandung', address: { street: 'Jl. Dago No. 1', provinceCode: '32', cityCode: '3273' }, kyc: { ...KYC, result: options.kyc ?? 'verified' } },
      { tok: token, market: 'ID', lang: 'id' },
    )
    expect(res.json().code).toBe(0)
  }
  if (options.nameCheck !== null) {
    await saveDestination(database.db, app.secrets, borrower.id, { channelCode: 'BCA', accountNumber, holderName: 'DEWI LESTARI' }, clock.now(), options.nameCheck ?? 'match')
  }
  const { order } = await createOrder(database.db, { product: product.ID, borrowerId: borrower.id, status: ORDER_STATUS.submitted, now: clock.now(), principal: options.principal ?? 200_000_000 })
  return { borrowerId: borrower.id, order, nik, birthDate, accountNumber }
}

async function orderNow(id: number) {
  const [row] = await database.db.select().from(orders).where(eq(orders.id, id))
  return row!
}
async function decisionOf(orderKey: number) {
  const [row] = await database.db.select().from(orderDecisions).where(eq(orderDecisions.orderKey, orderKey))
  return row
}

describe('drafting and publishing a policy (four eyes)', () => {
  it('keeps a draft, refuses a second one, never lets the maker publish, and numbers the published versions', async () => {
    const drafted = await post(risk, opsPolicyDraft.path, { market: 'ID', rules: RULES, note: 'first' })
    expect(drafted.json().data.version).toMatchObject({ status: 'pending', version: null, market: 'ID', rules: RULES, requestedBy: risk.id })
    const id = drafted.json().data.version.id as number
    expect((await post(risk, opsPolicyDraft.path, { market: 'ID', rules: RULES, note: 'again' })).json().code).toBe(ERRORS.policyVersionPending.code)
    expect((await post(risk, opsPolicyPublish.path, { requestId: id })).json().code).toBe(ERRORS.fourEyesSameMember.code)
    const published = await post(risk2, opsPolicyPublish.path, { requestId: id })
    expect(published.json().data.version).toMatchObject({ status: 'published', version: 1, decidedBy: risk2.id })
    expect((await post(risk2, opsPolicyPublish.path, { requestId: id })).json().code).toBe(ERRORS.policyVersionNotPending.code)

    // an admin may publish too; the version before is superseded
    const v2 = await publish(RULES.slice(0, 1), 'ID', risk, admin)
    expect(v2.version).toBe(2)
    const list = (await get(admin, opsPolicies.path, { market: 'ID' })).json().data
    expect(list.published.version).toBe(2)
    expect(list.pending).toBeNull()
    expect(list.versions.map((v: { status: string }) => v.status)).toEqual(['published', 'superseded'])
    const actions = await database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.recordType, 'creditPolicy'))
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['decisions.policyDraft', 'decisions.policyPublish']))
  })

  it('withdraws a draft; nothing else changes', async () => {
    const drafted = await post(risk, opsPolicyDraft.path, { market: 'ID', rules: RULES, note: '' })
    const withdrawn = await post(admin, opsPolicyWithdraw.path, { requestId: drafted.json().data.version.id })
    expect(withdrawn.json().data.version.status).toBe('withdrawn')
    expect((await get(risk, opsPolicies.path, { market: 'ID' })).json().data.published).toBeNull()
  })

  it('names each condition the engine cannot read, and two rows of one id, keeping nothing', async () => {
    const bad: PolicyRule[] = [
      { id: 'a', when: { 'identity.age': '<< 3' }, band: 'reject', reason: 'outside_policy', maxAmount: null },
      { id: 'a', when: { 'record.loansTaken': 'foo(' }, band: 'refer', reason: 'manual_check', maxAmount: null },
    ]
    const res = await post(risk, opsPolicyDraft.path, { market: 'ID', rules: bad, note: '' })
    expect(res.statusCode).toBe(422)
    expect(res.json().code).toBe(ERRORS.policyInvalid.code)
    const problems = res.json().data.problems as Array<{ ruleIndex: number; field: string }>
    expect(problems.map((p) => [p.ruleIndex, p.field])).toEqual([
      [0, 'identity.age'],
      [1, 'id'],
      [1, 'record.loansTaken'],
    ])
    expect(await database.db.select().from(creditPolicies)).toHaveLength(0)
  })

  it('answers bad input with 400s, and refuses the wrong role or market', async () => {
    expect((await post(risk, opsPolicyDraft.path, { rules: RULES, note: '' })).statusCode).toBe(400)
    expect((await post(risk, opsPolicyDraft.path, { market: 'ID', rules: 'all', note: '' })).statusCode).toBe(400)
    expect((await post(risk, opsPolicyDraft.path, { market: 'ID', rules: [{ ...RULES[0], when: { 'identity.age': '1'.repeat(201) } }], note: '' })).statusCode).toBe(400)
    // hostile text is only a condition the engine cannot read
    expect((await post(risk, opsPolicyDraft.path, { market: 'ID', rules: [{ ...RULES[0], when: { 'identity.age': '<script>alert(1)</script>' } }], note: '' })).json().code).toBe(ERRORS.policyInvalid.code)
    expect((await post(risk, opsPolicyDraft.path, { market: 'ID', rules: [{ ...RULES[0], when: { 'identity.age': '> 1\u0000' } }], note: '' })).statusCode).toBe(400)
    expect((await post(risk, opsPolicyDraft.path, { market: 'ID', rules: [{ ...RULES[0], when: { 'borrower.salary': '> 1' } }], note: '' })).statusCode).toBe(400)
    expect((await post(risk, opsPolicyDraft.path, { market: 'ID', rules: [{ ...RULES[0], reason: 'paused' }], note: '' })).statusCode).toBe(400)
    expect((await post(agent, opsPolicyDraft.path, { market: 'ID', rules: RULES, note: '' })).json().code).toBe(ERRORS.staffForbidden.code)
    expect((await post(admin, opsPolicyDraft.path, { market: 'ID', rules: RULES, note: '' })).json().code).toBe(ERRORS.staffForbidden.code)
    expect((await post(riskMx, opsPolicyDraft.path, { market: 'ID', rules: RULES, note: '' })).json().code).toBe(ERRORS.staffForbidden.code)
    // another market's draft is not found by a member of this one
    const mx = await post(riskMx, opsPolicyDraft.path, { market: 'MX', rules: RULES, note: '' })
    expect((await post(risk2, opsPolicyPublish.path, { requestId: mx.json().data.version.id })).json().code).toBe(ERRORS.notFound.code)
    expect((await get(risk2, opsPolicies.path, { market: 'MX' })).json().code).toBe(ERRORS.staffForbidden.code)
  })
})

describe('the automatic decision', () => {
  it('approves a clean application and pays it out within the limits, as the system, naming the version and the limit', async () => {
    const v = await publish(RULES)
    await setLimits(300_000_000, 1_000_000_000)
    const clean = await applicant()
    const outcome = await step()
    expect(outcome.moved).toContain('approve')
    expect((await orderNow(clean.order.id)).status).toBe(ORDER_STATUS.approved)
    const decision = await decisionOf(clean.order.id)
    expect(decision).toMatchObject({ band: 'approve', policyId: v.id, reasons: [], fired: [], autoPayout: { perLoanMax: 300_000_000, dailyMax: 1_000_000_000 } })
    expect(decision!.inputs).toMatchObject({ identity: { age: 34, kycVerified: true, duplicate: false }, payoutAccount: { nameCheck: 'match' }, record: { loansTaken: 0 } })
    const [payout] = await database.db.select().from(payoutRequests).where(eq(payoutRequests.orderKey, clean.order.id))
    expect(payout).toMatchObject({ status: 'confirmed', requestedBy: null, amount: clean.order.received })
    const [audit] = await database.db.select().from(auditLog).where(and(eq(auditLog.action, 'decisions.autoPayout'), eq(auditLog.recordId, clean.order.orderNo)))
    expect(audit).toMatchObject({ staffId: null, after: { amount: clean.order.received, policyVersion: v.version, perLoanMax: 300_000_000, dailyMax: 1_000_000_000 } })
    // the order screen's panel, for every role of the market
    const view = (await get(agent, opsOrderDecision.path, { orderNo: clean.order.orderNo })).json().data.decision
    expect(view).toMatchObject({ band: 'approve', policyVersion: v.version, autoPayout: { perLoanMax: 300_000_000 } })
    // an agent is not told the age (from the sealed birth date); risk is
    expect(view.inputs.identity).toEqual({ kycVerified: true, duplicate: false })
    expect((await get(risk, opsOrderDecision.path, { orderNo: clean.order.orderNo })).json().data.decision.inputs.identity).toMatchObject({ age: 34 })
    expect((await get(riskMx, opsOrderDecision.path, { orderNo: clean.order.orderNo })).json().code).toBe(ERRORS.notFound.code)
  })

  it('keeps no identity number, birth date or account number in a decision (a dump of its tables)', async () => {
    await publish(RULES)
    await setLimits(300_000_000, 1_000_000_000)
    const one = await applicant()
    await step()
    const dump = JSON.stringify(await Promise.all([orderDecisions, autoPayoutDays].map((t) => database.db.select().from(t))))
    expect(dump).toContain(`"orderKey":${one.order.id}`)
    for (const secret of [one.nik, one.birthDate, one.accountNumber]) expect(dump).not.toContain(secret)
  })

  it('rejects with the reason the borrower reads, and refers with the rows that fired', async () => {
    await publish(RULES)
    const failed = await applicant({ kyc: 'failed' })
    const mismatch = await applicant({ nameCheck: 'mismatch' })
    await step()
    expect((await orderNow(failed.order.id)).status).toBe(ORDER_STATUS.rejected)
    const [history] = await database.db.select().from(orderHistory).where(and(eq(orderHistory.orderKey, failed.order.id), eq(orderHistory.toStatus, ORDER_STATUS.rejected)))
    expect(history).toMatchObject({ actorKind: 'system', reason: 'identity_unverified' })

    const referred = await orderNow(mismatch.order.id)
    expect(referred).toMatchObject({ status: ORDER_STATUS.submitted, manualReview: true })
    expect(await decisionOf(mismatch.order.id)).toMatchObject({ band: 'refer', reasons: ['payout_name_mismatch'], fired: [{ id: 'name-mismatch', band: 'refer', reason: 'payout_name_mismatch' }] })
    const [audit] = await database.db.select().from(auditLog).where(and(eq(auditLog.action, 'orders.refer'), eq(auditLog.recordId, mismatch.order.orderNo)))
    expect(audit!.after).toMatchObject({ reasons: ['payout_name_mismatch'] })
    // decided once: the next run leaves both alone
    expect((await step()).claimed).toBe(0)
  })

  it('holds every policy to the hard rules: no identity is referred, an age outside the limits rejected', async () => {
    await publish([{ id: 'approve-all', when: {}, band: 'approve', reason: 'outside_policy', maxAmount: null }])
    const noIdentity = await applicant({ identity: false })
    const old = await applicant({ birthDate: '1960-01-05' })
    await step()
    expect(await decisionOf(noIdentity.order.id)).toMatchObject({ band: 'refer', reasons: ['identity_missing'] })
    expect(await decisionOf(old.order.id)).toMatchObject({ band: 'reject', reasons: ['age_outside_limits'] })
    expect((await orderNow(old.order.id)).status).toBe(ORDER_STATUS.rejected)
  })

  it('refers an approval for less than asked', async () => {
    await publish([{ id: 'new-limit', when: { 'record.loansTaken': '0' }, band: 'approve', reason: 'new_borrower_limit', maxAmount: 150_000_000 }])
    const first = await applicant()
    await step()
    expect(await decisionOf(first.order.id)).toMatchObject({ band: 'refer', approvedAmount: 150_000_000, reasons: ['new_borrower_limit', 'amount_reduced'] })
  })

  it('decides by the version published when the order is decided; a past decision keeps its own', async () => {
    const v1 = await publish(RULES)
    const before = await applicant()
    await step()
    const v2 = await publish([{ id: 'stop-all', when: {}, band: 'reject', reason: 'outside_policy', maxAmount: null }])
    const after = await applicant()
    await step()
    expect(await decisionOf(before.order.id)).toMatchObject({ policyId: v1.id, band: 'approve' })
    expect(await decisionOf(after.order.id)).toMatchObject({ policyId: v2.id, band: 'reject', reasons: ['outside_policy'] })
  })

  it("reads the borrower's record and the phone prefix's velocity", async () => {
    await publish(RULES)
    const first = await applicant()
    // an earlier loan of the same borrower paid 40 days late, one settled; and a neighbour by phone prefix who applied today
    const { order: late } = await createOrder(database.db, { product: product.MX, borrowerId: first.borrowerId, status: ORDER_STATUS.overdue, now: clock.now(), overdueDays: 40 })
    const { order: settled } = await createOrder(database.db, { product: product.MX, borrowerId: first.borrowerId, status: ORDER_STATUS.settled, now: clock.now() })
    // a waiver granted on the late loan, a pending one not counted; a complaint about collection still open, a closed one not counted
    await database.db.insert(adjustments).values([
      { orderKey: late.id, kind: 'waiver', component: 'late_charge', amount: 1_000_00 as Cents, status: 'confirmed', requestedBy: finance.id, decidedBy: finance2.id, decidedAt: clock.now() },
      { orderKey: late.id, kind: 'waiver', component: 'interest', amount: 1_000_00 as Cents, status: 'pending', requestedBy: finance.id },
    ])
    await database.db.insert(complaints).values([
      { borrowerId: first.borrowerId, orderKey: late.id, problemType: 1, problemSonType: 1, detail: 'Penagih menelepon tengah malam', replyDue: '2026-11-12' },
      { borrowerId: first.borrowerId, orderKey: settled.id, problemType: 1, problemSonType: 1, detail: 'Sudah selesai', replyDue: '2026-11-01', status: 'closed' },
    ])
    const [me] = await database.db.select({ phone: borrowers.phone }).from(borrowers).where(eq(borrowers.id, first.borrowerId))
    const neighbour = await createBorrowerWithSession(database.db, { market: 'ID', phone: `${me!.phone.slice(0, 11)}${String(Date.now()).slice(-4)}` })
    await createOrder(database.db, { product: product.MX, borrowerId: neighbour.borrower.id, status: ORDER_STATUS.submitted, now: clock.now(), manualReview: true })
    await step()
    const decision = await decisionOf(first.order.id)
    expect(decision!.inputs).toMatchObject({
      record: { loansTaken: 2, loansSettled: 1, maxDaysOverdueEver: 40, maxDaysOverdue180d: 40, waivers: 1, openCollectionComplaints: 1 },
      velocity: { phonePrefix24h: 1, phonePrefix30d: 1, device24h: null, account24h: null },
    })
    expect(decision).toMatchObject({ band: 'reject', reasons: ['overdue_history'], fired: [{ id: 'long-overdue', band: 'reject', reason: 'overdue_history' }] })
    expect(late.id).toBeGreaterThan(0)
  })

  it('leaves a market without a policy to people, keeping its inputs for a replay', async () => {
    const clean = await applicant()
    await step()
    expect(await orderNow(clean.order.id)).toMatchObject({ status: ORDER_STATUS.submitted, manualReview: false })
    expect(await decisionOf(clean.order.id)).toMatchObject({ policyId: null, band: 'refer', reasons: ['manual_check'] })
  })
})

describe('the limits of the automatic payout', () => {
  it('pays above the per-loan limit only through four eyes', async () => {
    await publish(RULES)
    await setLimits(100_000_000, 1_000_000_000)
    const big = await applicant()
    await runOrderJob({ db: database.db, config: { DEMO_MODE: true, DECISION_DELAY_SECONDS: 0, DISBURSE_DELAY_SECONDS: 0 }, payouts: demoPayouts, decisions: decisionStep({ db: database.db, secrets: app.secrets, payouts: demoPayouts }) }, clock.now())
    // approved, and left to finance: not even demo mode's payout takes it
    expect(await orderNow(big.order.id)).toMatchObject({ status: ORDER_STATUS.approved, manualReview: true })
    expect(await database.db.select().from(payoutRequests).where(eq(payoutRequests.orderKey, big.order.id))).toHaveLength(0)
    expect((await decisionOf(big.order.id))!.autoPayout).toBeNull()
  })

  it('stops at the daily total', async () => {
    await publish(RULES)
    const a = await applicant()
    await setLimits(a.order.received, a.order.received + 1)
    const b = await applicant()
    await step()
    const paid = await database.db.select().from(payoutRequests).where(eq(payoutRequests.orderKey, a.order.id))
    expect(paid).toHaveLength(1)
    expect(await database.db.select().from(payoutRequests).where(eq(payoutRequests.orderKey, b.order.id))).toHaveLength(0)
    const settings = (await get(finance, opsDecisionSettings.path, { market: 'ID' })).json().data
    expect(settings).toMatchObject({ limits: { perLoanMax: a.order.received, dailyMax: a.order.received + 1 }, paidToday: a.order.received, pending: null })
  })

  it('takes limits only with four eyes, and refuses bad input', async () => {
    const asked = await post(finance, opsAutoPayoutRequest.path, { market: 'ID', perLoanMax: 1_000, dailyMax: 5_000 })
    const id = asked.json().data.request.id
    expect((await post(finance, opsAutoPayoutRequest.path, { market: 'ID', perLoanMax: 1_000, dailyMax: 5_000 })).json().code).toBe(ERRORS.autoPayoutLimitsPending.code)
    expect((await post(finance, opsAutoPayoutConfirm.path, { requestId: id })).json().code).toBe(ERRORS.fourEyesSameMember.code)
    expect((await post(finance2, opsAutoPayoutWithdraw.path, { requestId: id })).json().data.request.status).toBe('withdrawn')
    expect((await post(finance2, opsAutoPayoutConfirm.path, { requestId: id })).json().code).toBe(ERRORS.autoPayoutLimitsNotPending.code)
    expect((await post(finance, opsAutoPayoutRequest.path, { market: 'ID', perLoanMax: -1, dailyMax: 5_000 })).statusCode).toBe(400)
    expect((await post(finance, opsAutoPayoutRequest.path, { market: 'ID', perLoanMax: 1.5, dailyMax: 5_000 })).statusCode).toBe(400)
    expect((await post(finance, opsAutoPayoutRequest.path, { market: 'ID', perLoanMax: 9_000, dailyMax: 5_000 })).json().code).toBe(ERRORS.invalidRequest.code)
    expect((await post(risk, opsAutoPayoutRequest.path, { market: 'ID', perLoanMax: 1, dailyMax: 5 })).json().code).toBe(ERRORS.staffForbidden.code)
    expect((await get(agent, opsDecisionSettings.path, { market: 'ID' })).json().code).toBe(ERRORS.staffForbidden.code)
  })
})

describe('the switch', () => {
  it('sends every new order of the market to people, audited with the reason, and back', async () => {
    await publish(RULES)
    await setLimits(300_000_000, 1_000_000_000)
    expect((await post(risk, opsDecisionSwitch.path, { market: 'ID', paused: true, reason: 'short' })).statusCode).toBe(400)
    expect((await post(agent, opsDecisionSwitch.path, { market: 'ID', paused: true, reason: 'a fraud wave from one prefix' })).json().code).toBe(ERRORS.staffForbidden.code)
    expect((await post(risk, opsDecisionSwitch.path, { market: 'ID', paused: true, reason: 'a fraud wave from one prefix' })).json().data).toEqual({ paused: true })
    const clean = await applicant()
    await step()
    expect(await orderNow(clean.order.id)).toMatchObject({ status: ORDER_STATUS.submitted, manualReview: true })
    expect(await decisionOf(clean.order.id)).toMatchObject({ band: 'refer', reasons: ['paused'] })
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'decisions.pause'))
    expect(audit).toMatchObject({ staffId: risk.id, after: { paused: true, reason: 'a fraud wave from one prefix' } })
    const settings = (await get(admin, opsDecisionSettings.path, { market: 'ID' })).json().data
    expect(settings.paused).toMatchObject({ paused: true, reason: 'a fraud wave from one prefix' })

    await post(admin, opsDecisionSwitch.path, { market: 'ID', paused: false, reason: 'the wave is over, back on' })
    const next = await applicant()
    await step()
    expect((await orderNow(next.order.id)).status).toBe(ORDER_STATUS.approved)
  })
})

describe('the replay', () => {
  async function replayOf(who: Staff, versionId: number, days = 30): Promise<ReplayLine[]> {
    const res = await post(who, opsPolicyReplay.path, { versionId, days })
    expect(res.headers['content-type']).toContain('application/x-ndjson')
    return res.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as ReplayLine)
  }

  it('shows how a stricter draft would move the past applications, and what became of the loans paid out', async () => {
    await publish(RULES)
    const a = await applicant()
    const b = await applicant({ nameCheck: 'mismatch' })
    await step()
    // a was paid out and repaid since
    await database.db.update(orders).set({ status: ORDER_STATUS.settled, disbursedAt: clock.now() }).where(eq(orders.id, a.order.id))
    const drafted = await post(risk, opsPolicyDraft.path, { market: 'ID', rules: [...RULES, { id: 'all-refer', when: { 'record.loansTaken': '0' }, band: 'refer', reason: 'manual_check', maxAmount: null }], note: '' })
    const lines = await replayOf(risk2, drafted.json().data.version.id)
    expect(lines[0]).toEqual({ type: 'progress', done: 0, total: 2 })
    const result = lines.at(-1)
    expect(result).toMatchObject({ type: 'result', total: 2, moves: { approve: { approve: 0, refer: 1, reject: 0 }, refer: { approve: 0, refer: 1, reject: 0 } }, outcomes: { refer: { repaid: 1, overdue: 0, running: 0 } } })
    expect(b.order.id).toBeGreaterThan(0)
  })

  it('is for risk and admins of the version market, and refuses bad input', async () => {
    const drafted = await post(riskMx, opsPolicyDraft.path, { market: 'MX', rules: RULES, note: '' })
    expect((await post(risk2, opsPolicyReplay.path, { versionId: drafted.json().data.version.id, days: 30 })).json().code).toBe(ERRORS.notFound.code)
    expect((await post(agent, opsPolicyReplay.path, { versionId: 1, days: 30 })).json().code).toBe(ERRORS.staffForbidden.code)
    expect((await post(risk, opsPolicyReplay.path, { versionId: 1, days: 0 })).statusCode).toBe(400)
    expect((await post(risk, opsPolicyReplay.path, { versionId: 'x', days: 3 })).statusCode).toBe(400)
  })
})
