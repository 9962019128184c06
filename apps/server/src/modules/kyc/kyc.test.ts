import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERRORS, identityGet, identitySet, opsBorrowerKyc, opsKycFlagResolve, opsKycFlags, opsKycReveal, payoutAccountGet, payoutAccountSet, payoutRequest, type IdentityInput } from '@kilat/contract'
import { ORDER_STATUS, curpCheckDigit, type Market, type OrderStatus } from '@kilat/domain'
import { SandboxPayouts } from '../../adapters/payouts/sandbox-payouts.js'
import { DEMO_SECRETS_KEYS, Keyring, parseKeys } from '../../adapters/secrets/secret-box.js'
import type { Database } from '../../db/client.js'
import { createBorrowerWithSession, createOrder, createProduct } from '../../db/factories.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'
import { get, postJson } from '../../test/inject.js'
import { auditLog } from '../audit/audit.schema.js'
import { TEST_PAYOUT_SECRET } from '../money-desk/test-helpers.js'
import { payoutRequests } from '../money-desk/payouts.schema.js'
import type { Product } from '../products/products.schema.js'
import { rotateSecrets } from '../secrets/secrets.service.js'
import { emptyStaff, enrolledStaff, opsGet, opsPost, testClock } from '../staff/test-helpers.js'
import { borrowerIdentities, identityVersions, kycFlags, payoutDestinations } from './kyc.schema.js'
import { sealAccountNumber } from './kyc.secrets.js'
import { runNameChecks, type AccountDeps } from './payout-account.js'
import { borrowerPayoutInFlight } from '../money-desk/money-desk.service.js'

let database: Database
let app: FastifyInstance
let payouts: SandboxPayouts
const clock = testClock('2026-11-02T03:00:00.000Z')
const product = {} as Record<Market, Product>
let risk: { id: number; cookie: string }
let agent: { id: number; cookie: string }
let collector: { id: number; cookie: string }
let finance: { id: number; cookie: string }
let riskMx: { id: number; cookie: string }

beforeAll(async () => {
  database = await openTestDatabase()
  await emptyStaff(database)
  payouts = new SandboxPayouts(database.db, { secret: TEST_PAYOUT_SECRET, now: clock.now, finishAfterMs: 0, timeoutMs: 5_000 })
  app = await buildTestApp(database, { now: clock.now, payouts })
  await app.ready()
  product.ID = await createProduct(database.db, { market: 'ID' })
  product.IN = await createProduct(database.db, { market: 'IN' })
  product.MX = await createProduct(database.db, { market: 'MX' })
  risk = await enrolledStaff(app, database, clock, 'risk', ['ID', 'IN'])
  riskMx = await enrolledStaff(app, database, clock, 'risk', ['MX'])
  agent = await enrolledStaff(app, database, clock, 'agent', ['ID'])
  collector = await enrolledStaff(app, database, clock, 'collector', ['ID'])
  finance = await enrolledStaff(app, database, clock, 'finance', ['ID'])
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

const KYC = { vendor: 'acme-kyc', reference: 'KYC-1', result: 'verified', checkedAt: '2026-11-01T10:00:00+07:00' } as const

/** A made-up NIK of that birth date and gender, in West Java (32), Bandung (3273), with its serial. */
function nik(birthDate: string, gender: 'female' | 'male', serial: number): string {
  const [y, m, d] = birthDate.split('-')
  const day = Number(d) + (gender === 'female' ? 40 : 0)
  return `327301${String(day).padStart(2, '0')}${m}${y!.slice(2)}${String(serial).padStart(4, '0')}`
}

let serial = 1
const idIdentity = (over: Partial<IdentityInput> = {}): IdentityInput => ({
  fullName: 'Dewi Lestari',
  nik: nik('1995-04-17', 'female', serial++),
  birthDate: '1995-04-17',
  gender: 'female',
  placeOfBirth: 'Bandung',
  address: { street: 'Jl. Dago No. 1', provinceCode: '32', cityCode: '3273' },
  kyc: KYC,
  ...over,
})

async function borrower(market: Market = 'ID') {
  const { borrower: b, token } = await createBorrowerWithSession(database.db, { market })
  return { id: b.id, market, tok: { tok: token, market } as Record<string, string> }
}

const setIdentity = (who: { tok: Record<string, string> }, body: unknown, lang = 'id') => postJson(app, identitySet.path, body, { ...who.tok, lang })
const setAccount = (who: { tok: Record<string, string> }, body: unknown, lang = 'id') => postJson(app, payoutAccountSet.path, body, { ...who.tok, lang })

async function orderOf(who: { id: number; market: Market }, status: OrderStatus = ORDER_STATUS.approved) {
  const { order } = await createOrder(database.db, { product: product[who.market], borrowerId: who.id, status, now: clock.now(), manualReview: true })
  return order
}

describe('the identity step', () => {
  it('keeps an Indonesian identity and gives it back whole to its borrower', async () => {
    const me = await borrower()
    const body = idIdentity()
    const res = await setIdentity(me, body)
    expect(res.json().code).toBe(0)
    expect(res.json().data.identity).toMatchObject({ market: 'ID', fullName: 'Dewi Lestari', documentKind: 'nik', documentNumber: body.nik, birthDate: '1995-04-17', version: 1, kyc: { result: 'verified', vendor: 'acme-kyc' } })
    const got = await get(app, identityGet.path, me.tok)
    expect(got.json().data.identity.documentNumber).toBe(body.nik)
  })

  it('keeps India with only the last four digits of Aadhaar, and Mexico with its CURP', async () => {
    const india = await borrower('IN')
    const res = await setIdentity(india, { fullName: 'Ravi Kumar', pan: 'ABKPK1234C', aadhaar: { lastFour: '9012', ekycReference: 'EKYC-000123' }, birthDate: '1990-01-02', gender: 'male', address: { street: '1 MG Road', pinCode: '560001' }, kyc: KYC }, 'en')
    expect(res.json().data.identity).toMatchObject({ documentKind: 'pan', documentNumber: 'ABKPK1234C', aadhaarLastFour: '9012' })
    const whole = await setIdentity(india, { fullName: 'Ravi Kumar', pan: 'ABKPK1234C', aadhaar: { lastFour: '234567899012', ekycReference: 'EKYC-000123' }, birthDate: '1990-01-02', gender: 'male', address: { street: '1 MG Road', pinCode: '560001' }, kyc: KYC }, 'en')
    expect(whole.json().code).toBe(ERRORS.identityRefused.code)
    expect(whole.json().data.refusals).toContainEqual(expect.objectContaining({ field: 'aadhaar.lastFour', reason: 'fullNumberGiven' }))

    const mexico = await borrower('MX')
    const first = 'HEGJ900102HJCRRN0'
    const curp = first + curpCheckDigit(first)
    const mx = await setIdentity(mexico, { fullName: 'Juan Hernández García', curp, birthDate: '1990-01-02', gender: 'male', address: { street: 'Av. Juárez 1', postalCode: '44100' }, kyc: KYC }, 'es')
    expect(mx.json().data.identity).toMatchObject({ documentKind: 'curp', documentNumber: curp })
  })

  it('refuses field by field in the borrower language: a NIK of another birth date, an age under 18', async () => {
    const me = await borrower()
    const res = await setIdentity(me, idIdentity({ birthDate: '1995-04-18' }), 'es')
    expect(res.statusCode).toBe(422)
    expect(res.json().code).toBe(ERRORS.identityRefused.code)
    expect(res.json().message).toBe(ERRORS.identityRefused.messages.es)
    expect(res.json().data.refusals).toContainEqual({ field: 'nik', reason: 'birthDateMismatch', message: 'NIK: no coincide con la fecha de nacimiento.' })

    const young = await setIdentity(me, idIdentity({ birthDate: '2010-04-17', nik: nik('2010-04-17', 'female', 9) }), 'en')
    expect(young.json().data.refusals).toContainEqual(expect.objectContaining({ field: 'birthDate', reason: 'underAge' }))
    // nothing was kept
    expect(await database.db.select().from(borrowerIdentities).where(eq(borrowerIdentities.borrowerId, me.id))).toHaveLength(0)
  })

  it('answers bad input with a clear error: missing, wrong type, too long, hostile', async () => {
    const me = await borrower()
    const { nik: _nik, ...noNik } = idIdentity()
    expect((await setIdentity(me, noNik)).json().data.refusals).toContainEqual(expect.objectContaining({ field: 'nik', reason: 'required' }))
    expect((await setIdentity(me, { ...idIdentity(), fullName: 42 })).statusCode).toBe(400)
    expect((await setIdentity(me, { ...idIdentity(), fullName: 'A'.repeat(101) })).statusCode).toBe(400)
    expect((await setIdentity(me, { ...idIdentity(), kyc: { ...KYC, result: 'maybe' } })).statusCode).toBe(400)
    const hostile = await setIdentity(me, idIdentity({ fullName: "<script>alert('x')</script>" }))
    expect(hostile.json().data.refusals).toContainEqual(expect.objectContaining({ field: 'fullName', reason: 'format' }))
    expect((await postJson(app, identitySet.path, idIdentity())).json().code).toBe(ERRORS.sessionRequired.code)
  })

  it('refuses a number another borrower holds without saying whose, and flags it for risk', async () => {
    const first = await borrower()
    const second = await borrower()
    const body = idIdentity()
    expect((await setIdentity(first, body)).json().code).toBe(0)
    const res = await setIdentity(second, { ...body, fullName: 'Someone Else' }, 'en')
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: ERRORS.identityTaken.code, message: ERRORS.identityTaken.messages.en, data: null })
    expect(JSON.stringify(res.json())).not.toContain(body.nik!)
    const [flag] = await database.db.select().from(kycFlags).where(eq(kycFlags.borrowerId, second.id))
    expect(flag).toMatchObject({ kind: 'duplicateIdentity', otherBorrowerId: first.id, status: 'open' })
    // the same borrower correcting their own identity is not a duplicate
    expect((await setIdentity(first, { ...body, placeOfBirth: 'Cimahi' })).json().data.identity.version).toBe(2)
  })

  it('keeps every version: a correction adds one and the old one stays', async () => {
    const me = await borrower()
    const body = idIdentity()
    await setIdentity(me, body)
    const corrected = await setIdentity(me, { ...body, address: { street: 'Jl. Baru No. 2', provinceCode: '32', cityCode: '3273' } })
    expect(corrected.json().data.identity).toMatchObject({ version: 2, address: { street: 'Jl. Baru No. 2' } })
    // the same step sent again (the shell's retry) keeps nothing new
    expect((await setIdentity(me, { ...body, address: { street: 'Jl. Baru No. 2', provinceCode: '32', cityCode: '3273' } })).json().data.identity.version).toBe(2)
    const versions = await database.db.select().from(identityVersions).where(eq(identityVersions.borrowerId, me.id))
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2])
  })
})

describe('the payout account', () => {
  async function withIdentity(market: Market = 'ID') {
    const me = await borrower(market)
    if (market === 'ID') expect((await setIdentity(me, idIdentity())).json().code).toBe(0)
    return me
  }

  it('needs the identity first', async () => {
    const me = await borrower()
    const res = await setAccount(me, { kind: 'bank', bankCode: 'ID_BCA', accountNo: '1234567890' }, 'en')
    expect(res.json()).toMatchObject({ code: ERRORS.identityRequired.code, message: ERRORS.identityRequired.messages.en })
    expect((await get(app, payoutAccountGet.path, me.tok)).json().data).toMatchObject({ account: null, hasIdentity: false, canChange: false, kinds: ['bank', 'ewallet'] })
  })

  it('keeps a bank account, checks its holder name with the provider, and shows only the bank and last four digits', async () => {
    const me = await withIdentity()
    const res = await setAccount(me, { kind: 'bank', bankCode: 'BCA', accountNo: '123-456-7890' })
    expect(res.json().code).toBe(0)
    expect(res.json().data.account).toMatchObject({ kind: 'bank', institution: 'BCA', last4: '7890', masked: 'BCA •••• 7890', nameCheck: 'match', payable: true })
    expect(JSON.stringify((await get(app, payoutAccountGet.path, me.tok)).json())).not.toContain('1234567890')
  })

  it('refuses field by field, and a kind of another market', async () => {
    const me = await withIdentity()
    const res = await setAccount(me, { kind: 'bank', bankCode: 'ID_BCA', accountNo: '12345' }, 'en')
    expect(res.statusCode).toBe(422)
    expect(res.json().data.refusals).toEqual([{ field: 'accountNo', reason: 'accountNoLength', message: 'Account number: has the wrong number of digits for this bank.' }])
    expect((await setAccount(me, { kind: 'clabe', clabe: '012180015025937129' })).json().data.refusals).toContainEqual(expect.objectContaining({ field: 'kind', reason: 'unknownKind' }))
    expect((await setAccount(me, { kind: 'bank', bankCode: 'ID_BCA', accountNo: 1234567890 })).statusCode).toBe(400)
    expect((await setAccount(me, { kind: 'bank', bankCode: 'ID_BCA', accountNo: '9'.repeat(41) })).statusCode).toBe(400)
  })

  it('blocks a holder name that is not the identity and sends it to the risk queue; risk may accept it', async () => {
    const me = await withIdentity()
    const res = await setAccount(me, { kind: 'bank', bankCode: 'ID_BNI', accountNo: '1234509999' })
    expect(res.json().data.account).toMatchObject({ nameCheck: 'mismatch', payable: false })
    const order = await orderOf(me)
    const refused = await opsPost(app, payoutRequest.path, { orderNo: order.orderNo }, { cookie: finance.cookie })
    expect(refused.json().code).toBe(ERRORS.payoutAccountNotPayable.code)

    const list = await opsGet(app, opsKycFlags.path, { cookie: risk.cookie })
    const flag = list.json().data.flags.find((f: { borrowerId: number }) => f.borrowerId === me.id)
    expect(flag).toMatchObject({ kind: 'nameMismatch', holderName: 'HENDRA WIJAYA KUSUMA', accountMasked: 'BNI •••• 9999', orderNo: order.orderNo })
    // another market's risk member does not see it, nor close it
    expect((await opsGet(app, opsKycFlags.path, { cookie: riskMx.cookie })).json().data.flags.some((f: { id: number }) => f.id === flag.id)).toBe(false)
    expect((await opsPost(app, opsKycFlagResolve.path, { flagId: flag.id, decision: 'accepted', note: 'x' }, { cookie: riskMx.cookie })).json().code).toBe(ERRORS.notFound.code)
    const resolved = await opsPost(app, opsKycFlagResolve.path, { flagId: flag.id, decision: 'accepted', note: 'Married name, checked the book copy' }, { cookie: risk.cookie })
    expect(resolved.json().data.flag).toMatchObject({ status: 'accepted' })
    expect((await get(app, payoutAccountGet.path, me.tok)).json().data.account).toMatchObject({ nameCheck: 'accepted', payable: true })
    const again = await opsPost(app, opsKycFlagResolve.path, { flagId: flag.id, decision: 'rejected', note: 'late' }, { cookie: risk.cookie })
    expect(again.json().code).toBe(ERRORS.kycFlagClosed.code)
    expect((await opsPost(app, opsKycFlagResolve.path, { flagId: flag.id, decision: 'accepted', note: 'x' }, { cookie: agent.cookie })).statusCode).toBe(403)
  })

  it('says when the bank knows no such account, and leaves a check the provider did not answer pending, asked again', async () => {
    const me = await withIdentity()
    expect((await setAccount(me, { kind: 'bank', bankCode: 'ID_BNI', accountNo: '1234500000' })).json().data.account).toMatchObject({ nameCheck: 'unknownAccount', payable: false })
    const later = await withIdentity()
    const quick: AccountDeps = { db: database.db, secrets: app.secrets, payouts, payoutInFlight: borrowerPayoutInFlight, checkTimeoutMs: 20 }
    // an account whose provider does not answer: kept pending with its reference
    await database.db.insert(payoutDestinations).values({ borrowerId: later.id, market: 'ID', kind: 'bank', channelCode: 'BNI', accountNumber: sealAccountNumber('1234505555', app.secrets, later.id), holderName: 'Dewi Lestari', masked: 'BNI •••• 5555', checkReference: `acct-${later.id}-1`, nextCheckAt: clock.now() })
    const pass = await runNameChecks(quick, clock.now())
    expect(pass.stillPending).toBeGreaterThanOrEqual(1)
    const [row] = await database.db.select().from(payoutDestinations).where(eq(payoutDestinations.borrowerId, later.id))
    expect(row).toMatchObject({ nameCheck: 'pending', checkAttempts: 1 })
    expect(row!.nextCheckAt!.getTime()).toBeGreaterThan(clock.now().getTime())
  })

  it('asks again with the same reference after the process died between the provider answer and its record', async () => {
    const me = await withIdentity()
    const reference = `acct-${me.id}-1`
    // what a process leaves when killed right after the provider answered: the row kept pending with its reference, nothing recorded
    await database.db.insert(payoutDestinations).values({ borrowerId: me.id, market: 'ID', kind: 'bank', channelCode: 'BCA', accountNumber: sealAccountNumber('1234567890', app.secrets, me.id), holderName: 'Dewi Lestari', masked: 'BCA •••• 7890', checkReference: reference, nextCheckAt: new Date(clock.now().getTime() + 20_000) })
    const asked: string[] = []
    const recording = Object.assign(Object.create(payouts) as SandboxPayouts, {
      checkAccount: (input: Parameters<SandboxPayouts['checkAccount']>[0], signal?: AbortSignal) => {
        asked.push(input.reference)
        return payouts.checkAccount(input, signal)
      },
    })
    await recording.checkAccount({ reference, market: 'ID', destination: { channelCode: 'BCA', accountNumber: '1234567890', holderName: 'Dewi Lestari' } })
    const deps: AccountDeps = { db: database.db, secrets: app.secrets, payouts: recording, payoutInFlight: borrowerPayoutInFlight, checkTimeoutMs: 10_000 }
    // not before the dead process's claim has run out, then once, under the same key
    await runNameChecks(deps, clock.now())
    expect(asked).toEqual([reference])
    await runNameChecks(deps, new Date(clock.now().getTime() + 20_000))
    expect(asked).toEqual([reference, reference])
    const [row] = await database.db.select().from(payoutDestinations).where(eq(payoutDestinations.borrowerId, me.id))
    expect(row).toMatchObject({ nameCheck: 'match', holderNameFound: 'DEWI LESTARI', checkReference: reference })
  })

  it('gives an account kept before the name check, in a market whose provider has none, the number\'s own check', async () => {
    const me = await borrower('MX')
    await database.db.insert(payoutDestinations).values({ borrowerId: me.id, market: 'MX', kind: 'clabe', channelCode: '40012', accountNumber: sealAccountNumber('012180015025937129', app.secrets, me.id), holderName: 'Ana Ruiz', masked: 'BBVA MEXICO •••• 7129', nextCheckAt: clock.now() })
    // STP's adapter has no account check (decision 0028)
    const noCheck = Object.assign(Object.create(payouts) as SandboxPayouts, { checkAccount: undefined })
    await runNameChecks({ db: database.db, secrets: app.secrets, payouts: noCheck, payoutInFlight: borrowerPayoutInFlight }, clock.now())
    const [row] = await database.db.select().from(payoutDestinations).where(eq(payoutDestinations.borrowerId, me.id))
    expect(row).toMatchObject({ nameCheck: 'notAvailable', nextCheckAt: null })
  })

  it('refuses a change while a loan is on its way to the account', async () => {
    const me = await withIdentity()
    await setAccount(me, { kind: 'bank', bankCode: 'ID_BCA', accountNo: '1234567890' })
    const order = await orderOf(me)
    await database.db.insert(payoutRequests).values({ orderKey: order.id, amount: order.received, status: 'confirmed', requestedAt: clock.now(), decidedAt: clock.now(), nextAttemptAt: new Date(clock.now().getTime() + 3_600_000) })
    const res = await setAccount(me, { kind: 'ewallet', provider: 'DANA', phone: '081234567890' }, 'en')
    expect(res.json()).toMatchObject({ code: ERRORS.payoutAccountLocked.code, message: ERRORS.payoutAccountLocked.messages.en })
    expect((await get(app, payoutAccountGet.path, me.tok)).json().data).toMatchObject({ canChange: false, account: { masked: 'BCA •••• 7890' } })
  })
})

describe('what staff see', () => {
  let order: { orderNo: string }
  let nikNumber: string
  beforeAll(async () => {
    const me = await borrower()
    const body = idIdentity({ fullName: 'Rina Wulandari' })
    nikNumber = body.nik!
    await setIdentity(me, body)
    await setAccount(me, { kind: 'bank', bankCode: 'ID_BCA', accountNo: '5555012345' })
    order = await orderOf(me, ORDER_STATUS.submitted)
  })

  it('shows the identity masked; an agent sees the name and the masked number only', async () => {
    const res = await opsGet(app, opsBorrowerKyc.path, { cookie: risk.cookie, query: { orderNo: order.orderNo } })
    expect(res.json().data).toMatchObject({ identity: { fullName: 'Rina Wulandari', documentMasked: `${nikNumber.slice(0, 4)} **** **** ${nikNumber.slice(12)}`, birthYear: 1995 }, payoutAccount: { masked: 'BCA •••• 2345', nameCheck: 'match' }, canReveal: true })
    expect(JSON.stringify(res.json())).not.toContain(nikNumber)
    const asAgent = await opsGet(app, opsBorrowerKyc.path, { cookie: agent.cookie, query: { orderNo: order.orderNo } })
    expect(asAgent.json().data).toMatchObject({ identity: { birthYear: null, history: [] }, canReveal: false })
    expect((await opsGet(app, opsBorrowerKyc.path, { cookie: riskMx.cookie, query: { orderNo: order.orderNo } })).json().code).toBe(ERRORS.notFound.code)
  })

  it('reveals one field to risk or collections with a reason, and audits it; never to an agent or finance', async () => {
    const reason = 'Borrower called about a wrong NIK on the contract'
    const res = await opsPost(app, opsKycReveal.path, { orderNo: order.orderNo, field: 'documentNumber', reason }, { cookie: risk.cookie })
    expect(res.json().data).toEqual({ field: 'documentNumber', value: nikNumber })
    const [row] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'identity.reveal')).orderBy(sql`${auditLog.id} desc`).limit(1)
    expect(row).toMatchObject({ staffId: risk.id, recordType: 'borrower' })
    expect(row!.after).toMatchObject({ field: 'documentNumber', reason, orderNo: order.orderNo })
    expect((await opsPost(app, opsKycReveal.path, { orderNo: order.orderNo, field: 'payoutAccount', reason }, { cookie: collector.cookie })).json().data.value).toBe('BCA 5555012345')
    for (const who of [agent, finance]) expect((await opsPost(app, opsKycReveal.path, { orderNo: order.orderNo, field: 'birthDate', reason }, { cookie: who.cookie })).statusCode).toBe(403)
    expect((await opsPost(app, opsKycReveal.path, { orderNo: order.orderNo, field: 'birthDate', reason: 'short' }, { cookie: risk.cookie })).statusCode).toBe(400)
    expect((await opsPost(app, opsKycReveal.path, { orderNo: order.orderNo, field: 'birthDate', reason }, { cookie: riskMx.cookie })).json().code).toBe(ERRORS.notFound.code)
  })
})

describe('sealed at rest', () => {
  it('shows no identity number, birth date, address or account number in a dump of the tables', async () => {
    const me = await borrower()
    const body = idIdentity({ address: { street: 'Jl. Rahasia Sekali No. 77', provinceCode: '32', cityCode: '3273' } })
    await setIdentity(me, body)
    await setAccount(me, { kind: 'bank', bankCode: 'ID_BCA', accountNo: '9876543210' })
    const dump = JSON.stringify(
      await Promise.all([borrowerIdentities, identityVersions, payoutDestinations, kycFlags].map((t) => database.db.select().from(t))),
    )
    for (const secret of [body.nik!, '1995-04-17', 'Rahasia Sekali', '9876543210']) expect(dump).not.toContain(secret)
  })

  it('is re-sealed by secrets:rotate, and one identity is still one borrower after it', async () => {
    const me = await borrower()
    const body = idIdentity()
    await setIdentity(me, body)
    await setAccount(me, { kind: 'bank', bankCode: 'ID_BCA', accountNo: '1112223334' })
    const k2 = `k2:${Buffer.alloc(32, 7).toString('base64')}`
    const ring = new Keyring(parseKeys([DEMO_SECRETS_KEYS, k2].join(',')), 'k2')
    const counts = await rotateSecrets(database.db, ring)
    for (const name of ['borrower_identities.details', 'identity_versions.details', 'payout_destinations.account_number']) {
      expect(counts.find((c) => c.column === name)!.old).toBeGreaterThan(0)
    }
    const [row] = await database.db.select().from(borrowerIdentities).where(eq(borrowerIdentities.borrowerId, me.id))
    expect(row!.details.startsWith('v1:k2:')).toBe(true)
    // back to the demo key for the other tests: the app's keyring seals under it
    await rotateSecrets(database.db, new Keyring(parseKeys([DEMO_SECRETS_KEYS, k2].join(',')), 'demo'))
    const again = await setIdentity(await borrower(), body, 'en')
    expect(again.json().code).toBe(ERRORS.identityTaken.code)
  })
})
