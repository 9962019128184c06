import { and, eq, gt, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CREDIT_REPORT_PROBLEM_TYPE, ERRORS, complaintClose, complaintDeskDetail, complaintReply, problemDetail, problemInit, problemSave } from '@kilat/contract'
import { disputeDueOn, localDate, type Market } from '@kilat/domain'
import type { Database } from '../../db/client.js'
import { post } from '../../test/inject.js'
import { auditLog } from '../audit/audit.schema.js'
import { verifyChain } from '../audit/audit.service.js'
import { emptyStaff, enrolledStaff, opsGet, opsPost, testClock, type OpsOptions } from '../staff/test-helpers.js'
import { complaintAssignments, complaints } from './complaints.schema.js'
import { DISPUTE_STATE_TEXT } from './disputes.js'
import { openComplaintsApp } from './test-helpers.js'

/**
 * Credit-report disputes (docs/product/credit-reporting.md#disputes): the complaint type 9, its
 * due date, its state on the borrower's detail and the desk's, and a correction asked at close.
 *
 * The last group, "with the credit-reporting module", needs that module's outward calls
 * (requestCorrection, disputeStatesOf) to work as their comments say; every group before it runs
 * without them.
 */

let app: FastifyInstance
let database: Database
let close: () => Promise<void>
const clock = testClock(new Date().toISOString())

const ID_BORROWER = { tok: 'demo-borrower' }
const OTHER_ID_BORROWER = { tok: 'demo-borrower-2' }
const IN_BORROWER = { tok: 'demo-borrower-in', market: 'IN' }
const MX_BORROWER = { tok: 'demo-borrower-mx', market: 'MX' }
/** Orders of the demo borrowers: paid out (due, overdue, settled) and never paid out. */
const PAID_OUT = { ID: 'K2026000006', IN: 'K2026000014', MX: 'K2026000017' } as const

type Staff = Awaited<ReturnType<typeof enrolledStaff>>
let agent: Staff
let agentMx: Staff

beforeAll(async () => {
  ;({ app, database, close } = await openComplaintsApp({ now: clock.now }))
  await emptyStaff(database)
  agent = await enrolledStaff(app, database, clock, 'agent', ['ID'])
  agentMx = await enrolledStaff(app, database, clock, 'agent', ['MX'])
})
afterAll(() => close?.())

const as = (who: Staff, extra: OpsOptions = {}): OpsOptions => ({ cookie: who.cookie, ip: who.ip, ...extra })
const deskDetail = (who: Staff, id: number) => opsGet(app, complaintDeskDetail.path, as(who, { query: { complaintId: String(id) } }))
const closeAs = (who: Staff, payload: Record<string, unknown>) => opsPost(app, complaintClose.path, payload, as(who))
const borrowerDetail = (id: number, borrower: Record<string, string> = ID_BORROWER) => post(app, problemDetail.path, { problemId: id }, borrower)

type Res = { statusCode: number; body: string; json: () => { code: unknown; message: string } }
/** The console's calls answer numeric codes; the borrower's user-problem family, string codes. */
const expectError = (res: Res, key: keyof typeof ERRORS, family: 'ops' | 'borrower', lang: 'id' | 'en' | 'es' = family === 'ops' ? 'en' : 'id') => {
  expect(res.statusCode, res.body).toBe(ERRORS[key].status)
  expect(res.json().code).toBe(family === 'ops' ? ERRORS[key].code : String(ERRORS[key].code))
  expect(res.json().message).toBe(ERRORS[key].messages[lang])
}

let filed = 0
const save = (fields: Record<string, string | number>, borrower: Record<string, string> = ID_BORROWER) =>
  post(app, problemSave.path, { problemType: CREDIT_REPORT_PROBLEM_TYPE, problemDetail: `Status pinjaman saya salah di SLIK (${++filed}).`, ...fields }, borrower)

async function fileDispute(borrower: Record<string, string> = ID_BORROWER, orderNo: string = PAID_OUT.ID): Promise<number> {
  const res = await save({ orderNo }, borrower)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.problemId as number
}

const complaintRow = async (id: number) => (await database.db.select().from(complaints).where(eq(complaints.id, id)))[0]!
const lastAuditId = async () => (await database.db.select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)::int` }).from(auditLog))[0]!.id
const auditOf = (id: number, since: number) =>
  database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.recordType, 'complaint'), eq(auditLog.recordId, String(id)), gt(auditLog.id, since)))
    .orderBy(auditLog.id)

describe('filing a credit-report dispute', () => {
  it('is offered among the problem types, in the borrower’s language', async () => {
    const titles = { id: 'Laporan kredit saya salah', en: 'My credit report is wrong', es: 'Mi reporte de crédito está mal' }
    for (const [lang, title] of Object.entries(titles)) {
      const res = await post(app, problemInit.path, {}, { ...ID_BORROWER, lang })
      expect(res.json().data.problemType).toContainEqual({ title, value: CREDIT_REPORT_PROBLEM_TYPE })
    }
    // listed before 'Other'
    const values = (await post(app, problemInit.path, {}, ID_BORROWER)).json().data.problemType.map((o: { value: number }) => o.value)
    expect(values.indexOf(CREDIT_REPORT_PROBLEM_TYPE)).toBe(values.indexOf(8) - 1)
  })

  it('is due by each market’s dispute rule, not the 3 weekdays', async () => {
    const cases: Array<[Market, Record<string, string>, string]> = [
      ['ID', ID_BORROWER, PAID_OUT.ID],
      ['IN', IN_BORROWER, PAID_OUT.IN],
      ['MX', MX_BORROWER, PAID_OUT.MX],
    ]
    for (const [market, borrower, orderNo] of cases) {
      const res = await save({ orderNo }, borrower)
      expect(res.statusCode, res.body).toBe(200)
      const row = await complaintRow(res.json().data.problemId)
      const expected = disputeDueOn(market, localDate(row.createdAt, market))
      expect(res.json().data.replyDue, market).toBe(expected)
      expect(row).toMatchObject({ problemType: CREDIT_REPORT_PROBLEM_TYPE, problemSonType: 0, replyDue: expected, status: 'processing' })
    }
  })

  it('needs an order that was paid out: under review, approved or rejected is refused, and nothing is saved', async () => {
    const before = (await database.db.select({ n: sql<number>`count(*)::int` }).from(complaints))[0]!.n
    for (const orderNo of ['K2026000001', 'K2026000002', 'K2026000003']) {
      expectError(await save({ orderNo }), 'disputeNotReported', 'borrower')
    }
    expectError(await save({ orderNo: 'K2026000019' }, MX_BORROWER), 'disputeNotReported', 'borrower', 'es')
    // settled and partner loans were paid out
    for (const orderNo of ['K2026000007', 'K2026000008']) expect((await save({ orderNo })).statusCode).toBe(200)
    expect((await database.db.select({ n: sql<number>`count(*)::int` }).from(complaints))[0]!.n).toBe(before + 2)
  })

  it('refuses missing, wrong and hostile input with 400', async () => {
    const bad: Array<Record<string, string | number>> = [
      { orderNo: '' },
      { orderNo: `${PAID_OUT.ID}' OR '1'='1` },
      { orderNo: PAID_OUT.ID, problemType: 'nine' },
      { orderNo: PAID_OUT.ID, problemType: 9.5 },
      { orderNo: PAID_OUT.ID, problemDetail: 'x'.repeat(201) },
    ]
    for (const fields of bad) expect((await save(fields)).statusCode, JSON.stringify(fields)).toBe(400)
    expect((await post(app, problemSave.path, { problemType: CREDIT_REPORT_PROBLEM_TYPE, problemDetail: 'Salah.' }, ID_BORROWER)).statusCode).toBe(400)
    // a sub-type on a type that has none
    expectError(await save({ orderNo: PAID_OUT.ID, problemSonType: 1 }), 'problemTypeInvalid', 'borrower')
    expectError(await save({ orderNo: PAID_OUT.ID, problemDetail: '' }), 'complaintTextRequired', 'borrower')
    // markup is kept as the text it is, never as markup
    const res = await save({ orderNo: PAID_OUT.ID, problemDetail: '<img src=x onerror=alert(1)> salah' })
    if (res.statusCode === 200) expect((await complaintRow(res.json().data.problemId)).detail).toBe('<img src=x onerror=alert(1)> salah')
    else expect(res.statusCode).toBe(400)
  })

  it('is not filed on another borrower’s order', async () => {
    expectError(await save({ orderNo: PAID_OUT.ID }, OTHER_ID_BORROWER), 'notFound', 'borrower')
  })
})

describe('the borrower’s detail of a dispute being worked on', () => {
  it('shows it received, in the borrower’s language, with its due date; other types show none', async () => {
    const id = await fileDispute()
    for (const lang of ['id', 'en', 'es'] as const) {
      const res = await borrowerDetail(id, { ...ID_BORROWER, lang })
      expect(res.statusCode, res.body).toBe(200)
      const d = res.json().data
      expect(d.dispute).toEqual({ state: 'received', stateText: DISPUTE_STATE_TEXT[lang].received, dueOn: d.replyDue })
    }
    const other = await post(app, problemSave.path, { problemType: 2, problemDetail: `Pembayaran belum tercatat (${++filed}).`, orderNo: 'K2026000005' }, ID_BORROWER)
    expect((await borrowerDetail(other.json().data.problemId)).json().data.dispute).toBeNull()
  })

  it('stays received once replied', async () => {
    const id = await fileDispute()
    const replied = await opsPost(app, complaintReply.path, { complaintId: id, text: 'Kami sedang memeriksa catatan SLIK Anda.', images: [] }, as(agent))
    expect(replied.statusCode, replied.body).toBe(200)
    expect(replied.json().data.dispute).toEqual({ state: 'received', dueOn: (await complaintRow(id)).replyDue })
    const d = (await borrowerDetail(id)).json().data
    expect(d).toMatchObject({ status: 'replied', dispute: { state: 'received' } })
  })

  it('is not found for another borrower, nor for an unknown or malformed id', async () => {
    const id = await fileDispute()
    expectError(await borrowerDetail(id, OTHER_ID_BORROWER), 'notFound', 'borrower')
    expectError(await borrowerDetail(id, MX_BORROWER), 'notFound', 'borrower', 'es')
    expectError(await borrowerDetail(2_000_000_000), 'notFound', 'borrower')
    for (const problemId of ['', 'abc', '-1', `${id} OR 1=1`]) {
      expect((await post(app, problemDetail.path, { problemId }, ID_BORROWER)).statusCode, problemId).toBe(400)
    }
  })
})

describe('the desk’s detail of a dispute', () => {
  it('shows its state and due date; other types show none', async () => {
    const id = await fileDispute()
    const res = await deskDetail(agent, id)
    expect(res.statusCode, res.body).toBe(200)
    const d = res.json().data
    const row = await complaintRow(id)
    expect(d.dispute).toEqual({ state: 'received', dueOn: row.replyDue })
    expect(d.replyDue.date).toBe(row.replyDue)
    expect(d.problemType).toBe(CREDIT_REPORT_PROBLEM_TYPE)
    const [other] = await database.db.select().from(complaints).where(eq(complaints.problemType, 2)).limit(1)
    expect((await deskDetail(agent, other!.id)).json().data.dispute).toBeNull()
  })

  it('is not found for another market’s staff', async () => {
    const id = await fileDispute()
    expectError(await deskDetail(agentMx, id), 'notFound', 'ops')
  })
})

describe('closing with a report correction: refusals (nothing changes)', () => {
  async function unchanged(id: number, since: number) {
    expect(await complaintRow(id)).toMatchObject({ status: 'processing', outcome: null, closedAt: null })
    expect(await database.db.select().from(complaintAssignments).where(eq(complaintAssignments.complaintId, id))).toEqual([])
    expect(await auditOf(id, since)).toEqual([])
  }

  it('is refused with disputeOnly on another type of complaint, even resolved', async () => {
    const res = await post(app, problemSave.path, { problemType: 2, problemDetail: `Pembayaran belum tercatat (${++filed}).`, orderNo: 'K2026000005' }, ID_BORROWER)
    const id = res.json().data.problemId as number
    const since = await lastAuditId()
    expectError(await closeAs(agent, { complaintId: id, outcome: 'resolved', correctReport: true }), 'disputeOnly', 'ops')
    await unchanged(id, since)
  })

  it('is refused with disputeOnly on a dispute closed as unresolved, in the caller’s language', async () => {
    const id = await fileDispute()
    const since = await lastAuditId()
    expectError(await closeAs(agent, { complaintId: id, outcome: 'unresolved', correctReport: true }), 'disputeOnly', 'ops')
    const es = await opsPost(app, complaintClose.path, { complaintId: id, outcome: 'unresolved', correctReport: true }, as(agent, { query: { lang: 'es' } }))
    expectError(es, 'disputeOnly', 'ops', 'es')
    await unchanged(id, since)
  })

  it('refuses missing, wrong and hostile input with 400', async () => {
    const id = await fileDispute()
    const since = await lastAuditId()
    const bad: Array<Record<string, unknown>> = [
      { complaintId: id, correctReport: true },
      { outcome: 'resolved', correctReport: true },
      { complaintId: id, outcome: 'resolved', correctReport: 'true' },
      { complaintId: id, outcome: 'resolved', correctReport: 1 },
      { complaintId: id, outcome: 'resolved', correctReport: null },
      { complaintId: id, outcome: 'resolved', correctReport: { $ne: false } },
      { complaintId: id, outcome: 'fixed', correctReport: true },
      { complaintId: `${id}; drop table complaints`, outcome: 'resolved', correctReport: true },
    ]
    for (const payload of bad) {
      const res = await closeAs(agent, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json()).toMatchObject({ code: ERRORS.invalidRequest.code, data: { fields: expect.any(Array) } })
    }
    await unchanged(id, since)
  })

  it('is not found for another market’s staff, and the dispute stays as it was', async () => {
    const id = await fileDispute()
    const since = await lastAuditId()
    expectError(await closeAs(agentMx, { complaintId: id, outcome: 'resolved', correctReport: true }), 'notFound', 'ops')
    await unchanged(id, since)
  })

  it('is refused on a complaint someone else took', async () => {
    const id = await fileDispute()
    const other = await enrolledStaff(app, database, clock, 'agent', ['ID'])
    expect((await opsPost(app, '/ops-api/complaints/assign', { complaintId: id }, as(other))).statusCode).toBe(200)
    expectError(await closeAs(agent, { complaintId: id, outcome: 'resolved', correctReport: true }), 'complaintTaken', 'ops')
    expect(await complaintRow(id)).toMatchObject({ status: 'processing', outcome: null })
  })
})

// Needs the credit-reporting module's requestCorrection and disputeStatesOf (run after merging it).
describe('with the credit-reporting module: closing a dispute', () => {
  it('as resolved with a correction: queued in the same transaction, audited, and shown to both sides', async () => {
    const id = await fileDispute()
    const since = await lastAuditId()
    const res = await closeAs(agent, { complaintId: id, outcome: 'resolved', correctReport: true })
    expect(res.statusCode, res.body).toBe(200)
    const d = res.json().data
    expect(d).toMatchObject({ status: 'closed', outcome: 'resolved', dispute: { state: 'correction_queued', dueOn: (await complaintRow(id)).replyDue } })

    const audit = await auditOf(id, since)
    expect(audit.map((a) => a.action)).toEqual(['complaint.assign', 'complaint.close', 'complaint.correctReport'])
    expect(audit[1]).toMatchObject({ staffId: agent.id, after: { status: 'closed', outcome: 'resolved', correctReport: true } })
    expect(audit[2]).toMatchObject({ staffId: agent.id, after: { orderNo: PAID_OUT.ID, correction: 'requested' } })
    expect(d.history.map((h: { action: string }) => h.action)).toContain('complaint.correctReport')

    for (const lang of ['id', 'en', 'es'] as const) {
      const b = (await borrowerDetail(id, { ...ID_BORROWER, lang })).json().data
      expect(b.dispute).toEqual({ state: 'correction_queued', stateText: DISPUTE_STATE_TEXT[lang].correction_queued, dueOn: b.replyDue })
    }
  })

  it('as resolved or unresolved without a correction: no change', async () => {
    for (const outcome of ['resolved', 'unresolved']) {
      const id = await fileDispute()
      const since = await lastAuditId()
      const res = await closeAs(agent, { complaintId: id, outcome })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().data.dispute.state).toBe('no_change')
      expect((await auditOf(id, since)).map((a) => a.action)).not.toContain('complaint.correctReport')
      const b = (await borrowerDetail(id, { ...ID_BORROWER, lang: 'en' })).json().data
      expect(b.dispute).toMatchObject({ state: 'no_change', stateText: DISPUTE_STATE_TEXT.en.no_change })
    }
  })

  it('is closed once: a second close with a correction is refused and asks for nothing more', async () => {
    const id = await fileDispute()
    expect((await closeAs(agent, { complaintId: id, outcome: 'resolved', correctReport: true })).statusCode).toBe(200)
    const since = await lastAuditId()
    expectError(await closeAs(agent, { complaintId: id, outcome: 'resolved', correctReport: true }), 'complaintClosed', 'ops')
    expect(await auditOf(id, since)).toEqual([])
  })

  it('in Mexico, by Mexico’s staff only', async () => {
    const id = await fileDispute(MX_BORROWER, PAID_OUT.MX)
    expectError(await closeAs(agent, { complaintId: id, outcome: 'resolved', correctReport: true }), 'notFound', 'ops')
    const res = await closeAs(agentMx, { complaintId: id, outcome: 'resolved', correctReport: true })
    expect(res.statusCode, res.body).toBe(200)
    const b = (await borrowerDetail(id, MX_BORROWER)).json().data
    expect(b.dispute).toMatchObject({ state: 'correction_queued', stateText: DISPUTE_STATE_TEXT.es.correction_queued })
  })

  it('leaves the audit trail an intact chain', async () => {
    expect((await verifyChain(database.db)).broken).toBeNull()
  })
})
