import { and, eq, gt, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ERRORS,
  OPS_COMPLAINT_IMAGE_PATH,
  complaintAssign,
  complaintClose,
  complaintDeskDetail,
  complaintNote,
  complaintQueue,
  complaintReply,
  complaintReplyImage,
  problemDetail,
  problemSave,
  type ComplaintQueueRow,
} from '@kilat/contract'
import { localDate, regulatorDueDate, replyDueDate } from '@kilat/domain'
import type { Database } from '../../db/client.js'
import { post } from '../../test/inject.js'
import { auditLog } from '../audit/audit.schema.js'
import { verifyChain } from '../audit/audit.service.js'
import { emptyStaff, enrolledStaff, opsGet, opsMultipart, opsPost, testClock, type OpsOptions } from '../staff/test-helpers.js'
import { complaintAssignments, complaintNotes, complaintUploads, complaints } from './complaints.schema.js'
import { openComplaintsApp } from './test-helpers.js'

let app: FastifyInstance
let database: Database
let close: () => Promise<void>
const clock = testClock(new Date().toISOString())

const ID_BORROWER = { tok: 'demo-borrower' }
const OTHER_ID_BORROWER = { tok: 'demo-borrower-2' }
const MX_BORROWER = { tok: 'demo-borrower-mx', market: 'MX' }

type Staff = Awaited<ReturnType<typeof enrolledStaff>>
let agent: Staff
let agent2: Staff
let agentMx: Staff
let admin: Staff

beforeAll(async () => {
  ;({ app, database, close } = await openComplaintsApp({ now: clock.now }))
  await emptyStaff(database)
  agent = await enrolledStaff(app, database, clock, 'agent', ['ID'])
  agent2 = await enrolledStaff(app, database, clock, 'agent', ['ID'])
  agentMx = await enrolledStaff(app, database, clock, 'agent', ['MX'])
  admin = await enrolledStaff(app, database, clock, 'admin', ['ID', 'MX'])
})
afterAll(() => close?.())

const as = (who: Staff, extra: OpsOptions = {}): OpsOptions => ({ cookie: who.cookie, ip: who.ip, ...extra })
const queue = (who: Staff, query: Record<string, string> = {}) => opsGet(app, complaintQueue.path, as(who, { query }))
const detail = (who: Staff, id: number, query: Record<string, string> = {}) =>
  opsGet(app, complaintDeskDetail.path, as(who, { query: { complaintId: String(id), ...query } }))
const assign = (who: Staff, id: number) => opsPost(app, complaintAssign.path, { complaintId: id }, as(who))
const note = (who: Staff, id: number, text: unknown) => opsPost(app, complaintNote.path, { complaintId: id, text }, as(who))
const reply = (who: Staff, id: number, text: unknown, images: unknown = [], query: Record<string, string> = {}) =>
  opsPost(app, complaintReply.path, { complaintId: id, text, images }, as(who, { query }))
const closeAs = (who: Staff, id: number, outcome: string) => opsPost(app, complaintClose.path, { complaintId: id, outcome }, as(who))
const uploadAs = (who: Staff, id: number, data: Buffer, contentType = 'image/png', filename = 'reply.png') =>
  opsMultipart(app, complaintReplyImage.path, { fields: { complaintId: String(id) }, file: { field: 'image', data, filename, contentType } }, as(who))

const expectError = (res: { statusCode: number; json: () => { code: unknown; message: string } }, key: keyof typeof ERRORS, lang: 'id' | 'en' | 'es' = 'en') => {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(ERRORS[key].status)
  expect(res.json().code).toBe(ERRORS[key].code)
  expect(res.json().message).toBe(ERRORS[key].messages[lang])
}

let filed = 0
/** A new complaint, filed by the borrower through their own call. */
async function fileComplaint(borrower: Record<string, string> = ID_BORROWER, orderNo = 'K2026000005'): Promise<number> {
  const res = await post(app, problemSave.path, { problemType: 2, problemDetail: `Pembayaran belum tercatat (${++filed}).`, orderNo }, borrower)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.problemId as number
}
const fileMx = () => fileComplaint(MX_BORROWER, 'K2026000017')

const complaintRow = async (id: number) => (await database.db.select().from(complaints).where(eq(complaints.id, id)))[0]!
const lastAuditId = async () => (await database.db.select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)::int` }).from(auditLog))[0]!.id
const auditOf = (id: number, since: number) =>
  database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.recordType, 'complaint'), eq(auditLog.recordId, String(id)), gt(auditLog.id, since)))
    .orderBy(auditLog.id)

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3360dd' } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
    .toBuffer()

async function uploadedName(who: Staff, id: number): Promise<string> {
  const res = await uploadAs(who, id, await png())
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.name as string
}

async function allQueue(who: Staff, query: Record<string, string> = {}): Promise<ComplaintQueueRow[]> {
  const res = await queue(who, { limit: '100', ...query })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.rows
}

describe('queue', () => {
  it('lists the staff member’s markets only, by reply-due date, with both deadlines and time left', async () => {
    const id = await fileComplaint()
    const mx = await fileMx()
    const rows = await allQueue(agent)
    expect(rows.map((r) => r.id)).toContain(id)
    expect(rows.map((r) => r.id)).not.toContain(mx)
    expect(new Set(rows.map((r) => r.market))).toEqual(new Set(['ID']))
    const keys = rows.map((r) => `${r.replyDue.date}_${String(r.id).padStart(10, '0')}`)
    expect(keys).toEqual([...keys].sort())

    const row = rows.find((r) => r.id === id)!
    const created = new Date(row.createdAt)
    const today = localDate(clock.now(), 'ID')
    expect(row).toMatchObject({ market: 'ID', status: 'processing', problemType: 2, assignee: null, outcome: null })
    expect(row.problemTypeName).toMatch(/\S/)
    expect(row.replyDue.date).toBe(replyDueDate(created, 'ID'))
    expect(row.replyDue.daysLeft).toBeGreaterThanOrEqual(3)
    expect(row.replyDue.overdue).toBe(false)
    expect(row.regulatorDue.date).toBe(regulatorDueDate(created, 'ID'))
    expect(row.regulatorDue.daysLeft).toBe(Math.round((Date.parse(row.regulatorDue.date) - Date.parse(today)) / 86_400_000))

    // the seeded one filed 12 days ago and never answered
    const late = rows.find((r) => r.status === 'processing' && r.replyDue.overdue)!
    expect(late.replyDue.daysLeft).toBeLessThan(0)

    const mxRows = await allQueue(agentMx)
    expect(mxRows.map((r) => r.id)).toContain(mx)
    expect(mxRows.every((r) => r.market === 'MX')).toBe(true)
  })

  it('refuses a market outside the staff member’s (403), and filters by one of theirs', async () => {
    const refused = await queue(agent, { market: 'MX' })
    expectError(refused, 'staffForbidden')
    const mxOnly = await allQueue(admin, { market: 'MX' })
    expect(mxOnly.length).toBeGreaterThan(0)
    expect(mxOnly.every((r) => r.market === 'MX')).toBe(true)
    const both = await allQueue(admin)
    expect(new Set(both.map((r) => r.market))).toEqual(new Set(['ID', 'MX']))
  })

  it('filters by status, problem type, due today, overdue and assignee', async () => {
    const mine = await fileComplaint()
    const dueToday = await fileComplaint()
    await database.db.update(complaints).set({ replyDue: localDate(clock.now(), 'ID') }).where(eq(complaints.id, dueToday))
    expect((await assign(agent, mine)).statusCode).toBe(200)

    const closed = await allQueue(agent, { status: 'closed' })
    expect(closed.length).toBeGreaterThan(0)
    expect(closed.every((r) => r.status === 'closed')).toBe(true)
    const type2 = await allQueue(agent, { problemType: '2' })
    expect(type2.every((r) => r.problemType === 2)).toBe(true)
    expect(type2.map((r) => r.id)).toContain(mine)

    const today = await allQueue(agent, { due: 'today' })
    expect(today.map((r) => r.id)).toEqual([dueToday])
    const overdue = await allQueue(agent, { due: 'overdue' })
    expect(overdue.length).toBeGreaterThan(0)
    expect(overdue.every((r) => r.replyDue.overdue && r.status === 'processing')).toBe(true)

    const assignedToMe = await allQueue(agent, { assignee: 'me' })
    expect(assignedToMe.map((r) => r.id)).toContain(mine)
    expect(assignedToMe.every((r) => r.assignee?.id === agent.id)).toBe(true)
    expect(assignedToMe.find((r) => r.id === mine)!.assignee).toEqual({ id: agent.id, email: agent.email })
    const nobody = await allQueue(agent, { assignee: 'nobody' })
    expect(nobody.map((r) => r.id)).not.toContain(mine)
    expect(nobody.every((r) => r.assignee === null)).toBe(true)
    expect((await allQueue(agent2, { assignee: 'me' })).map((r) => r.id)).not.toContain(mine)
  })

  it('pages by key: every row once, in order, at most the page size', async () => {
    for (let i = 0; i < 3; i++) await fileComplaint()
    const all = await allQueue(agent)
    const seen: number[] = []
    let cursor: string | null = null
    do {
      const res = await queue(agent, { limit: '2', ...(cursor ? { cursor } : {}) })
      expect(res.statusCode, res.body).toBe(200)
      const data: { rows: ComplaintQueueRow[]; nextCursor: string | null } = res.json().data
      expect(data.rows.length).toBeLessThanOrEqual(2)
      seen.push(...data.rows.map((r) => r.id))
      cursor = data.nextCursor
    } while (cursor)
    expect(seen).toEqual(all.map((r) => r.id))
  })

  it('refuses a bad filter with 400 in the staff member’s language', async () => {
    const bad: Array<Record<string, string>> = [{ limit: '101' }, { limit: '0' }, { status: 'open' }, { due: 'tomorrow' }, { assignee: 'them' }, { cursor: 'x'.repeat(5000) }, { problemType: 'abc' }]
    for (const query of bad) {
      const res = await queue(agent, query)
      expect(res.statusCode, JSON.stringify(query)).toBe(400)
      expect(res.json()).toMatchObject({ code: ERRORS.invalidRequest.code, data: { fields: expect.any(Array) }, message: ERRORS.invalidRequest.messages.en })
    }
    expect((await queue(agent, { status: 'open', lang: 'es' })).json().message).toBe(ERRORS.invalidRequest.messages.es)
  })
})

describe('detail', () => {
  it('shows the borrower masked, the order, the text and images, earlier complaints, notes and history', async () => {
    const id = await fileComplaint()
    const res = await detail(agent, id)
    expect(res.statusCode, res.body).toBe(200)
    const d = res.json().data
    expect(d.borrower.phoneMasked).toMatch(/\*{3,}/)
    expect(d.borrower.phoneMasked).not.toContain('81234567890')
    expect(d.borrower.phoneMasked.endsWith('90')).toBe(true)
    expect(d.order).toMatchObject({ orderNo: 'K2026000005', productName: expect.any(String), status: expect.any(Number), principal: expect.any(Number) })
    expect(d.text).toMatch(/Pembayaran belum tercatat/)
    expect(d.earlier.length).toBeGreaterThan(0)
    expect(d.earlier.every((e: { id: number }) => e.id !== id)).toBe(true)
    expect(d).toMatchObject({ notes: [], reply: null, assignee: null, history: [], status: 'processing', score: null })

    // a seeded complaint with the borrower's image and a reply with an image
    const [seeded] = await database.db.select().from(complaints).where(eq(complaints.requestKey, 'seed-collection-replied'))
    const s = (await detail(agent, seeded!.id)).json().data
    expect(s.images).toEqual([`${OPS_COMPLAINT_IMAGE_PATH}demo-call-log.png`])
    expect(s.reply).toMatchObject({ text: seeded!.replyText, images: [`${OPS_COMPLAINT_IMAGE_PATH}demo-call-policy.png`] })
    expect(s.problemSonTypeName).toMatch(/\S/)
  })

  it('answers another market’s complaint not found, as an unknown id', async () => {
    const mx = await fileMx()
    expectError(await detail(agent, mx), 'notFound')
    expect((await detail(agentMx, mx)).statusCode).toBe(200)
    expectError(await detail(agent, 2_000_000_000), 'notFound')
    for (const complaintId of ['', 'abc', '-1', '1.5', '99999999999999999999', '<b>1</b>']) {
      expect((await opsGet(app, complaintDeskDetail.path, as(agent, { query: { complaintId } }))).statusCode, complaintId).toBe(400)
    }
  })
})

describe('assign', () => {
  it('takes the complaint for the caller, once, with an audit row', async () => {
    const id = await fileComplaint()
    const since = await lastAuditId()
    const res = await assign(agent, id)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toEqual({ assignee: { id: agent.id, email: agent.email } })
    // asking again for one's own: nothing changes
    expect((await assign(agent, id)).statusCode).toBe(200)
    expectError(await assign(agent2, id), 'complaintTaken')
    const rows = await auditOf(id, since)
    expect(rows.map((r) => [r.action, r.staffId, r.role, r.ip])).toEqual([['complaint.assign', agent.id, 'agent', agent.ip]])
    expect(rows[0]!.before).toEqual({ assignee: null })
    expect(rows[0]!.after).toEqual({ assignee: { id: agent.id, email: agent.email } })
    expect((await detail(agent, id)).json().data.history.map((h: { action: string }) => h.action)).toEqual(['complaint.assign'])
  })

  it('gives the complaint to exactly one of two agents at once', async () => {
    const id = await fileComplaint()
    const [a, b] = await Promise.all([assign(agent, id), assign(agent2, id)])
    const statuses = [a.statusCode, b.statusCode].sort()
    expect(statuses).toEqual([200, 409])
    const loser = a.statusCode === 409 ? a : b
    expect(loser.json().code).toBe(ERRORS.complaintTaken.code)
    const held = await database.db.select().from(complaintAssignments).where(eq(complaintAssignments.complaintId, id))
    expect(held).toHaveLength(1)
    expect((await auditOf(id, 0)).filter((r) => r.action === 'complaint.assign')).toHaveLength(1)
  })

  it('answers another market’s complaint not found, which stays unassigned', async () => {
    const mx = await fileMx()
    const since = await lastAuditId()
    expectError(await assign(agent, mx), 'notFound')
    expect(await database.db.select().from(complaintAssignments).where(eq(complaintAssignments.complaintId, mx))).toHaveLength(0)
    expect(await auditOf(mx, since)).toHaveLength(0)
  })
})

describe('internal notes', () => {
  it('are kept with their author, recorded, and never shown to the borrower', async () => {
    const id = await fileComplaint()
    const since = await lastAuditId()
    const text = 'Called the bank: the transfer arrives tomorrow. a < b is fine.'
    const res = await note(agent, id, `  ${text}  `)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ author: { id: agent.id, email: agent.email }, text })
    const d = (await detail(agent2, id)).json().data
    expect(d.notes.map((n: { text: string }) => n.text)).toEqual([text])
    expect((await auditOf(id, since)).map((r) => r.action)).toEqual(['complaint.note'])
    const borrowerView = await post(app, problemDetail.path, { problemId: id }, ID_BORROWER)
    expect(borrowerView.body).not.toContain('Called the bank')
  })

  it('refuses bad input with 400, in the caller’s language, writing nothing', async () => {
    const id = await fileComplaint()
    const cases: unknown[] = ['', '   ', 'x'.repeat(1001), 'x'.repeat(200_000), 'nul\u0000byte', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', 12345, ['text'], null]
    for (const text of cases) {
      const res = await note(agent, id, text)
      expect(res.statusCode, JSON.stringify(text).slice(0, 40)).toBe(400)
      expect(res.json()).toMatchObject({ code: ERRORS.invalidRequest.code, data: { fields: ['text'] }, message: ERRORS.invalidRequest.messages.en })
    }
    expect((await opsPost(app, complaintNote.path, { text: 'no id' }, as(agent))).json().data.fields).toEqual(['complaintId'])
    const es = await opsPost(app, complaintNote.path, { complaintId: id, text: '' }, as(agent, { query: { lang: 'es' } }))
    expect(es.json().message).toBe(ERRORS.invalidRequest.messages.es)
    expect((await note(agent, id, 'x'.repeat(1000))).statusCode).toBe(200)
    expect(await database.db.select().from(complaintNotes).where(eq(complaintNotes.complaintId, id))).toHaveLength(1)
  })

  it('are refused on another market’s complaint', async () => {
    const mx = await fileMx()
    expectError(await note(agent, mx, 'not mine'), 'notFound')
    expect(await database.db.select().from(complaintNotes).where(eq(complaintNotes.complaintId, mx))).toHaveLength(0)
  })
})

describe('reply images', () => {
  it('are checked by content, re-encoded without metadata, and open for staff of the market only', async () => {
    const id = await fileComplaint()
    const since = await lastAuditId()
    const original = await png()
    expect((await sharp(original).metadata()).exif).toBeDefined()
    const res = await uploadAs(agent, id, original, 'image/jpeg', 'photo.jpg')
    expect(res.statusCode, res.body).toBe(200)
    const { name, url } = res.json().data
    expect(name).toMatch(/^[a-f0-9]{32}\.png$/)
    expect(url).toBe(`${OPS_COMPLAINT_IMAGE_PATH}${name}`)
    const [stored] = await database.db.select().from(complaintUploads).where(eq(complaintUploads.name, name))
    expect(stored).toMatchObject({ source: 'agent', mime: 'image/png', width: 64, height: 48, borrowerId: (await complaintRow(id)).borrowerId })
    expect((await auditOf(id, since)).map((r) => r.action)).toEqual(['complaint.image'])

    const seen = await opsGet(app, url, as(agent))
    expect(seen.statusCode).toBe(200)
    expect(seen.headers['content-type']).toBe('image/png')
    expect((await sharp(seen.rawPayload).metadata()).exif).toBeUndefined()
    expect((await opsGet(app, url, as(agentMx))).statusCode).toBe(404)
    expect((await opsGet(app, url, {})).statusCode).toBe(401)
    // the borrower's own image, for the staff of the market
    const [seeded] = await database.db.select().from(complaints).where(eq(complaints.requestKey, 'seed-collection-replied'))
    expect((await opsGet(app, `${OPS_COMPLAINT_IMAGE_PATH}${seeded!.images[0]}`, as(agent))).statusCode).toBe(200)
  })

  it('refuses what is not an image, a file too large, no file, and another market’s complaint', async () => {
    const id = await fileComplaint()
    expectError(await uploadAs(agent, id, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png', 'fake.png'), 'imageTypeRefused')
    expect((await uploadAs(agent, id, Buffer.alloc(5 * 1024 * 1024 + 10, 1))).statusCode).toBe(413)
    const none = await opsMultipart(app, complaintReplyImage.path, { fields: { complaintId: String(id) } }, as(agent))
    expect(none.statusCode).toBe(400)
    expect(none.json().data.fields).toEqual(['image'])
    const mx = await fileMx()
    const before = (await database.db.select({ n: sql<number>`count(*)::int` }).from(complaintUploads))[0]!.n
    expectError(await uploadAs(agent, mx, await png()), 'notFound')
    expect((await database.db.select({ n: sql<number>`count(*)::int` }).from(complaintUploads))[0]!.n).toBe(before)
  })
})

describe('reply', () => {
  it('is what the borrower then reads on their complaint, with its image and the rating popup', async () => {
    const id = await fileComplaint()
    const name = await uploadedName(agent, id)
    const since = await lastAuditId()
    const text = 'Pembayaran Anda sudah tercatat. Terlampir buktinya.'
    const res = await reply(agent, id, text, [name])
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ status: 'replied', reply: { text, images: [`${OPS_COMPLAINT_IMAGE_PATH}${name}`] }, assignee: { id: agent.id } })
    const rows = await auditOf(id, since)
    expect(rows.map((r) => r.action)).toEqual(['complaint.assign', 'complaint.reply'])
    expect(rows[1]).toMatchObject({ staffId: agent.id, role: 'agent', ip: agent.ip, before: { status: 'processing', reply: null } })
    expect(rows[1]!.after).toEqual({ status: 'replied', reply: { text, images: [name] } })

    const seen = await post(app, problemDetail.path, { problemId: id }, ID_BORROWER)
    expect(seen.json().data).toMatchObject({ status: 'replied', disposeDetail: text, disposeImages: [`/media/complaints/${name}`], isScore: 1, escalation: null })
    const image = await app.inject({ method: 'GET', url: `/media/complaints/${name}?tok=demo-borrower` })
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/png')
    expect((await app.inject({ method: 'GET', url: `/media/complaints/${name}?tok=${OTHER_ID_BORROWER.tok}` })).statusCode).toBe(404)

    expectError(await reply(agent, id, 'Again'), 'complaintAlreadyReplied')
    expect((await complaintRow(id)).replyText).toBe(text)
  })

  it('refuses bad input with 400 and changes nothing', async () => {
    const id = await fileComplaint()
    const name = await uploadedName(agent, id)
    const cases: Array<[unknown, unknown]> = [
      ['', []],
      ['x'.repeat(1001), []],
      ['x'.repeat(300_000), []],
      ['a\u0000b', []],
      ['<b>bold</b>', []],
      [42, []],
      ['fine', Array(10).fill(name)],
      ['fine', ['../../etc/passwd']],
      ['fine', 'not-an-array'],
    ]
    for (const [text, images] of cases) {
      const res = await reply(agent, id, text, images, { lang: 'id' })
      expect(res.statusCode, JSON.stringify([text, images]).slice(0, 60)).toBe(400)
      expect(res.json().message).toBe(ERRORS.invalidRequest.messages.id)
    }
    // a name of an image that is no reply image of this borrower
    expectError(await reply(agent, id, 'fine', [`${'a'.repeat(32)}.png`]), 'imageUnknown')
    const row = await complaintRow(id)
    expect(row).toMatchObject({ status: 'processing', replyText: null })
    expect(await database.db.select().from(complaintAssignments).where(eq(complaintAssignments.complaintId, id))).toHaveLength(0)
    expect((await reply(agent, id, 'x'.repeat(1000), [name])).statusCode).toBe(200)
  })

  it('is refused on a complaint someone else took, and on another market’s', async () => {
    const id = await fileComplaint()
    expect((await assign(agent2, id)).statusCode).toBe(200)
    expectError(await reply(agent, id, 'Mine now?'), 'complaintTaken')
    const mx = await fileMx()
    const since = await lastAuditId()
    expectError(await reply(agent, mx, 'Not my market'), 'notFound')
    expect(await complaintRow(mx)).toMatchObject({ status: 'processing', replyText: null })
    expect(await auditOf(mx, since)).toHaveLength(0)
    // an admin of both markets may answer it
    expect((await reply(admin, mx, 'Su pago quedó registrado.')).statusCode).toBe(200)
  })
})

describe('close', () => {
  it('as resolved: the borrower sees it closed and may rate it', async () => {
    const id = await fileComplaint()
    expect((await reply(agent, id, 'Done.')).statusCode).toBe(200)
    const since = await lastAuditId()
    const res = await closeAs(agent, id, 'resolved')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ status: 'closed', outcome: 'resolved', closedAt: expect.any(String) })
    const rows = await auditOf(id, since)
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([['complaint.close', { status: 'replied', outcome: null }, { status: 'closed', outcome: 'resolved' }]])
    const seen = (await post(app, problemDetail.path, { problemId: id }, ID_BORROWER)).json().data
    expect(seen).toMatchObject({ status: 'closed', outcome: 'resolved', disposeDetail: 'Done.', isScore: 1, escalation: null })

    expectError(await closeAs(agent, id, 'unresolved'), 'complaintClosed')
    expectError(await reply(agent, id, 'More'), 'complaintClosed')
    expectError(await assign(agent2, id), 'complaintClosed')
    expect(await complaintRow(id)).toMatchObject({ outcome: 'resolved', replyText: 'Done.' })
  })

  it('as unresolved: the borrower is shown where to escalate', async () => {
    const id = await fileComplaint()
    expect((await reply(agent, id, 'We cannot change this.')).statusCode).toBe(200)
    expect((await closeAs(agent, id, 'unresolved')).statusCode).toBe(200)
    const seen = (await post(app, problemDetail.path, { problemId: id }, ID_BORROWER)).json().data
    expect(seen).toMatchObject({ status: 'closed', outcome: 'unresolved', isScore: 1 })
    expect(seen.escalation.authority.name).toMatch(/OJK/)
  })

  it('lets exactly one of two closers win', async () => {
    const id = await fileComplaint()
    expect((await assign(agent, id)).statusCode).toBe(200)
    const [a, b] = await Promise.all([closeAs(agent, id, 'resolved'), closeAs(agent, id, 'unresolved')])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409])
    const loser = a.statusCode === 409 ? a : b
    expect(loser.json().code).toBe(ERRORS.complaintClosed.code)
    const winner = a.statusCode === 200 ? 'resolved' : 'unresolved'
    expect((await complaintRow(id)).outcome).toBe(winner)
    expect((await auditOf(id, 0)).filter((r) => r.action === 'complaint.close')).toHaveLength(1)
  })

  it('refuses a bad outcome, another market’s complaint, and leaves both unchanged', async () => {
    const id = await fileComplaint()
    for (const outcome of ['', 'done', 'RESOLVED', '<b>']) expect((await closeAs(agent, id, outcome)).statusCode).toBe(400)
    const mx = await fileMx()
    expectError(await closeAs(agent, mx, 'resolved'), 'notFound')
    expect((await complaintRow(mx)).status).toBe('processing')
    expect((await complaintRow(id)).status).toBe('processing')
  })
})

describe('the audit trail', () => {
  it('stays an intact chain after every write above', async () => {
    const result = await verifyChain(database.db)
    expect(result.broken).toBeNull()
    expect(result.rows).toBeGreaterThan(10)
  })
})
