import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { eq, inArray } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import fc from 'fast-check'
import { expect } from 'vitest'
import { ERRORS, errorKeyByCode, getSid, type CallDef, type Family, type StaffRole } from '@kilat/contract'
import { LOCALES, type Locale } from '@kilat/domain'
import { LocalDiskStorage } from '../../adapters/storage/local-disk-storage.js'
import type { Database } from '../../db/client.js'
import { createSession } from '../../db/factories.js'
import { seedDemo } from '../../db/seed.js'
import { borrowers } from '../../modules/auth/auth.schema.js'
import { complaints } from '../../modules/complaints/complaints.schema.js'
import { orders } from '../../modules/orders/orders.schema.js'
import { products } from '../../modules/products/products.schema.js'
import { bankCards } from '../../modules/repayment/repayment.schema.js'
import { channelTemplates } from '../../modules/registration/registration.schema.js'
import { openStaffSession, STAFF_COOKIE } from '../../modules/staff/staff.sessions.js'
import { emptyStaff, enrolledStaff, testClock, type TestClock } from '../../modules/staff/test-helpers.js'
import { buildTestApp, openTestDatabase } from '../setup-db.js'
import { sampleOf } from './sample.js'

/**
 * Generated bad input against every call (docs/product/envelopes-and-errors.md#envelope-families):
 * a valid request with one change, sent with a session that passes the call's access check, so
 * that the change reaches validation and the handler. Every answer must be under 500, in the
 * call's envelope, with the catalogue's message in the language asked for.
 *
 * Seeded: `FUZZ_SEED=<n>` replays a run (a failure prints its seed and path); `FUZZ_RUNS` changes
 * the number of requests per call: 500 in CI (CI set, as `.ci/run` does, on both engines), 100 on a
 * developer's `npm test`, so that it stays within minutes (a new seed each run still walks new ground).
 */
export const FUZZ_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2_147_483_647
export const FUZZ_RUNS = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : process.env.CI ? 500 : 100

type Fields = Record<string, unknown>

export const DEMO_TOKEN = 'demo-borrower'

export interface FuzzEnv {
  app: FastifyInstance
  database: Database
  clock: TestClock
  /** Existing records by field name; the first is a call's valid value, the others a mutation's. */
  known: Record<string, unknown[]>
  /** An active staff session per role, ID market. */
  staffCookie: Record<StaffRole, string>
  staffId: Record<StaffRole, number>
  borrowerId: number
  /** Lines the server logged at error level since the last request began. */
  logged: string[]
  close: () => Promise<void>
}

const ROLES: StaffRole[] = ['agent', 'risk', 'finance', 'collector', 'admin']

/** One seeded app per test file: the demo data, a staff member per role, the ids calls need. */
export async function openFuzzEnv(): Promise<FuzzEnv> {
  const database = await openTestDatabase()
  await emptyStaff(database)
  const clock = testClock(new Date().toISOString())
  await seedDemo(database.db, { sessionTtlDays: 30, now: clock.now() })
  const storageDir = mkdtempSync(path.join(tmpdir(), 'kilat-fuzz-'))
  // what the server logs as errors: a database refusal answered by the error handler's safety net
  // is under 500, yet a value the contract should have refused
  const logged: string[] = []
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logged.push(chunk.toString())
      callback()
    },
  })
  const app = await buildTestApp(database, { storage: new LocalDiskStorage(storageDir), now: clock.now, logStream, env: { LOG_LEVEL: 'error' } })
  await app.ready()
  const staffCookie = {} as Record<StaffRole, string>
  const staffId = {} as Record<StaffRole, number>
  for (const role of ROLES) {
    const who = await enrolledStaff(app, database, clock, role, ['ID'])
    staffCookie[role] = who.cookie
    staffId[role] = who.id
  }
  // an account an admin may disable without locking the suite out
  const spare = await enrolledStaff(app, database, clock, 'agent', ['ID'])
  const db = database.db
  const [demo] = await db.select({ id: borrowers.id }).from(borrowers).where(eq(borrowers.phone, '+6281234567890'))
  const borrowerId = demo!.id
  const orderNos = (await db.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.borrowerId, borrowerId)).orderBy(orders.orderNo)).map((r) => r.orderNo)
  // the product of the order calls are sent about first: a call given both checks they match
  const [ofOrder] = await db.select({ productId: orders.productId }).from(orders).where(eq(orders.orderNo, 'K2026000006'))
  const productIds = (await db.select({ id: products.id }).from(products).where(eq(products.market, 'ID')).orderBy(products.id))
    .map((r) => r.id)
    .sort((a, b) => Number(b === ofOrder?.productId) - Number(a === ofOrder?.productId))
  const complaintIds = (await db.select({ id: complaints.id }).from(complaints).where(eq(complaints.borrowerId, borrowerId)).orderBy(complaints.id)).map((r) => r.id)
  const templateIds = (await db.select({ id: channelTemplates.id }).from(channelTemplates).orderBy(channelTemplates.id)).map((r) => r.id)
  const cardIds = (await db.select({ id: bankCards.id }).from(bankCards).where(eq(bankCards.borrowerId, borrowerId)).orderBy(bankCards.id)).map((r) => r.id)
  const otherOrders = (await db.select({ orderNo: orders.orderNo }).from(orders).where(inArray(orders.orderNo, ['K2026000011', 'K2026000019']))).map((r) => r.orderNo)
  const sidRes = await app.inject({ method: 'GET', url: getSid.path })
  const sid = (sidRes.json() as { data: { sid: string } }).data.sid
  // an id that no row has, and one past what an int4 column holds, follow the existing ones
  const pick = (list: number[]): unknown[] => [...(list.length ? list : [1]), 999_999, 2_147_483_648]
  const known: Record<string, unknown[]> = {
    orderNo: [...(orderNos.includes('K2026000006') ? ['K2026000006'] : []), ...orderNos, ...otherOrders],
    productId: pick(productIds),
    product_id: pick(productIds),
    problemId: pick(complaintIds),
    complaintId: pick(complaintIds),
    templateId: pick(templateIds),
    cardId: pick(cardIds),
    // never the suite's own accounts: an admin may disable themself, and every later call would be a 401
    staffId: [spare.id, 999_999, 2_147_483_648],
    sid: [sid, 'a'.repeat(64)],
    phone: ['081234567890', '+6281234567890', '+6281298765432'],
    images: [['0123456789abcdef0123456789abcdef.jpg']],
    email: [spare.email, 'nobody@staff.test'],
    code: ['123456'],
    requestKey: ['fuzz-request-key'],
    payCode: ['BCA_VA', 'QRIS'],
    utr: ['123456789012'],
    cardNo: ['4111111111111111'],
    bankCode: ['BCA'],
    verifyCode: ['123456'],
    repayToken: ['fuzz-repay-token'],
    token: ['a'.repeat(43)],
    kind: ['due'],
    language: ['id'],
    market: ['ID', 'MX', 'IN'],
    markets: [['ID']],
    role: ['agent'],
    // know the borrower: a date and a vendor's time, as the shell sends them
    birthDate: ['1990-05-12'],
    checkedAt: ['2026-11-01T10:00:00+07:00'],
  }
  known.orderId = known.orderNo!
  return {
    app,
    database,
    clock,
    known,
    staffCookie,
    staffId,
    borrowerId,
    logged,
    close: async () => {
      await app.close()
      await database.close()
      rmSync(storageDir, { recursive: true, force: true })
    },
  }
}

/** A call's own request: its query and body before they are encoded. */
interface Parts {
  query: Fields
  body: Fields
}

/** The valid request of a call: sampled from its schemas, with existing records where ids are asked. */
export function baseRequest(env: FuzzEnv, call: CallDef, overrides: Partial<Parts> = {}): Parts {
  const known = Object.fromEntries(Object.entries(env.known).map(([k, v]) => [k, v[0]]))
  const query = { ...(sampleOf(call.query, known) as Fields), ...overrides.query }
  const body = { ...(sampleOf(call.body, known) as Fields), ...overrides.body }
  for (const part of [query, body]) for (const [k, v] of Object.entries(part)) if (v === undefined) delete part[k]
  return { query, body }
}

type Encoding = 'form' | 'json' | 'multipart'

interface FuzzRequest {
  method: 'GET' | 'POST'
  lang: Locale
  parts: Parts
  shared: Record<string, string>
  encoding: Encoding
  /** Replaces the encoded body (broken JSON, a wrong content type). */
  raw?: { contentType?: string; payload: string | Buffer; headers?: Record<string, string> }
  /** Appended to the query string as it is (broken escapes, invalid UTF-8). */
  rawQuery?: string
  /** Files of a multipart body. */
  files: Array<{ field: string; filename: string; contentType: string; data: Buffer }>
  /** Replaces the multipart body's framing. */
  brokenMultipart?: 'no-boundary' | 'truncated' | 'no-end'
}

// A 1×1 PNG: uploads get an image the server can read, so that the handler is reached.
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

/** Values a field should never be trusted to hold. */
const HOSTILE_CONSTANTS: unknown[] = [
  '', ' ', '\u0000', 'a\u0000b', '\ud800', '\udfff', 'x\ud83d', '\u202eevil', '\ufeff1', '\uffff', '\u200b',
  'e\u0301\u0301\u0301', '𝕂𝕚𝕝𝕒𝕥', '😀'.repeat(50), 'ä'.repeat(200), '../../etc/passwd', '<script>alert(1)</script>',
  "' or 1=1 --", '%00', '\\', '"', '\r\n', '1e400', 'Infinity', '-Infinity', 'NaN', '0x10', ' 1 ', '١٢٣', '1.5', '-1', '-0',
  0, -1, 1.5, -0.5, 2147483647, 2147483648, -2147483649, 4294967296, 9007199254740991, 2 ** 53 + 2,
  '9223372036854775807', '9223372036854775808', '-9223372036854775809', '9'.repeat(40), 1e21, 1e308, -1e308,
  true, false, null, [], ['a', 'b'], [1], {}, { a: 1 }, { __proto__: { polluted: 1 } }, [[[]]],
  'K2026000006\u0000', 'ID', 'XX', 'id', 'constructor', '__proto__', 'toString',
]

const huge = fc.constantFrom(300, 1_000, 5_000, 70_000).chain((n) =>
  fc.constantFrom('x'.repeat(n), '9'.repeat(n), '\u0000'.repeat(Math.min(n, 2_000)), 'ä'.repeat(n)),
)

/** Any value a field could be sent with. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_CONSTANTS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: huge },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((n) => n.toString()) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
)

const RAW_QUERIES = ['%', '%ZZ', '%00', '%ED%A0%80', '%C0%AF', '%FF%FE', 'a=%E0%A4%A', '__proto__[x]=1', 'constructor[prototype][x]=1', '&&&==', 'tok=&tok=x', 'market=%00', 'x'.repeat(3000) + '=1']

type Mutation = (req: FuzzRequest, env: FuzzEnv) => void

const fieldsOf = (req: FuzzRequest) => [...Object.keys(req.parts.query).map((k) => ['query', k] as const), ...Object.keys(req.parts.body).map((k) => ['body', k] as const)]

/** The changes one request gets, for a call of the given shape. */
function mutationArb(call: CallDef): fc.Arbitrary<{ name: string; apply: Mutation }> {
  const multipart = call.bodyType === 'multipart'
  const post = call.method !== 'GET'
  const pickField = fc.nat()
  const m = (name: string, apply: Mutation) => ({ name, apply })
  const w = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary })
  // valid-looking requests are the slow ones (they reach the database): most requests change a field
  const options: Array<fc.WeightedArbitrary<{ name: string; apply: Mutation }>> = [
    w(1, fc.constant(m('none', () => {}))),
    w(3, pickField.map((i) =>
      m(`drop #${i}`, (req) => {
        const fields = fieldsOf(req)
        const f = fields[i % Math.max(fields.length, 1)]
        if (f) delete req.parts[f[0]][f[1]]
      }),
    )),
    w(8, fc.tuple(pickField, hostileValue).map(([i, v]) =>
      m(`set #${i} = ${preview(v)}`, (req) => {
        const fields = fieldsOf(req)
        const f = fields[i % Math.max(fields.length, 1)]
        if (f) req.parts[f[0]][f[1]] = v
        else req.parts[post ? 'body' : 'query'].extra = v
      }),
    )),
    w(3, fc.tuple(pickField, fc.constantFrom('\u0000', '\ud800', ' '.repeat(40), '\u202e', '%00', '\u0000'.repeat(3))).map(([i, s]) =>
      m(`append ${preview(s)} to #${i}`, (req) => {
        const fields = fieldsOf(req)
        const f = fields[i % Math.max(fields.length, 1)]
        if (f) req.parts[f[0]][f[1]] = `${String(req.parts[f[0]][f[1]])}${s}`
      }),
    )),
    w(2, fc.tuple(pickField, pickField).map(([i, j]) =>
      m(`another record #${i} -> ${j}`, (req, e) => {
        const fields = fieldsOf(req).filter(([, k]) => (e.known[k]?.length ?? 0) > 1)
        const f = fields[i % Math.max(fields.length, 1)]
        if (f) req.parts[f[0]][f[1]] = e.known[f[1]]![j % e.known[f[1]]!.length]
      }),
    )),
    w(2, fc.tuple(fc.constantFrom('extra', 'tok', '__proto__', 'constructor', 'sessionId'), hostileValue).map(([k, v]) =>
      m(`add ${k} = ${preview(v)}`, (req) => {
        req.parts[post ? 'body' : 'query'][k] = v
      }),
    )),
    w(2, fc.tuple(fc.constantFrom('tok', 'market', 'dId', 'aVer', 'mobilePhone', 'isNeedPop', 'userId'), hostileValue).map(([k, v]) =>
      m(`shared ${k} = ${preview(v)}`, (req) => {
        req.shared[k] = typeof v === 'string' ? v : JSON.stringify(v)
      }),
    )),
    w(1, fc.constantFrom(...RAW_QUERIES).map((q) => m(`raw query ${preview(q)}`, (req) => (req.rawQuery = q)))),
  ]
  if (post) {
    options.push(
      w(2, fc.constantFrom(
        { contentType: 'text/plain', payload: 'a=1' },
        { contentType: 'application/xml', payload: '<a>1</a>' },
        { contentType: 'application/json', payload: '{"a":' },
        { contentType: 'application/json', payload: '[1,2]' },
        { contentType: 'application/json', payload: 'null' },
        { contentType: 'application/json', payload: '"text"' },
        { contentType: 'application/json', payload: '{"a":1}{"b":2}' },
        { contentType: 'application/json', payload: '\u0000' },
        { contentType: 'application/json', payload: '{"__proto__":{"x":1},"constructor":{"prototype":{"y":1}}}' },
        { contentType: 'application/json; charset=utf-16', payload: '{}' },
        { contentType: 'application/x-www-form-urlencoded', payload: '%%%&=&==a' },
        { contentType: 'application/x-www-form-urlencoded; charset=latin1', payload: 'a=%FF' },
        { contentType: 'application/x-www-form-urlencoded', payload: Buffer.from([0xff, 0xfe, 0x00, 0x61]) },
        { contentType: undefined, payload: 'a=1' },
        { contentType: 'multipart/form-data', payload: 'no boundary' },
        { contentType: 'application/json', payload: '{}', headers: { 'content-encoding': 'gzip' } },
        { contentType: 'application/json', payload: 'x'.repeat(2_000_000) },
      ).map((raw) => m(`raw body ${raw.contentType} ${preview(raw.payload)}`, (req) => (req.raw = raw)))),
      w(1, fc.constantFrom<Encoding>('form', 'json', 'multipart').map((encoding) => m(`encode as ${encoding}`, (req) => (req.encoding = encoding)))),
    )
  }
  if (multipart) {
    options.push(
      w(2, fc.constantFrom<FuzzRequest['brokenMultipart']>('no-boundary', 'truncated', 'no-end').map((b) => m(`multipart ${b}`, (req) => (req.brokenMultipart = b)))),
      w(4, fc
        .record({
          field: fc.constantFrom('problemImage', 'image', 'file', '', '\u0000', 'x'.repeat(300)),
          filename: fc.constantFrom('a.png', '', '../../a.png', 'a\u0000.png', '😀.png', 'x'.repeat(1000)),
          contentType: fc.constantFrom('image/png', 'image/jpeg', 'text/plain', 'application/octet-stream', 'image/svg+xml', ''),
          data: fc.oneof(
            fc.constant(PNG_1X1),
            fc.constant(Buffer.alloc(0)),
            fc.constant(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
            fc.constant(PNG_1X1.subarray(0, 20)),
            fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)),
            fc.constant(Buffer.alloc(6 * 1024 * 1024, 1)),
          ),
        })
        .map((file) => m(`file ${preview(file.field)} ${preview(file.filename)} ${file.contentType} ${file.data.length}B`, (req) => (req.files = [file])))),
      w(1, fc.constant(m('no file', (req) => (req.files = [])))),
      w(1, fc.integer({ min: 2, max: 12 }).map((n) => m(`${n} files`, (req) => (req.files = Array.from({ length: n }, () => req.files[0] ?? { field: 'file', filename: 'a.png', contentType: 'image/png', data: PNG_1X1 }))))),
    )
  }
  return fc.oneof(...options)
}

function preview(v: unknown): string {
  const text = typeof v === 'string' ? JSON.stringify(v) : Buffer.isBuffer(v) ? `<${v.length} bytes>` : JSON.stringify(v) ?? String(v)
  return text.length > 60 ? `${text.slice(0, 60)}…(${text.length})` : text
}

/** How a value travels in a query string or a form: what a browser or the app shell would send. */
function appendValue(params: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined) return
  if (Array.isArray(value)) for (const v of value) params.append(key, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))
  else if (value === null) params.append(key, '')
  else if (typeof value === 'object') params.append(key, JSON.stringify(value))
  else params.append(key, String(value))
}

function encodeQuery(values: Fields): string {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(values)) appendValue(params, k, v)
  return params.toString()
}

function multipartBody(fields: Fields, files: FuzzRequest['files'], broken: FuzzRequest['brokenMultipart']) {
  const boundary = '----kilat-fuzz-boundary'
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    const values = Array.isArray(value) ? value : [value]
    for (const v of values) {
      const text = typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v ?? '')
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`))
    }
  }
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`))
    chunks.push(f.data, Buffer.from('\r\n'))
  }
  if (broken !== 'no-end') chunks.push(Buffer.from(`--${boundary}--\r\n`))
  let payload = Buffer.concat(chunks)
  if (broken === 'truncated') payload = payload.subarray(0, Math.floor(payload.length / 2))
  return { payload, contentType: broken === 'no-boundary' ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}` }
}

interface Target {
  call: CallDef
  /** Who signs the request. */
  as: 'borrower' | 'staff' | 'none'
  role?: StaffRole
}

function targetOf(call: CallDef): Target {
  if (call.auth === 'staff') return { call, as: 'staff', role: call.roles![0] as StaffRole }
  if (call.auth === 'borrower' || call.auth === 'optional') return { call, as: 'borrower' }
  return { call, as: 'none' }
}

let addressCount = 0

async function send(env: FuzzEnv, target: Target, req: FuzzRequest, fresh: boolean): Promise<LightMyRequestResponse> {
  const { call } = target
  const ops = call.path.startsWith('/ops-api/')
  const headers: Record<string, string> = {}
  const shared: Record<string, string> = { lang: req.lang, ...req.shared }
  if (target.as === 'borrower' && !('tok' in req.shared)) {
    // the logout call ends its session: it gets a new one each time
    shared.tok = fresh ? (await createSession(env.database.db, env.borrowerId, { ttlDays: 1 })).token : DEMO_TOKEN
  }
  if (target.as === 'staff') {
    const staffId = env.staffId[target.role!]
    const cookie = fresh ? (await openStaffSession(env.database.db, staffId, 'active', env.clock.now())).token : env.staffCookie[target.role!]
    headers.cookie = `${STAFF_COOKIE}=${cookie}`
  }
  if (ops && req.method === 'POST') headers['x-requested-with'] = 'XMLHttpRequest'
  const queryValues = req.method === 'GET' ? { ...req.parts.query, ...req.parts.body } : req.parts.query
  let qs = [encodeQuery(shared), encodeQuery(queryValues)].filter(Boolean).join('&')
  if (req.rawQuery) qs = qs ? `${qs}&${req.rawQuery}` : req.rawQuery
  const url = qs ? `${call.path}?${qs}` : call.path
  // every request from its own address: per-address throttles would otherwise answer all of them
  const n = addressCount++
  const remoteAddress = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
  if (req.method === 'GET') return env.app.inject({ method: 'GET', url, headers, remoteAddress })
  if (req.raw) {
    return env.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: { ...headers, ...(req.raw.contentType ? { 'content-type': req.raw.contentType } : {}), ...req.raw.headers },
      payload: req.raw.payload,
    })
  }
  if (req.encoding === 'multipart') {
    const { payload, contentType } = multipartBody(req.parts.body, req.files, req.brokenMultipart)
    return env.app.inject({ method: 'POST', url, remoteAddress, headers: { ...headers, 'content-type': contentType }, payload })
  }
  if (req.encoding === 'json') {
    return env.app.inject({ method: 'POST', url, remoteAddress, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(req.parts.body) })
  }
  return env.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: encodeQuery(req.parts.body),
  })
}

/** The answer's contract: under 500, the family's envelope, the catalogue's message in the language asked. */
export function checkAnswer(family: Family, lang: Locale, res: LightMyRequestResponse): string | undefined {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 300)}`
  const type = String(res.headers['content-type'] ?? '')
  if (res.statusCode < 400 && !type.startsWith('application/json')) {
    // images, redirects, the money desk's CSV exports (docs/product/operations.md#exports) and a
    // replay's lines of JSON (docs/product/decisions.md#replay)
    const streamed = type.startsWith('image/') || type.startsWith('text/csv') || type.startsWith('application/x-ndjson')
    return streamed || (res.statusCode >= 300 && res.statusCode < 400) ? undefined : `success not in JSON: ${type}`
  }
  let body: Record<string, unknown>
  try {
    body = res.json()
  } catch {
    return `not JSON: ${res.body.slice(0, 200)}`
  }
  if (typeof body !== 'object' || body === null || !('data' in body)) return `no envelope: ${res.body.slice(0, 200)}`
  if (res.statusCode < 400) {
    const ok = family === 'success' ? body.success === true : body.code === (family === 'code00' ? '00' : 0)
    return ok ? undefined : `success outside the ${family} envelope: ${res.body.slice(0, 200)}`
  }
  if (family === 'success' && body.success !== false) return `error outside the success envelope: ${res.body.slice(0, 200)}`
  const code = body.code
  if (family === 'code00' ? typeof code !== 'string' : typeof code !== 'number') return `error code of the wrong type for ${family}: ${JSON.stringify(code)}`
  const key = errorKeyByCode(code as string | number)
  if (!key) return `unknown error code ${String(code)}`
  if (ERRORS[key].status !== res.statusCode) return `status ${res.statusCode} for ${key} (catalogue: ${ERRORS[key].status})`
  if (body.message !== ERRORS[key].messages[lang]) return `message of ${key} not in ${lang}: ${JSON.stringify(body.message)}`
  return undefined
}

function hashOf(text: string): number {
  let h = 0
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0
  return h
}

/**
 * A database refusal the error handler's safety net answered (it logs the SQLSTATE): the answer is
 * a client error, but the contract let the value through, and that is the defect.
 */
function loggedError(lines: string[]): string | undefined {
  for (const text of lines) {
    const line = JSON.parse(text) as { sqlState?: string; err?: { message?: string } }
    if (line.sqlState) return `the database refused it (SQLSTATE ${line.sqlState}): ${line.err?.message?.split('\n')[0] ?? ''}`
  }
  return undefined
}

export interface FuzzOptions {
  /** Fields of the valid request that the schemas cannot tell (undefined leaves a field out). */
  query?: Fields
  body?: Fields
  /** The call ends its own session (logout, sign-out): a new session for every request. */
  freshSession?: boolean
  /** A staff role other than the call's first. */
  role?: StaffRole
}

/** Sends FUZZ_RUNS changed requests to one call and checks every answer. */
export async function fuzzCall(env: FuzzEnv, call: CallDef, options: FuzzOptions = {}): Promise<void> {
  const target = { ...targetOf(call), ...(options.role ? { role: options.role } : {}) }
  const base = baseRequest(env, call, { ...(options.query ? { query: options.query } : {}), ...(options.body ? { body: options.body } : {}) })
  // the base request must be one the contract accepts, or the changes test nothing
  expect(call.query.safeParse(base.query).error?.issues ?? [], `${call.path}: valid query ${JSON.stringify(base.query)}`).toEqual([])
  if (call.method !== 'GET') expect(call.body.safeParse(base.body).error?.issues ?? [], `${call.path}: valid body ${JSON.stringify(base.body)}`).toEqual([])
  const encoding: Encoding = call.bodyType === 'multipart' ? 'multipart' : call.path.startsWith('/ops-api/') ? 'json' : 'form'
  const method = call.method === 'GET_POST' ? fc.constantFrom<'GET' | 'POST'>('GET', 'POST') : fc.constant(call.method as 'GET' | 'POST')
  const validFile = call.bodyType === 'multipart' ? [{ field: call.path.startsWith('/ops-api/') ? 'image' : 'problemImage', filename: 'a.png', contentType: 'image/png', data: PNG_1X1 }] : []
  const statuses = new Map<number, number>()
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...LOCALES), method, mutationArb(call), async (lang, verb, mutation) => {
      const req: FuzzRequest = {
        method: verb,
        lang,
        parts: structuredClone(base),
        shared: {},
        encoding,
        files: [...validFile],
      }
      mutation.apply(req, env)
      env.logged.length = 0
      const res = await send(env, target, req, options.freshSession ?? false)
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
      const problem = checkAnswer(call.family, lang, res) ?? loggedError(env.logged)
      if (problem) throw new Error(`FUZZ_SEED=${FUZZ_SEED} replays it. ${verb} ${call.path} [${mutation.name}] lang=${lang}: ${problem}`)
    }),
    // each call its own sequence of changes, all of them from the one seed
    { seed: (FUZZ_SEED + hashOf(call.path + call.method)) | 0, numRuns: FUZZ_RUNS, endOnFailure: true },
  )
  // FUZZ_STATS=1: the answers by status, to see that the changes reach validation and the handler
  if (process.env.FUZZ_STATS) console.warn(`${call.method} ${call.path}`, Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))
}
