import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ERRORS,
  identitySet,
  opsBureauDownload,
  opsBureauOrderRecords,
  opsBureauRebuild,
  opsBureauRun,
  opsBureauRuns,
  opsBureauSendConfirm,
  opsBureauSendRequest,
  opsBureauSendWithdraw,
} from '@kilat/contract'
import { ORDER_STATUS, cents, type Market } from '@kilat/domain'
import { SandboxGateway } from '../../adapters/payments/sandbox-gateway.js'
import type { Database } from '../../db/client.js'
import { createBorrowerWithSession, createOrder, createProduct } from '../../db/factories.js'
import { postJson } from '../../test/inject.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'
import { auditLog } from '../audit/audit.schema.js'
import { orders } from '../orders/orders.schema.js'
import { issueRepaymentAccount, receivePayment } from '../repayment/repayment.service.js'
import { SECRET } from '../repayment/test-helpers.js'
import type { Product } from '../products/products.schema.js'
import { enrolledStaff, opsGet, opsPost, testClock } from '../staff/test-helpers.js'
import { bureauCorrections, bureauFindings, bureauRecords, bureauRuns, bureauSends } from './credit-reporting.schema.js'
import { runReportingJob } from './job.js'
import { buildRun } from './build.js'
import { requestCorrection } from './corrections.js'

let database: Database
let app: FastifyInstance
// 10 November 2026: October's run of Indonesia and Mexico, and India's second half of October, are closed
const clock = testClock('2026-11-10T03:00:00.000Z')
const product = {} as Record<Market, Product>
type Staff = { id: number; cookie: string }
let finance: Staff
let finance2: Staff
let admin: Staff
let agent: Staff
let financeMx: Staff

const post = (who: Staff, path: string, body: unknown) => opsPost(app, path, body, { cookie: who.cookie })
const get = (who: Staff, path: string, query: Record<string, string>) => opsGet(app, path, { cookie: who.cookie, query })

const KYC = { vendor: 'acme-kyc', reference: 'KYC-1', result: 'verified', checkedAt: '2026-10-01T10:00:00+07:00' } as const
let serial = 1
/** Every identity number given, to look for in a dump of the module's tables. */
const niks: string[] = []

async function giveIdentity(token: string) {
  const nik = `3273011506${92}${String(serial++).padStart(4, '0')}`
  niks.push(nik)
  const res = await postJson(
    app,
    identitySet.path,
    { fullName: 'Dewi Lestari', nik, birthDate: '1992-06-15', gender: 'male', placeOfBirth: 'Bandung', address: { street: 'Jl. Dago No. 1', provinceCode: '32', cityCode: '3273' }, kyc: KYC },
    { tok: token, market: 'ID', lang: 'id' },
  )
  expect(res.json().code).toBe(0)
}

/** A borrower of Indonesia with a loan in the status given, its dates relative to `at`. */
async function loan(status: (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS], at: string, identity = true) {
  const { borrower, token } = await createBorrowerWithSession(database.db, { market: 'ID' })
  if (identity) await giveIdentity(token)
  const { order, periods } = await createOrder(database.db, { product: product.ID, borrowerId: borrower.id, status, now: new Date(at) })
  return { order, periods, token, borrowerId: borrower.id }
}

beforeAll(async () => {
  database = await openTestDatabase()
  app = await buildTestApp(database, { now: clock.now })
  await app.ready()
  product.ID = await createProduct(database.db, { market: 'ID' })
  product.MX = await createProduct(database.db, { market: 'MX' })
  finance = await enrolledStaff(app, database, clock, 'finance', ['ID'])
  finance2 = await enrolledStaff(app, database, clock, 'finance', ['ID'])
  admin = await enrolledStaff(app, database, clock, 'admin', ['ID'])
  agent = await enrolledStaff(app, database, clock, 'agent', ['ID'])
  financeMx = await enrolledStaff(app, database, clock, 'finance', ['MX'])
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

describe('a month of Indonesia', () => {
  let overdue: Awaited<ReturnType<typeof loan>>
  let settled: Awaited<ReturnType<typeof loan>>
  let early: Awaited<ReturnType<typeof loan>>
  let later: Awaited<ReturnType<typeof loan>>
  let noIdentity: Awaited<ReturnType<typeof loan>>
  let runId: number

  beforeAll(async () => {
    overdue = await loan(ORDER_STATUS.overdue, '2026-10-25T03:00:00Z')
    settled = await loan(ORDER_STATUS.settled, '2026-11-25T03:00:00Z')
    early = await loan(ORDER_STATUS.settled, '2026-10-20T03:00:00Z')
    later = await loan(ORDER_STATUS.due, '2026-11-09T03:00:00Z')
    // paid out on 5 November, after October's cut-off
    await database.db.update(orders).set({ disbursedAt: new Date('2026-11-05T03:00:00Z') }).where(eq(orders.id, later.order.id))
    noIdentity = await loan(ORDER_STATUS.overdue, '2026-10-30T03:00:00Z', false)
  })

  it('is built by the job once after the cut-off, with every loan the month reports and one finding', async () => {
    const first = await runReportingJob({ db: database.db, secrets: app.secrets, now: clock.now })
    expect(first.built).toBeGreaterThanOrEqual(1)
    expect((await runReportingJob({ db: database.db, secrets: app.secrets, now: clock.now })).built).toBe(0)
    const runs = await get(finance, opsBureauRuns.path, { market: 'ID' })
    expect(runs.json().code).toBe(0)
    const run = runs.json().data.runs.find((r: { period: string }) => r.period === '2026-10')
    expect(run).toMatchObject({ market: 'ID', version: 1, status: 'built', cutoffOn: '2026-10-31', builtByEmail: null, sendable: false, recordsWithErrors: 1, missing: 0 })
    expect(runs.json().data.lastClosedPeriod).toBe('2026-10')
    runId = run.id
    const records = await database.db.select().from(bureauRecords).where(eq(bureauRecords.runId, runId))
    const byOrder = new Map(records.map((r) => [r.orderKey, r]))
    // settled before October began, and paid out after the cut-off: not reported
    expect(byOrder.has(early.order.id)).toBe(false)
    expect(byOrder.has(later.order.id)).toBe(false)
    expect(byOrder.get(overdue.order.id)).toMatchObject({ state: 'open' })
    expect(byOrder.get(overdue.order.id)!.balance).toBeGreaterThan(0)
    expect(byOrder.get(overdue.order.id)!.daysPastDue).toBeGreaterThan(0)
    expect(byOrder.get(settled.order.id)).toMatchObject({ state: 'settled', balance: 0, overdue: 0 })
    expect(byOrder.get(noIdentity.order.id)).toMatchObject({ identityVersionId: null })
    expect(run.balance).toBe(run.ledgerBalance)
    expect(run.balance).toBe(records.reduce((s, r) => s + r.balance, 0))
  })

  it('names the borrower without an identity, and refuses the file and the send while it has errors', async () => {
    const detail = await get(finance, opsBureauRun.path, { runId: String(runId) })
    expect(detail.json().data.findings).toEqual([{ orderNo: noIdentity.order.orderNo, problem: 'identity_missing', field: 'NIK' }])
    expect(detail.json().data.problems).toEqual([])
    const file = await opsGet(app, opsBureauDownload.path, { cookie: finance.cookie, query: { runId: String(runId), bureau: 'slik', file: 'F01' } })
    expect(file.json().code).toBe(ERRORS.bureauRunHasErrors.code)
    const send = await post(finance, opsBureauSendRequest.path, { runId, bureau: 'slik', sentOn: '2026-11-10' })
    expect(send.json().code).toBe(ERRORS.bureauRunHasErrors.code)
  })

  it('is rebuilt clean once the identity is given; the run before is kept, superseded, unchanged', async () => {
    await giveIdentity(noIdentity.token)
    const before = await database.db.select().from(bureauRecords).where(eq(bureauRecords.runId, runId))
    const rebuilt = await post(finance, opsBureauRebuild.path, { market: 'ID', period: '2026-10' })
    expect(rebuilt.json().code).toBe(0)
    expect(rebuilt.json().data.run).toMatchObject({ version: 2, status: 'built', sendable: true, recordsWithErrors: 0 })
    const [old] = await database.db.select().from(bureauRuns).where(eq(bureauRuns.id, runId))
    expect(old!.status).toBe('superseded')
    expect(await database.db.select().from(bureauRecords).where(eq(bureauRecords.runId, runId))).toEqual(before)
    // a kept record is never changed
    await expect(database.db.execute(sql`update bureau_records set balance = 0 where run_id = ${runId}`)).rejects.toThrow()
    runId = rebuilt.json().data.run.id
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.action, 'bureau.rebuild'))
    expect(audits).toHaveLength(1)
  })

  it('streams each file of the bureau, header first, and audits the download', async () => {
    const d01 = await opsGet(app, opsBureauDownload.path, { cookie: finance.cookie, query: { runId: String(runId), bureau: 'slik', file: 'D01' } })
    expect(d01.statusCode).toBe(200)
    expect(d01.headers['content-disposition']).toMatch(/attachment; filename=".+"/)
    const lines = d01.body.split('\r\n').filter(Boolean)
    expect(lines[0]).toMatch(/^H\|/)
    const f01 = await opsGet(app, opsBureauDownload.path, { cookie: finance.cookie, query: { runId: String(runId), bureau: 'slik', file: 'F01' } })
    const accounts = f01.body.split('\r\n').filter((l) => l.startsWith('D|') || l.startsWith('F|') || /^[A-Z]\|/.test(l))
    expect(f01.body).toContain(overdue.order.orderNo)
    expect(f01.body).toContain(settled.order.orderNo)
    expect(f01.body).not.toContain(early.order.orderNo)
    expect(accounts.length).toBeGreaterThanOrEqual(3)
    // the identity number is written whole in the file, and nowhere in the audit trail
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.action, 'bureau.download'))
    expect(audits.length).toBe(2)
    expect(JSON.stringify(audits)).not.toMatch(/3273011506/)
    // a bureau of another market, and a file the bureau does not take
    expect((await opsGet(app, opsBureauDownload.path, { cookie: finance.cookie, query: { runId: String(runId), bureau: 'cibil', file: 'TUDF' } })).json().code).toBe(ERRORS.invalidRequest.code)
    expect((await opsGet(app, opsBureauDownload.path, { cookie: finance.cookie, query: { runId: String(runId), bureau: 'slik', file: 'TUDF' } })).json().code).toBe(ERRORS.invalidRequest.code)
  })

  it('is marked sent by a second member only, once per bureau and period', async () => {
    expect((await post(finance, opsBureauSendRequest.path, { runId, bureau: 'slik', sentOn: '2026-11-11' })).json().code).toBe(ERRORS.invalidRequest.code)
    expect((await post(finance, opsBureauSendRequest.path, { runId, bureau: 'slik', sentOn: '2026-10-30' })).json().code).toBe(ERRORS.invalidRequest.code)
    const asked = await post(finance, opsBureauSendRequest.path, { runId, bureau: 'slik', sentOn: '2026-11-10' })
    expect(asked.json().code).toBe(0)
    const requestId = asked.json().data.send.id
    expect((await post(finance, opsBureauSendRequest.path, { runId, bureau: 'slik', sentOn: '2026-11-10' })).json().code).toBe(ERRORS.bureauSendPending.code)
    expect((await post(finance, opsBureauSendConfirm.path, { requestId })).json().code).toBe(ERRORS.fourEyesSameMember.code)
    expect((await post(financeMx, opsBureauSendConfirm.path, { requestId })).json().code).toBe(ERRORS.notFound.code)
    const confirmed = await post(admin, opsBureauSendConfirm.path, { requestId })
    expect(confirmed.json().code).toBe(0)
    expect(confirmed.json().data.send).toMatchObject({ status: 'confirmed', bureau: 'slik', sentOn: '2026-11-10' })
    expect((await post(finance2, opsBureauSendWithdraw.path, { requestId })).json().code).toBe(ERRORS.bureauSendNotPending.code)
    // sent: the period is not built again, a correction goes in the next run
    expect((await post(finance, opsBureauRebuild.path, { market: 'ID', period: '2026-10' })).json().code).toBe(ERRORS.bureauAlreadySent.code)
    const records = await get(agent, opsBureauOrderRecords.path, { orderNo: overdue.order.orderNo })
    expect(records.json().data.records[0]).toMatchObject({ period: '2026-10', state: 'open', sentTo: ['slik'], correction: false })
  })

  it('keeps no identity number, birth date or address in its tables (a dump): only the identity version, sealed in its own module', async () => {
    const dump = JSON.stringify(await Promise.all([bureauRuns, bureauRecords, bureauFindings, bureauSends, bureauCorrections].map((t) => database.db.select().from(t))))
    expect(dump).toContain(`"orderKey":${overdue.order.id}`)
    expect(niks.length).toBeGreaterThan(0)
    for (const secret of [...niks, '1992-06-15', 'Jl. Dago']) expect(dump).not.toContain(secret)
  })

  it('carries a correction in the next run, with the indicator', async () => {
    await database.db.transaction((tx) => requestCorrection(tx, { orderKey: settled.order.id, market: 'ID', complaintId: 1, staffId: finance.id, at: clock.now() }))
    expect((await get(agent, opsBureauOrderRecords.path, { orderNo: settled.order.orderNo })).json().data.correctionPending).toBe(true)
    const next = await buildRun({ db: database.db, secrets: app.secrets, now: () => new Date('2026-12-02T03:00:00Z') }, 'ID', '2026-11', null)
    expect(next!.corrections).toBe(1)
    const [carried] = await database.db.select().from(bureauRecords).where(sql`${bureauRecords.runId} = ${next!.id} and ${bureauRecords.orderKey} = ${settled.order.id}`)
    expect(carried).toMatchObject({ correction: true, state: 'settled', balance: 0 })
  })
})

describe('the totals against the ledger', () => {
  it('agree whatever was paid before and after the cut-off, and a loan settled by then has no balance (property)', async () => {
    const gateway = new SandboxGateway(SECRET, { db: database.db })
    let serialPayment = 0
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ percent: fc.integer({ min: 1, max: 60 }), beforeCutoff: fc.boolean() }), { minLength: 1, maxLength: 4 }), async (paid) => {
        // September of Indonesia: a loan overdue before its cut-off, paid in parts around it
        const { order, borrowerId } = await loan(ORDER_STATUS.overdue, '2026-09-20T03:00:00Z')
        const account = await issueRepaymentAccount({ db: database.db, gateway }, { borrowerId, orderNo: order.orderNo, methodCode: 'BCA', purpose: 'repay' }, new Date('2026-09-21T03:00:00Z'))
        const inTime = [...paid].sort((a, b) => Number(b.beforeCutoff) - Number(a.beforeCutoff))
        for (const [i, p] of inTime.entries()) {
          const paidAt = new Date(p.beforeCutoff ? `2026-09-2${2 + i}T03:00:00Z` : `2026-10-0${2 + i}T03:00:00Z`)
          await receivePayment(
            database.db,
            'sandbox',
            { gatewayPaymentId: `prop-${serialPayment++}`, accountNo: account.accountNo, externalId: String(account.accountId), amount: cents(Math.max(1, Math.floor((order.totalRepay * p.percent) / 100))), paidAt, method: 'BCA', raw: {} },
            paidAt,
          )
        }
        const run = await buildRun({ db: database.db, secrets: app.secrets, now: clock.now }, 'ID', '2026-09', { staffId: finance.id, role: 'finance', ip: '127.0.0.1' })
        expect(run!.balance).toBe(run!.ledgerBalance)
        const [mine] = await database.db.select().from(bureauRecords).where(sql`${bureauRecords.runId} = ${run!.id} and ${bureauRecords.orderKey} = ${order.id}`)
        if (mine!.state !== 'open') expect(mine!.balance).toBe(0)
        expect(mine!.overdue).toBeLessThanOrEqual(mine!.balance)
      }),
      { numRuns: 6 },
    )
  }, 120_000)
})

describe('refusals', () => {
  it('refuses a period not yet closed, a period of the wrong form, and bad input', async () => {
    expect((await post(finance, opsBureauRebuild.path, { market: 'ID', period: '2026-11' })).json().code).toBe(ERRORS.bureauPeriodOpen.code)
    expect((await post(finance, opsBureauRebuild.path, { market: 'ID', period: '2026-10-1' })).json().code).toBe(ERRORS.invalidRequest.code)
    for (const body of [{}, { market: 'ID' }, { market: 'XX', period: '2026-10' }, { market: 'ID', period: 202610 }, { market: 'ID', period: "2026-10'; drop table bureau_runs; --" }, { market: 'ID', period: '2026-10', extra: 1 }]) {
      const res = await post(finance, opsBureauRebuild.path, body)
      expect(res.json().code, JSON.stringify(body)).toBe(ERRORS.invalidRequest.code)
    }
    expect((await get(finance, opsBureauRun.path, { runId: 'x'.repeat(300) })).json().code).toBe(ERRORS.invalidRequest.code)
    expect((await get(finance, opsBureauRun.path, { runId: '999999' })).json().code).toBe(ERRORS.notFound.code)
  })

  it("refuses another market's staff and the roles without the permission", async () => {
    const [run] = await database.db.select().from(bureauRuns).where(eq(bureauRuns.market, 'ID')).limit(1)
    expect((await get(financeMx, opsBureauRun.path, { runId: String(run!.id) })).json().code).toBe(ERRORS.notFound.code)
    expect((await get(financeMx, opsBureauRuns.path, { market: 'ID' })).json().code).toBe(ERRORS.staffForbidden.code)
    expect((await post(financeMx, opsBureauRebuild.path, { market: 'ID', period: '2026-10' })).json().code).toBe(ERRORS.staffForbidden.code)
    expect((await get(agent, opsBureauRuns.path, { market: 'ID' })).json().code).toBe(ERRORS.staffForbidden.code)
    expect((await post(admin, opsBureauSendRequest.path, { runId: run!.id, bureau: 'slik', sentOn: '2026-11-10' })).json().code).toBe(ERRORS.staffForbidden.code)
    expect((await get(financeMx, opsBureauOrderRecords.path, { orderNo: 'T000000000001' })).json().code).toBe(ERRORS.notFound.code)
  })
})
