/**
 * Object access: every call that takes the id of a borrower's record (an order, a complaint, an
 * image, a card, a repayment record, a payment account, a product of a market), called by another
 * borrower with the victim's id, is refused as "not found" (or the call's own "no such" error), and
 * no identifying value of the victim (name, phone, order numbers, account and card numbers,
 * amounts, image names, complaint text) appears in the answer. The same for the console: a staff
 * member of one market naming a record of another market reads "not found"
 * (docs/product/operations.md#roles). Image addresses too.
 *
 * The calls come from the contract: every call with a session whose query or body has an id-like
 * field must have a probe below, or the first test fails, so that a new call cannot slip past.
 */
import { desc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import * as contract from '@kilat/contract'
import { ERRORS, OPS_CALLS, OPS_COMPLAINT_IMAGE_PATH, type CallDef, type ErrorKey, type ProductDraft } from '@kilat/contract'
import { ORDER_STATUS, cents, type Cents, type Market, type OrderStatus } from '@kilat/domain'
import type { Database } from '../../db/client.js'
import { createBorrowerWithSession, createOrder, createProduct } from '../../db/factories.js'
import { DEMO_BORROWERS, DEMO_ORDERS } from '../../db/seed.js'
import { DEMO_CARDS } from '../../db/seed-cards.js'
import { borrowers } from '../../modules/auth/auth.schema.js'
import { complaints } from '../../modules/complaints/complaints.schema.js'
import { openComplaintsApp, upload } from '../../modules/complaints/test-helpers.js'
import { products } from '../../modules/products/products.schema.js'
import { draftOf } from '../../modules/products/products.desk.js'
import { bureauRuns, bureauSends } from '../../modules/credit-reporting/credit-reporting.schema.js'
import { kycFlags } from '../../modules/kyc/kyc.schema.js'
import { reconDifferences, reconResolutions } from '../../modules/money-desk/reconciliation.schema.js'
import { staffRoleRequests } from '../../modules/staff/staff.schema.js'
import { emptyDecisions } from '../../modules/decisions/test-helpers.js'
import { emptyStaff, enrolledStaff, opsGet, opsMultipart, opsPost, testClock } from '../../modules/staff/test-helpers.js'
import { get, post } from '../inject.js'

type Fields = Record<string, string | number>
type Answer = LightMyRequestResponse

/**
 * The id-like fields of the contract, each either a borrower's or a market's record (probed below)
 * or something else, with why it needs no probe. A new id-like field fails the coverage test until
 * it is placed in one of the two.
 */
const RECORD_FIELDS = {
  orderId: 'order',
  orderNo: 'order',
  problemId: 'complaint',
  complaintId: 'complaint',
  problemImage: 'image',
  images: 'image',
  cardId: 'card',
  repaymentRecordId: 'repayment record',
  accountId: 'payment account',
  productId: 'product of a market',
  product_id: 'product of a market',
  requestId: 'four-eyes request (payout, waiver or refund, resolution, product version, grant of admin, credit policy, payout limits)',
  versionId: 'a version of a market credit policy (a replay)',
  staffId: 'staff account',
  recordId: 'audit trail record',
  differenceId: 'reconciliation difference',
  flagId: 'risk-queue flag (a duplicate identity, a holder name that does not match)',
  runId: "a credit bureau run of a market's period",
} as const

const OTHER_FIELDS: Record<string, string> = {
  sid: 'a captcha round, public and short-lived',
  deviceId: "the caller's own device",
  userId: "ignored: the borrower is the session's",
  templateId: 'a public channel template',
  id: 'a public channel template (register)',
  moduleId: 'a slot of a page, the same for everyone',
  module_id: 'a slot of a page, the same for everyone',
  positionId: 'a slot of a page, the same for everyone',
  page_id: 'a public page',
  qaId: 'a knowledge-base question, the same for everyone',
  pid: 'a knowledge-base category, the same for everyone',
  couponId: 'no coupons are issued; any value is ignored',
  cardNo: 'a number being added (bind-card) or ignored (the card is cardId)',
  // kb: the knowledge base is one for every market (docs/product/knowledge-base.md#markets)
  questionId: 'a knowledge-base question, the same for every market',
  categoryId: 'a knowledge-base category, the same for every market',
}

const ID_LIKE = /(?:^id|Id|_id|No|^pid|^sid)$|image/i

const fieldsOf = (schema: z.ZodType): string[] => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : [])

function callsWithSession(): CallDef[] {
  const seen = new Set<string>()
  const calls: CallDef[] = []
  for (const value of Object.values(contract)) {
    const call = value as Partial<CallDef>
    if (!call || typeof call !== 'object' || typeof call.path !== 'string' || !call.method || !call.family || !call.auth) continue
    if (call.auth === 'none' || seen.has(call.path)) continue
    seen.add(call.path)
    calls.push(call as CallDef)
  }
  return calls
}

const idFieldsOf = (call: CallDef) => [...new Set([...fieldsOf(call.query), ...fieldsOf(call.body)])].filter((f) => ID_LIKE.test(f))

// ---------------------------------------------------------------------------------------------
// The data: the victim is the first demo borrower (Budi, Indonesia); the attackers are another
// borrower of the same market (Siti) and one of another market (María).

const VICTIM = DEMO_BORROWERS[0]
const VICTIM_ORDERS = DEMO_ORDERS.filter((o) => o.borrower === 0)

interface Victim {
  orderNo: string
  /** A due order of the victim's, with money owed. */
  dueOrderNo: string
  productId: number
  problemId: number
  imageName: string
  cardId: number
  recordId: number
  accountId: number
  /** Values that must not appear in any answer to another borrower. */
  secrets: string[]
}

interface Attacker {
  name: string
  query: Record<string, string>
  /** The attacker's own due order and its product. */
  orderNo: string
  productId: number
  market: Market
  /** Same market as the victim: the product catalogue is shared, so a product alone names nothing of the victim's. */
  sameMarket: boolean
}

interface Probe {
  /** What the probe names: the victim's record in an otherwise valid request of the attacker. */
  label: string
  fields: (v: Victim, a: Attacker) => Fields
  /** The refusals that say "no such" for this call. */
  refusals: ErrorKey[]
  /** Only meaningful for an attacker of another market (a product id alone). */
  otherMarketOnly?: boolean
}

const order = (v: Victim, a: Attacker): Fields => ({ orderId: v.orderNo, productId: a.productId })
const productOnly = (refusals: ErrorKey[], extra: Fields = {}): Probe => ({
  label: "the victim's market's product",
  fields: (v) => ({ productId: v.productId, ...extra }),
  refusals,
  otherMarketOnly: true,
})

/** Borrower calls by path: each probe names one kind of the victim's record. */
const BORROWER_PROBES: Record<string, Probe[]> = {
  [contract.loanDetails.path]: [
    { label: 'order', fields: order, refusals: ['notFound'] },
    { label: 'order with its product', fields: (v) => ({ orderId: v.orderNo, productId: v.productId }), refusals: ['notFound'] },
  ],
  [contract.loanPlayDetail.path]: [{ label: 'order', fields: order, refusals: ['notFound'] }],
  [contract.delayDetail.path]: [{ label: 'order', fields: (v, a) => ({ orderId: v.dueOrderNo, productId: a.productId }), refusals: ['notFound'] }],
  [contract.initPayType.path]: [{ label: 'order', fields: (v, a) => ({ orderId: v.dueOrderNo, productId: a.productId, pay_type: 1 }), refusals: ['notFound'] }],
  [contract.generateVcode.path]: [
    { label: 'order', fields: (v, a) => ({ orderId: v.dueOrderNo, productId: a.productId, pay_type: 1, payCode: 'BRI' }), refusals: ['notFound'] },
  ],
  [contract.vcodeStatus.path]: [{ label: 'payment account', fields: (v) => ({ accountId: v.accountId }), refusals: ['notFound'] }],
  [contract.submitUtr.path]: [
    { label: 'payment account', fields: (v, a) => ({ orderId: a.orderNo, accountId: v.accountId, utr: '123456789012' }), refusals: ['notFound'] },
    { label: 'order', fields: (v) => ({ orderId: v.dueOrderNo, accountId: v.accountId, utr: '123456789012' }), refusals: ['notFound'] },
  ],
  [contract.googleScore.path]: [{ label: 'order', fields: (v) => ({ orderId: v.orderNo, score: 5 }), refusals: ['notFound'] }],
  [contract.contractJump.path]: [
    { label: 'order', fields: (v, a) => ({ orderId: v.orderNo, productId: a.productId, scene: 1, position: 1 }), refusals: ['notFound'] },
    productOnly(['productUnavailable', 'notFound'], { scene: 1, position: 1 }),
  ],
  [contract.contractView.path]: [
    { label: 'order', fields: (v, a) => ({ orderId: v.orderNo, productId: a.productId, position: 1 }), refusals: ['notFound'] },
    productOnly(['productUnavailable', 'notFound'], { position: 1 }),
  ],
  [contract.contractList.path]: [productOnly(['productUnavailable', 'notFound'], { scene: 1 })],
  [contract.loanDetailConfirm.path]: [productOnly(['productUnavailable', 'notFound'])],
  [contract.loanDetailPush.path]: [productOnly(['productUnavailable', 'notFound'], { amount: 100_000_000, periods: 1, termUnit: 'day' })],
  [contract.productApply.path]: [{ label: "the victim's market's product", fields: (v) => ({ product_id: v.productId }), refusals: ['productUnavailable', 'notFound'], otherMarketOnly: true }],
  [contract.productJump.path]: [productOnly(['productUnavailable', 'notFound'], { moduleId: 300, positionId: 0 })],
  [contract.pageEventSave.path]: [productOnly(['productUnavailable', 'notFound'], { moduleId: 300, positionId: 0 })],
  [contract.serviceEventSave.path]: [productOnly(['productUnavailable', 'notFound'], { moduleId: 300, positionId: 0 })],
  [contract.standClick.path]: [productOnly(['productUnavailable', 'notFound'], { positionId: 0 })],
  [contract.standFailureInfo.path]: [productOnly(['productUnavailable', 'notFound'], { reason: 'x' })],
  [contract.standProductLink.path]: [productOnly(['productUnavailable', 'notFound'])],
  [contract.problemInit.path]: [{ label: 'order', fields: (v) => ({ orderNo: v.orderNo }), refusals: ['notFound'] }],
  [contract.problemInitV3.path]: [{ label: 'order', fields: (v) => ({ orderNo: v.orderNo }), refusals: ['notFound'] }],
  [contract.problemSave.path]: [
    { label: 'order', fields: (v) => ({ orderNo: v.orderNo, problemType: 2, problemDetail: 'Saya sudah bayar.' }), refusals: ['notFound'] },
    {
      label: 'image',
      fields: (v, a) => ({ orderNo: a.orderNo, problemType: 2, problemDetail: 'Saya sudah bayar.', problemImage: `/media/complaints/${v.imageName}` }),
      refusals: ['imageUnknown'],
    },
  ],
  [contract.problemDetail.path]: [{ label: 'complaint', fields: (v) => ({ problemId: v.problemId }), refusals: ['notFound'] }],
  [contract.saveScore.path]: [{ label: 'complaint', fields: (v) => ({ problemId: v.problemId, score: 1 }), refusals: ['notFound'] }],
  [contract.getQaList.path]: [{ label: 'order', fields: (v) => ({ orderNo: v.orderNo }), refusals: ['notFound'] }],
  [contract.qaRecord.path]: [{ label: 'order', fields: (v) => ({ orderNo: v.orderNo, type: 4, value: 'halo' }), refusals: ['notFound'] }],
  [contract.repaymentWay.path]: [{ label: 'order', fields: (v) => ({ orderId: v.dueOrderNo }), refusals: ['notFound'] }],
  [contract.repaymentHuichao.path]: [{ label: 'order', fields: (v) => ({ orderId: v.dueOrderNo, amount: 1 }), refusals: ['notFound'] }],
  [contract.repaymentCommit.path]: [
    { label: 'order', fields: (v) => ({ orderId: v.dueOrderNo, amount: 1, cardId: v.cardId, repayToken: 'x'.repeat(43), sendMsg: 0 }), refusals: ['notFound'] },
    // the attacker's own order and a token of theirs (the test fills it in), with the victim's card
    { label: 'card', fields: (v, a) => ({ orderId: a.orderNo, amount: 1, cardId: v.cardId, repayToken: 'own', sendMsg: 0 }), refusals: ['notFound', 'cardUnknown'] },
  ],
  [contract.repaymentConfirm.path]: [
    { label: 'repayment record', fields: (v, a) => ({ orderId: a.orderNo, verifyCode: '123456', repaymentRecordId: v.recordId }), refusals: ['notFound'] },
    { label: 'order and record', fields: (v) => ({ orderId: v.dueOrderNo, verifyCode: '123456', repaymentRecordId: v.recordId }), refusals: ['notFound'] },
  ],
}

/** Calls that take a record field but no victim's record: why. */
const BORROWER_EXEMPT: Record<string, string> = {}

// ---------------------------------------------------------------------------------------------

let app: FastifyInstance
let database: Database
let close: () => Promise<void>
const clock = testClock(new Date().toISOString())
let victim: Victim
let attackers: Attacker[]

const png = (color: string) => sharp({ create: { width: 40, height: 30, channels: 3, background: color } }).png().toBuffer()

function isError(res: Answer, key: ErrorKey, locale: 'id' | 'en' | 'es'): boolean {
  const body = res.json() as { code?: number | string; message?: string; success?: boolean }
  return res.statusCode === ERRORS[key].status && String(body.code) === String(ERRORS[key].code) && body.message === ERRORS[key].messages[locale]
}

function leaked(res: Answer, secrets: string[]): string[] {
  return secrets.filter((s) => res.body.includes(s))
}

async function call(path: string, method: string, fields: Fields, query: Record<string, string>): Promise<Answer> {
  return method === 'GET' ? get(app, path, { ...query, ...fields }) : post(app, path, fields, query)
}

beforeAll(async () => {
  const opened = await openComplaintsApp({ now: clock.now })
  ;({ app, database, close } = opened)
  await emptyStaff(database)
  await emptyDecisions(database)
  const me = { tok: VICTIM.token }
  const productRows = await database.db.select().from(products)
  const productOf = (code: string) => productRows.find((p) => p.code === code)!.id

  // the victim's own records, made through the calls as the app makes them
  const uploaded = await upload(app, contract.uploadProblemImg.path, { data: await png('#aa3311'), filename: 'bukti.png', contentType: 'image/png' }, me)
  expect(uploaded.statusCode, uploaded.body).toBe(200)
  const imageUrl = uploaded.json().data.url as string
  const complaintText = 'Transfer saya dari rekening pribadi belum tercatat sama sekali.'
  const saved = await post(app, contract.problemSave.path, { problemType: 2, problemDetail: complaintText, orderNo: 'K2026000006', problemImage: imageUrl }, me)
  expect(saved.statusCode, saved.body).toBe(200)
  const bound = await post(app, contract.bindCard.path, { bankCode: 'MANDIRI', cardNo: '4242424242424242', holderName: VICTIM.name }, me)
  expect(bound.json().code, bound.body).toBe(0)
  const account = await post(app, contract.generateVcode.path, { orderId: 'K2026000005', payCode: 'BRI', pay_type: 1 }, me)
  expect(account.json().code, account.body).toBe(0)
  const way = (await post(app, contract.repaymentWay.path, { orderId: 'K2026000006' }, me)).json().data
  const committed = await post(
    app,
    contract.repaymentCommit.path,
    { orderId: 'K2026000006', amount: way.amount, cardId: way.bankCards[0].id, repayToken: way.repayToken, sendMsg: 1 },
    me,
  )
  expect(committed.json().code, committed.body).toBe(0)
  const [victimRow] = await database.db.select().from(borrowers).where(eq(borrowers.phone, VICTIM.phone))
  const [complaint] = await database.db.select().from(complaints).where(eq(complaints.borrowerId, victimRow!.id)).orderBy(desc(complaints.id)).limit(1)

  const local = VICTIM.phone.replace('+62', '0')
  victim = {
    orderNo: 'K2026000006',
    dueOrderNo: 'K2026000005',
    productId: productOf('dana-pendidikan'),
    problemId: complaint!.id,
    imageName: imageUrl.split('/').pop()!,
    cardId: bound.json().data.id,
    recordId: committed.json().data.repayRecordId,
    accountId: account.json().data.accountId,
    secrets: [
      VICTIM.name,
      VICTIM.phone,
      local,
      local.slice(1),
      ...VICTIM_ORDERS.map((o) => o.orderNo),
      ...DEMO_CARDS.filter((c) => c.borrower === 0).map((c) => c.cardNo.slice(-4)),
      '4242424242424242',
      account.json().data.vcode,
      String(account.json().data.amount),
      String(way.amount),
      imageUrl.split('/').pop()!,
      'demo-call-log.png',
      complaintText,
      complaintText.slice(0, 24),
    ],
  }
  expect(victim.secrets.every((s) => s.length >= 4)).toBe(true)

  attackers = [
    { name: 'Siti (same market)', query: { tok: 'demo-borrower-2' }, orderNo: 'K2026000011', productId: productOf('dana-kilat'), market: 'ID', sameMarket: true },
    { name: 'María (Mexico)', query: { tok: 'demo-borrower-mx', lang: 'es' }, orderNo: 'K2026000017', productId: productOf('efectivo-ya'), market: 'MX', sameMarket: false },
  ]
})

afterAll(async () => {
  await close?.()
})

describe('the contract', () => {
  it('places every id-like field, and every call with a record field has probes', () => {
    const unplaced: string[] = []
    const unprobed: string[] = []
    const opsPaths = new Set(OPS_CALLS.map((c) => c.path))
    for (const call of callsWithSession()) {
      for (const field of idFieldsOf(call)) {
        if (!(field in RECORD_FIELDS) && !(field in OTHER_FIELDS)) unplaced.push(`${call.path} ${field}`)
      }
      const records = idFieldsOf(call).filter((f) => f in RECORD_FIELDS)
      if (records.length === 0) continue
      const probed = call.auth === 'staff' || opsPaths.has(call.path) ? call.path in OPS_PROBES || call.path in OPS_EXEMPT : call.path in BORROWER_PROBES || call.path in BORROWER_EXEMPT
      if (!probed) unprobed.push(`${call.path} (${records.join(', ')})`)
    }
    expect(unplaced, 'id-like fields to place in RECORD_FIELDS or OTHER_FIELDS').toEqual([])
    expect(unprobed, 'calls naming a record with no probe').toEqual([])
  })

  it('probes only calls that exist, with their own fields', () => {
    const byPath = new Map(callsWithSession().map((c) => [c.path, c]))
    for (const path of [...Object.keys(BORROWER_PROBES), ...Object.keys(OPS_PROBES)]) expect(byPath.has(path), path).toBe(true)
  })
})

describe("a borrower naming another borrower's record", () => {
  for (const [path, probes] of Object.entries(BORROWER_PROBES)) {
    it(`${path}: not found, and nothing of the victim's in the answer`, async () => {
      const def = callsWithSession().find((c) => c.path === path)!
      const method = def.method === 'GET' ? 'GET' : 'POST'
      for (const attacker of attackers) {
        const locale = attacker.market === 'MX' ? 'es' : 'id'
        for (const probe of probes) {
          if (probe.otherMarketOnly && attacker.sameMarket) continue
          const fields = probe.fields(victim, attacker)
          if (fields.repayToken === 'own') {
            const own = (await post(app, contract.repaymentWay.path, { orderId: attacker.orderNo }, attacker.query)).json()
            fields.repayToken = own.data?.repayToken ?? 'x'.repeat(43)
            fields.amount = own.data?.amount ?? 1
          }
          const res = await call(path, method, fields, attacker.query)
          const what = `${attacker.name}, ${probe.label}: ${res.body}`
          expect(probe.refusals.some((key) => isError(res, key, locale)), what).toBe(true)
          expect(leaked(res, victim.secrets), what).toEqual([])
        }
      }
    })
  }

  it("an image address answers the owner only: another borrower reads not found", async () => {
    const owner = await get(app, `/media/complaints/${victim.imageName}`, { tok: VICTIM.token })
    expect(owner.statusCode).toBe(200)
    for (const attacker of attackers) {
      for (const name of [victim.imageName, 'demo-call-log.png']) {
        const res = await get(app, `/media/complaints/${name}`, attacker.query)
        expect(isError(res, 'notFound', attacker.market === 'MX' ? 'es' : 'id'), `${attacker.name} ${name}: ${res.body}`).toBe(true)
        expect(leaked(res, victim.secrets)).toEqual([])
      }
    }
  })

  it("the victim's own answers carry the values looked for, so their absence above means something", async () => {
    const me = { tok: VICTIM.token }
    const seen = [
      (await get(app, contract.loanDetails.path, { ...me, orderId: victim.orderNo, productId: victim.productId })).body,
      (await post(app, contract.problemDetail.path, { problemId: victim.problemId }, me)).body,
      (await get(app, contract.vcodeStatus.path, { ...me, accountId: victim.accountId })).body,
      (await get(app, contract.userInfo.path, me)).body,
    ].join('\n')
    expect(seen).toContain(victim.orderNo)
    expect(seen).toContain(victim.imageName)
    expect(seen).toContain(victim.dueOrderNo)
  })
})

// ---------------------------------------------------------------------------------------------
// The console: a staff member of Indonesia naming Mexico's records, and the other way round.

interface MarketRecords {
  market: Market
  orderNo: string
  approvedOrderNo: string
  complaintId: number
  requestId: number
  /** A pending waiver request of an order being repaid (docs/product/waivers-and-refunds.md). */
  adjustmentId: number
  staffId: number
  imageName: string
  differenceId: number
  resolutionId: number
  /** Products by staff (docs/product/products.md#versions): a product of the market, its pending version and a draft of it. */
  productId: number
  productVersionId: number
  productDraft: ProductDraft
  /** staff administration: a pending grant of admin to a member of the market. */
  roleRequestId: number
  /** know the borrower: an open flag of the market's risk queue. */
  flagId: number
  /** instant decisions: a draft of the market's credit policy, and a change of its payout limits, both waiting. */
  policyId: number
  limitsRequestId: number
  /** credit bureau reporting: a run of the market's last month, and a send of it waiting. */
  runId: number
  sendId: number
  secrets: string[]
}

interface Desk {
  market: Market
  agent: string
  risk: string
  finance: string
  admin: string
  collector: string
}

type OpsRole = 'agent' | 'risk' | 'finance' | 'admin' | 'collector'

interface OpsProbe {
  role: OpsRole
  method: 'GET' | 'POST'
  /** A POST's JSON body may nest (a product's draft); a GET's fields are strings in the query. */
  fields: (r: MarketRecords) => Fields | Record<string, unknown>
  refusals: ErrorKey[]
  multipart?: boolean
}

const OPS_PROBES: Record<string, OpsProbe> = {
  [contract.complaintDeskDetail.path]: { role: 'agent', method: 'GET', fields: (r) => ({ complaintId: r.complaintId }), refusals: ['notFound'] },
  [contract.complaintAssign.path]: { role: 'agent', method: 'POST', fields: (r) => ({ complaintId: r.complaintId }), refusals: ['notFound'] },
  [contract.complaintNote.path]: { role: 'agent', method: 'POST', fields: (r) => ({ complaintId: r.complaintId, text: 'x' }), refusals: ['notFound'] },
  [contract.complaintReply.path]: { role: 'agent', method: 'POST', fields: (r) => ({ complaintId: r.complaintId, text: 'x' }), refusals: ['notFound'] },
  [contract.complaintReplyImage.path]: { role: 'agent', method: 'POST', fields: (r) => ({ complaintId: r.complaintId }), refusals: ['notFound'], multipart: true },
  [contract.complaintClose.path]: { role: 'agent', method: 'POST', fields: (r) => ({ complaintId: r.complaintId, outcome: 'resolved' }), refusals: ['notFound'] },
  [contract.orderScreen.path]: { role: 'agent', method: 'GET', fields: (r) => ({ orderNo: r.orderNo }), refusals: ['notFound'] },
  [contract.orderApprove.path]: { role: 'risk', method: 'POST', fields: (r) => ({ orderNo: r.orderNo }), refusals: ['notFound'] },
  [contract.orderReject.path]: { role: 'risk', method: 'POST', fields: (r) => ({ orderNo: r.orderNo, reason: 'other', note: 'x' }), refusals: ['notFound'] },
  [contract.payoutRequest.path]: { role: 'finance', method: 'POST', fields: (r) => ({ orderNo: r.approvedOrderNo }), refusals: ['notFound'] },
  [contract.payoutConfirm.path]: { role: 'finance', method: 'POST', fields: (r) => ({ requestId: r.requestId }), refusals: ['notFound'] },
  [contract.payoutCancel.path]: { role: 'finance', method: 'POST', fields: (r) => ({ requestId: r.requestId }), refusals: ['notFound'] },
  [contract.staffDisable.path]: { role: 'admin', method: 'POST', fields: (r) => ({ staffId: r.staffId }), refusals: ['notFound'] },
  // waivers and refunds (docs/product/waivers-and-refunds.md#calls)
  [contract.orderAdjustments.path]: { role: 'agent', method: 'GET', fields: (r) => ({ orderNo: r.orderNo }), refusals: ['notFound'] },
  [contract.waiverRequest.path]: { role: 'finance', method: 'POST', fields: (r) => ({ orderNo: r.orderNo, component: 'interest', amount: 1, note: 'x' }), refusals: ['notFound'] },
  [contract.refundRequest.path]: { role: 'finance', method: 'POST', fields: (r) => ({ orderNo: r.orderNo, amount: 1, note: 'x' }), refusals: ['notFound'] },
  [contract.adjustmentConfirm.path]: { role: 'finance', method: 'POST', fields: (r) => ({ requestId: r.adjustmentId }), refusals: ['notFound'] },
  [contract.adjustmentCancel.path]: { role: 'finance', method: 'POST', fields: (r) => ({ requestId: r.adjustmentId }), refusals: ['notFound'] },
  [contract.resolutionPropose.path]: { role: 'finance', method: 'POST', fields: (r) => ({ differenceId: r.differenceId, kind: 'gateway_error', note: 'x' }), refusals: ['notFound'] },
  [contract.resolutionConfirm.path]: { role: 'finance', method: 'POST', fields: (r) => ({ requestId: r.resolutionId }), refusals: ['notFound'] },
  [contract.resolutionCancel.path]: { role: 'finance', method: 'POST', fields: (r) => ({ requestId: r.resolutionId }), refusals: ['notFound'] },
  // products by staff (docs/product/products.md#versions)
  [contract.productVersionsOf.path]: { role: 'admin', method: 'GET', fields: (r) => ({ productId: r.productId }), refusals: ['notFound'] },
  [contract.productPropose.path]: { role: 'admin', method: 'POST', fields: (r) => ({ productId: r.productId, draft: r.productDraft }), refusals: ['notFound'] },
  [contract.productPublish.path]: { role: 'admin', method: 'POST', fields: (r) => ({ requestId: r.productVersionId }), refusals: ['notFound'] },
  [contract.productWithdraw.path]: { role: 'admin', method: 'POST', fields: (r) => ({ requestId: r.productVersionId }), refusals: ['notFound'] },
  // collections (docs/product/collections.md#calls)
  [contract.collectionContacts.path]: { role: 'collector', method: 'GET', fields: (r) => ({ orderNo: r.orderNo }), refusals: ['notFound'] },
  [contract.collectionRecordContact.path]: { role: 'collector', method: 'POST', fields: (r) => ({ orderNo: r.orderNo, channel: 'phone', outcome: 'reached' }), refusals: ['notFound'] },
  // staff administration (docs/product/operations.md#staff-administration)
  [contract.staffRoleChange.path]: { role: 'admin', method: 'POST', fields: (r) => ({ staffId: r.staffId, role: 'risk', markets: [r.market] }), refusals: ['notFound'] },
  [contract.staffRoleConfirm.path]: { role: 'admin', method: 'POST', fields: (r) => ({ requestId: r.roleRequestId }), refusals: ['notFound'] },
  [contract.staffRoleCancel.path]: { role: 'admin', method: 'POST', fields: (r) => ({ requestId: r.roleRequestId }), refusals: ['notFound'] },
  [contract.opsBorrowerKyc.path]: { role: 'agent', method: 'GET', fields: (r) => ({ orderNo: r.orderNo }), refusals: ['notFound'] },
  [contract.opsKycReveal.path]: { role: 'risk', method: 'POST', fields: (r) => ({ orderNo: r.orderNo, field: 'documentNumber', reason: 'A reason long enough' }), refusals: ['notFound'] },
  [contract.opsKycFlagResolve.path]: { role: 'risk', method: 'POST', fields: (r) => ({ flagId: r.flagId, decision: 'rejected', note: 'x' }), refusals: ['notFound'] },
  // instant decisions (docs/product/decisions.md#errors)
  [contract.opsOrderDecision.path]: { role: 'agent', method: 'GET', fields: (r) => ({ orderNo: r.orderNo }), refusals: ['notFound'] },
  [contract.opsPolicyReplay.path]: { role: 'risk', method: 'POST', fields: (r) => ({ versionId: r.policyId, days: 30 }), refusals: ['notFound'] },
  [contract.opsPolicyPublish.path]: { role: 'risk', method: 'POST', fields: (r) => ({ requestId: r.policyId }), refusals: ['notFound'] },
  [contract.opsPolicyWithdraw.path]: { role: 'risk', method: 'POST', fields: (r) => ({ requestId: r.policyId }), refusals: ['notFound'] },
  [contract.opsAutoPayoutConfirm.path]: { role: 'finance', method: 'POST', fields: (r) => ({ requestId: r.limitsRequestId }), refusals: ['notFound'] },
  [contract.opsAutoPayoutWithdraw.path]: { role: 'finance', method: 'POST', fields: (r) => ({ requestId: r.limitsRequestId }), refusals: ['notFound'] },
  // credit bureau reporting (docs/product/credit-reporting.md#console)
  [contract.opsBureauRun.path]: { role: 'finance', method: 'GET', fields: (r) => ({ runId: r.runId }), refusals: ['notFound'] },
  [contract.opsBureauDownload.path]: { role: 'finance', method: 'GET', fields: (r) => ({ runId: r.runId, bureau: r.market === 'ID' ? 'slik' : 'buro', file: r.market === 'ID' ? 'F01' : 'INTF' }), refusals: ['notFound'] },
  [contract.opsBureauSendRequest.path]: { role: 'finance', method: 'POST', fields: (r) => ({ runId: r.runId, bureau: r.market === 'ID' ? 'slik' : 'buro', sentOn: '2026-03-01' }), refusals: ['notFound'] },
  [contract.opsBureauSendConfirm.path]: { role: 'finance', method: 'POST', fields: (r) => ({ requestId: r.sendId }), refusals: ['notFound'] },
  [contract.opsBureauSendWithdraw.path]: { role: 'finance', method: 'POST', fields: (r) => ({ requestId: r.sendId }), refusals: ['notFound'] },
  [contract.opsBureauOrderRecords.path]: { role: 'agent', method: 'GET', fields: (r) => ({ orderNo: r.orderNo }), refusals: ['notFound'] },
  [contract.staffResetFactor.path]: { role: 'admin', method: 'POST', fields: (r) => ({ staffId: r.staffId }), refusals: ['notFound'] },
  [contract.staffEndSessions.path]: { role: 'admin', method: 'POST', fields: (r) => ({ staffId: r.staffId }), refusals: ['notFound'] },
  // registration funnel (docs/product/registration-funnel.md#errors): the admin's own market, the other market's landing page
  [contract.funnelReport.path]: { role: 'admin', method: 'GET', fields: (r) => ({ market: r.market === 'ID' ? 'MX' : 'ID', from: '2026-01-01', to: '2026-01-30', templateId: r.market === 'ID' ? 1 : 3 }), refusals: ['funnelTemplateNotFound'] },
  [contract.funnelExport.path]: { role: 'admin', method: 'GET', fields: (r) => ({ market: r.market === 'ID' ? 'MX' : 'ID', from: '2026-01-01', to: '2026-01-30', templateId: r.market === 'ID' ? 1 : 3 }), refusals: ['funnelTemplateNotFound'] },
}

/** Ops calls that name a record without being market-bound: why. */
const OPS_EXEMPT: Record<string, string> = {
  // A search answers a list, never "not found": its own test below checks that another market's rows stay out.
  [contract.auditSearch.path]: "a search: another market's rows are left out of the list (tested below)",
}

describe("a staff member naming another market's record", () => {
  const desks = {} as Record<'ID' | 'MX', Desk>
  const records = {} as Record<'ID' | 'MX', MarketRecords>

  beforeAll(async () => {
    const productRows = await database.db.select().from(products)
    for (const market of ['ID', 'MX'] as const) {
      const enrol = async (role: OpsRole) => (await enrolledStaff(app, database, clock, role, [market])).cookie
      desks[market] = { market, agent: await enrol('agent'), risk: await enrol('risk'), finance: await enrol('finance'), admin: await enrol('admin'), collector: await enrol('collector') }
    }
    for (const market of ['ID', 'MX'] as const) {
      const { borrower, token } = await createBorrowerWithSession(database.db, { market, name: market === 'ID' ? 'Dewi Kartika Rahasia' : 'Lucía Secreta Ortiz' })
      const [p1, p2, p3] = productRows.filter((p) => p.market === market && p.status === 'active')
      // a product of our own for an order being repaid, which a waiver can name
      const p4 = await createProduct(database.db, market === 'MX' ? { market, minAmount: cents(1_000_00), maxAmount: cents(20_000_00), amountStep: cents(500_00) } : { market })
      const make = async (product: typeof p1, status: OrderStatus, manualReview = false) =>
        (await createOrder(database.db, { product: product!, borrowerId: borrower.id, status, now: clock.now(), manualReview, principal: Number(product!.minAmount) })).order
      const submitted = await make(p1, ORDER_STATUS.submitted, true)
      const approved = await make(p2, ORDER_STATUS.approved)
      const another = await make(p3, ORDER_STATUS.approved)
      const requested = await opsPost(app, contract.payoutRequest.path, { orderNo: another.orderNo }, { cookie: desks[market].finance })
      expect(requested.statusCode, requested.body).toBe(200)
      const repaying = await make(p4, ORDER_STATUS.overdue)
      const waiver = await opsPost(app, contract.waiverRequest.path, { orderNo: repaying.orderNo, component: 'interest', amount: 1, note: 'Rahasia' }, { cookie: desks[market].finance })
      expect(waiver.statusCode, waiver.body).toBe(200)
      const filed = await post(app, contract.problemSave.path, { problemType: 2, problemDetail: `Rahasia ${market} ${submitted.orderNo}`, orderNo: submitted.orderNo }, { tok: token })
      expect(filed.statusCode, filed.body).toBe(200)
      const complaintId = filed.json().data.problemId as number
      const image = await opsMultipart(
        app,
        contract.complaintReplyImage.path,
        { fields: { complaintId: String(complaintId) }, file: { field: 'image', data: await png('#118833'), filename: 'x.png', contentType: 'image/png' } },
        { cookie: desks[market].agent },
      )
      expect(image.statusCode, image.body).toBe(200)
      const colleague = await enrolledStaff(app, database, clock, 'agent', [market])
      // a difference of the market's reconciliation with a resolution pending (the money desk)
      const [difference] = await database.db
        .insert(reconDifferences)
        .values({ market, day: '2026-01-05', kind: 'unknown_account', gateway: 'sandbox', gatewayPaymentId: `sbx_probe_${market}`, accountNo: `9${market}`, amount: cents(12_345_00), paidAt: clock.now() })
        .returning()
      const [resolution] = await database.db
        .insert(reconResolutions)
        .values({ differenceId: difference!.id, kind: 'gateway_error', note: `Rahasia ${market} note`, proposedBy: colleague.id, proposedAt: clock.now() })
        .returning()
      // a pending version of the market's product, proposed by a colleague admin
      const productAdmin = await enrolledStaff(app, database, clock, 'admin', [market])
      const productDraft = { ...draftOf(p4), name: `Rahasia ${market} produk` }
      const proposed = await opsPost(app, contract.productPropose.path, { productId: p4.id, draft: productDraft }, { cookie: productAdmin.cookie })
      expect(proposed.statusCode, proposed.body).toBe(200)
      // staff administration: a pending grant of admin to another member of the market
      const grantee = await enrolledStaff(app, database, clock, 'risk', [market])
      const [roleRequest] = await database.db
        .insert(staffRoleRequests)
        .values({ staffId: grantee.id, role: 'admin', markets: [market], proposedBy: colleague.id, proposedAt: clock.now() })
        .returning()
      const [flag] = await database.db.insert(kycFlags).values({ kind: 'duplicateIdentity', market, borrowerId: borrower.id }).returning()
      // instant decisions: a colleague's draft of the market's policy and a finance colleague's limits
      const analyst = await enrolledStaff(app, database, clock, 'risk', [market])
      const rules = [{ id: `rahasia-${market}`, when: { 'identity.age': '< 25' }, band: 'refer', reason: 'manual_check', maxAmount: null }]
      const policy = await opsPost(app, contract.opsPolicyDraft.path, { market, rules, note: `Rahasia ${market} policy` }, { cookie: analyst.cookie })
      expect(policy.statusCode, policy.body).toBe(200)
      const treasurer = await enrolledStaff(app, database, clock, 'finance', [market])
      const limits = await opsPost(app, contract.opsAutoPayoutRequest.path, { market, perLoanMax: 1_000, dailyMax: 9_000 }, { cookie: treasurer.cookie })
      expect(limits.statusCode, limits.body).toBe(200)
      // credit bureau reporting: a run of the market's last month (no records), and a colleague's send waiting
      const [run] = await database.db
        .insert(bureauRuns)
        .values({ market, period: '2026-01', version: 1, cutoffOn: '2026-01-31', cutoffAt: new Date('2026-01-31T17:00:00Z'), builtAt: clock.now(), records: 0, subjects: 0, corrections: 0, balance: 0 as Cents, overdue: 0 as Cents, ledgerBalance: 0 as Cents, missing: 0, recordsWithErrors: 0, millis: 1 })
        .returning()
      const [send] = await database.db
        .insert(bureauSends)
        .values({ runId: run!.id, market, period: '2026-01', bureau: market === 'ID' ? 'slik' : 'buro', sentOn: '2026-02-01', requestedBy: treasurer.id, requestedAt: clock.now() })
        .returning()
      records[market] = {
        runId: run!.id,
        sendId: send!.id,
        policyId: policy.json().data.version.id,
        limitsRequestId: limits.json().data.request.id,
        market,
        flagId: flag!.id,
        productId: p4.id,
        productVersionId: proposed.json().data.version.id,
        productDraft,
        roleRequestId: roleRequest!.id,
        orderNo: submitted.orderNo,
        approvedOrderNo: approved.orderNo,
        complaintId,
        requestId: requested.json().data.payout.id,
        adjustmentId: waiver.json().data.adjustment.id,
        staffId: colleague.id,
        imageName: image.json().data.name,
        differenceId: difference!.id,
        resolutionId: resolution!.id,
        secrets: [borrower.name!, borrower.phone, submitted.orderNo, approved.orderNo, another.orderNo, repaying.orderNo, `Rahasia ${market}`, image.json().data.name, colleague.email],
      }
    }
  })

  for (const [path, probe] of Object.entries(OPS_PROBES)) {
    it(`${path}: not found, and nothing of the record in the answer`, async () => {
      for (const [mine, theirs] of [['ID', 'MX'], ['MX', 'ID']] as const) {
        const cookie = desks[mine][probe.role]
        const fields = probe.fields(records[theirs])
        const res = probe.multipart
          ? await opsMultipart(
              app,
              path,
              { fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])), file: { field: 'image', data: await png('#333333'), filename: 'y.png', contentType: 'image/png' } },
              { cookie },
            )
          : probe.method === 'GET'
            ? await opsGet(app, path, { cookie, query: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])) })
            : await opsPost(app, path, fields, { cookie })
        const what = `${mine} ${probe.role} on ${theirs}: ${res.body}`
        expect(probe.refusals.some((key) => isError(res, key, 'en')), what).toBe(true)
        expect(leaked(res, records[theirs].secrets), what).toEqual([])
      }
    })
  }

  it("a complaint image address answers staff of the complaint's market only", async () => {
    for (const [mine, theirs] of [['ID', 'MX'], ['MX', 'ID']] as const) {
      const own = await opsGet(app, `${OPS_COMPLAINT_IMAGE_PATH}${records[mine].imageName}`, { cookie: desks[mine].agent })
      expect(own.statusCode).toBe(200)
      const res = await opsGet(app, `${OPS_COMPLAINT_IMAGE_PATH}${records[theirs].imageName}`, { cookie: desks[mine].agent })
      expect(isError(res, 'notFound', 'en'), res.body).toBe(true)
    }
  })

  it("a search by another market's order number or phone finds nothing", async () => {
    for (const [mine, theirs] of [['ID', 'MX'], ['MX', 'ID']] as const) {
      for (const q of [records[theirs].orderNo, records[theirs].secrets[1]!]) {
        const res = await opsGet(app, contract.orderSearch.path, { cookie: desks[mine].agent, query: { q } })
        expect(res.statusCode, res.body).toBe(200)
        expect(res.json().data.orders, `${mine} searching ${q}`).toEqual([])
        expect(leaked(res, records[theirs].secrets)).toEqual([])
      }
      // the same search by a staff member of the order's market finds it: the search is not empty for everyone
      const own = await opsGet(app, contract.orderSearch.path, { cookie: desks[theirs].agent, query: { q: records[theirs].orderNo } })
      expect(own.json().data.orders.length, own.body).toBe(1)
    }
  })

  it("the audit trail shows an admin the rows about their own markets only", async () => {
    for (const [mine, theirs] of [['ID', 'MX'], ['MX', 'ID']] as const) {
      const all = await opsGet(app, contract.auditSearch.path, { cookie: desks[mine].admin, query: { limit: '100' } })
      expect(all.statusCode, all.body).toBe(200)
      expect(all.json().data.entries.length, all.body).toBeGreaterThan(0)
      expect(leaked(all, records[theirs].secrets), `${mine} admin, the whole trail`).toEqual([])
      const query = { recordType: 'order', recordId: records[theirs].orderNo }
      const named = await opsGet(app, contract.auditSearch.path, { cookie: desks[mine].admin, query })
      expect(named.json().data.entries, `${mine} admin naming ${theirs}'s order`).toEqual([])
      // the order's own market reads its rows: the list is not empty for everyone
      const own = await opsGet(app, contract.auditSearch.path, { cookie: desks[theirs].admin, query: { recordType: 'order', recordId: records[theirs].approvedOrderNo } })
      expect(own.statusCode, own.body).toBe(200)
    }
    const complaintRows = await opsGet(app, contract.auditSearch.path, { cookie: desks.MX.admin, query: { recordType: 'complaint', recordId: String(records.MX.complaintId) } })
    expect(complaintRows.json().data.entries.length, complaintRows.body).toBeGreaterThan(0)
  })

  it('keeps 403 for a market asked for by name, which names no record', async () => {
    const res = await opsGet(app, contract.orderReviewQueue.path, { cookie: desks.ID.risk, query: { market: 'MX' } })
    expect(isError(res, 'staffForbidden', 'en'), res.body).toBe(true)
  })

  it('left every record as it was: nothing was assigned, noted, answered or closed', async () => {
    const rows = await database.db
      .select({ status: complaints.status, replyText: complaints.replyText })
      .from(complaints)
      .where(sql`${complaints.id} in (${records.ID.complaintId}, ${records.MX.complaintId})`)
    expect(rows.every((r) => r.status === 'processing' && r.replyText === null)).toBe(true)
  })
})
