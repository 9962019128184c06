import { and, desc, eq, sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { ERROR_CODES, bindCard, cardBanks, demoLastSms, repaymentCommit, repaymentConfirm, repaymentHuichao, repaymentWay } from '@kilat/contract'
import { ORDER_STATUS } from '@kilat/domain'
import { gatewayCallbacks } from '../../../adapters/payments/sandbox.schema.js'
import { smsOutbox } from '../../../adapters/sms/sms-outbox.schema.js'
import { smsCodes } from '../../auth/auth.schema.js'
import { orders } from '../../orders/orders.schema.js'
import { bankCards, paymentAccounts, repayRecords, repayTokens } from '../repayment.schema.js'
import { DEMO_CARDS } from '../../../db/seed-cards.js'
import { findCardBank } from './banks.js'
import { openCardToken } from './card-secrets.js'
import { submitRecord } from './cards.repo.js'
import { get, post } from '../../../test/inject.js'
import { deliver, withSeededRepaymentApp, reload, sum, type RepaymentTestApp } from '../test-helpers.js'

// Card repayment over HTTP on the demo data (docs/decisions/0012-payment-gateway.md#cards).
const me = { tok: 'demo-borrower' }
const other = { tok: 'demo-borrower-2' }
const ME_PHONE = '+6281234567890'
/** Every full card number a test uses: none may ever appear in an answer. */
const FULL_NUMBERS = ['4111111111111111', '5555555555554444', '4012888888881881', '4242424242424242', '4000056655665556', '5105105105105100']

let t: RepaymentTestApp
const answers: string[] = []

async function call(path: string, body: Record<string, string | number>, query: Record<string, string> = me): Promise<LightMyRequestResponse> {
  const res = await post(t.app, path, body, query)
  answers.push(res.body)
  return res
}
const codeOf = (res: LightMyRequestResponse) => res.json().code as number

async function way(orderId: string, query = me) {
  const res = await call(repaymentWay.path, { orderId }, query)
  expect(res.json().code, res.body).toBe(0)
  return res.json().data as { repayToken: string; amount: number; amountText: string; alipay: number; bankCards: Array<{ id: number; bankName: string; cardNo: string; bankCode: string }> }
}

/** Lets a new code be sent now: the last one is moved back past the 60 s resend gap. */
async function pastResendGap(phone = ME_PHONE) {
  await t.database.db.update(smsCodes).set({ createdAt: sql`${smsCodes.createdAt} - interval '2 minutes'` }).where(eq(smsCodes.phone, phone))
}

async function lastRepayCode(phone = ME_PHONE): Promise<string> {
  const [row] = await t.database.db
    .select({ body: smsOutbox.body })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.toPhone, phone), eq(smsOutbox.purpose, 'repay')))
    .orderBy(desc(smsOutbox.id))
    .limit(1)
  const code = row?.body.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`no repay code sent to ${phone}`)
  return code
}

/** repayment-way then repayment-commit with the borrower's first card: the record and its code. */
async function committed(orderId: string, query = me, phone = ME_PHONE) {
  await pastResendGap(phone)
  const w = await way(orderId, query)
  const res = await call(repaymentCommit.path, { orderId, amount: w.amount, cardId: w.bankCards[0]!.id, repayToken: w.repayToken, sendMsg: 1 }, query)
  expect(res.json().code, res.body).toBe(0)
  return { recordId: res.json().data.repayRecordId as number, amount: w.amount, code: await lastRepayCode(phone) }
}

withSeededRepaymentApp((opened) => (t = opened))

describe('card-banks and bind-card', () => {
  it("lists the banks of the borrower's market", async () => {
    const id = await get(t.app, cardBanks.path, me)
    expect(id.json().data.list.map((b: { bankCode: string }) => b.bankCode)).toEqual(['BCA', 'BNI', 'BRI', 'MANDIRI', 'PERMATA', 'CIMB'])
    const india = await get(t.app, cardBanks.path, { tok: 'demo-borrower-in', market: 'IN' })
    expect(india.json().data.list.map((b: { bankCode: string }) => b.bankCode)).toContain('HDFC')
    const mexico = await get(t.app, cardBanks.path, { tok: 'demo-borrower-mx', market: 'MX' })
    expect(mexico.json().data.list.map((b: { bankCode: string }) => b.bankCode)).toContain('BBVA')
    expect((await get(t.app, cardBanks.path)).json().code).toBe(ERROR_CODES.sessionRequired)
  })

  it("seeds the demo borrowers' cards with their market's card banks", async () => {
    for (const card of DEMO_CARDS) expect(findCardBank(card.market, card.bankCode)).toEqual({ bankCode: card.bankCode, bankName: card.bankName })
    const india = await get(t.app, repaymentWay.path, { tok: 'demo-borrower-in', market: 'IN' })
    expect(india.statusCode).toBe(405)
    const res = await call(repaymentWay.path, { orderId: 'K2026000014' }, { tok: 'demo-borrower-in', market: 'IN' })
    expect(res.json().data.bankCards).toEqual([expect.objectContaining({ bankCode: 'HDFC', cardNo: '400005******5556' })])
    expect(res.json().data.amountText).toMatch(/^₹/)
    const mexico = await call(repaymentWay.path, { orderId: 'K2026000017' }, { tok: 'demo-borrower-mx', market: 'MX' })
    expect(mexico.json().data.bankCards).toEqual([expect.objectContaining({ bankCode: 'BBVA', cardNo: '510510******5100' })])
  })

  it('binds a card: the answer and the database keep only its masked number', async () => {
    const res = await call(bindCard.path, { bankCode: 'MANDIRI', cardNo: '4242424242424242', holderName: 'Budi Santoso' })
    expect(res.json().code).toBe(0)
    expect(res.json().data).toMatchObject({ bankCode: 'MANDIRI', bankName: 'Mandiri', cardNo: '424242******4242' })
    const [row] = await t.database.db.select().from(bankCards).where(eq(bankCards.id, res.json().data.id))
    expect(JSON.stringify(row)).not.toContain('4242424242424242')
    // the token is kept sealed (docs/decisions/0021-secrets-at-rest.md): only the server's key opens it
    expect(row!.cardToken).toMatch(/^v1:demo:/)
    expect(openCardToken(row!, t.app.secrets)).toMatch(/^sbx_card_[0-9a-f]{32}$/)
    expect(row!.cardTokenLookup).toMatch(/^[0-9a-f]{64}$/)
    const cards = (await way('K2026000005')).bankCards
    expect(cards.map((c) => c.cardNo)).toEqual(['411111******1111', '555555******4444', '424242******4242'])
  })

  it('refuses a number failing its Luhn check, a bank of another market, and bad input', async () => {
    const luhn = await call(bindCard.path, { bankCode: 'BCA', cardNo: '4242424242424241', holderName: 'Budi' })
    expect(codeOf(luhn)).toBe(ERROR_CODES.cardNumberInvalid)
    expect(luhn.body).not.toContain('4242424242424241')
    expect(codeOf(await call(bindCard.path, { bankCode: 'HDFC', cardNo: '4242424242424242', holderName: 'Budi' }))).toBe(ERROR_CODES.payMethodUnknown)
    for (const body of [
      { bankCode: 'BCA', holderName: 'Budi' },
      { bankCode: 'BCA', cardNo: '4242 4242 4242 4242', holderName: 'Budi' },
      { bankCode: 'BCA', cardNo: '42424242424242424242', holderName: 'Budi' },
      { bankCode: 'BCA', cardNo: '4242424242424242', holderName: '' },
      { bankCode: 'BCA', cardNo: '4242424242424242', holderName: 'x'.repeat(81) },
      { bankCode: "BCA' or 1=1--", cardNo: '4242424242424242', holderName: 'Budi' },
      { bankCode: '<script>', cardNo: '4242424242424242', holderName: 'Budi' },
      { bankCode: 'BCA', cardNo: '{"$gt":""}', holderName: 'Budi' },
    ] as Array<Record<string, string>>) {
      const res = await call(bindCard.path, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(codeOf(res)).toBe(ERROR_CODES.invalidRequest)
    }
    expect(codeOf(await call(bindCard.path, { bankCode: 'BCA', cardNo: '4242424242424242', holderName: 'Budi' }, {}))).toBe(ERROR_CODES.sessionRequired)
  })
})

describe('repayment-way', () => {
  it('answers what is owed now, the cards and a fresh single-use token each time', async () => {
    const first = await way('K2026000005')
    expect(first.alipay).toBe(1)
    expect(first.amount).toBeGreaterThan(0)
    expect(first.amountText).toMatch(/^Rp\u00a0\d/)
    expect(first.repayToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const second = await way('K2026000005')
    expect(second.repayToken).not.toBe(first.repayToken)
    expect(second.amount).toBe(first.amount)
    // stored hashed: the token itself is nowhere in the database
    const rows = await t.database.db.select().from(repayTokens)
    expect(JSON.stringify(rows)).not.toContain(first.repayToken)
    // the amount is the one a virtual account of everything owed asks
    const vcode = await call('/h5-api/v3/loan-details/generate-vcode', { orderId: 'K2026000005', payCode: 'BCA', pay_type: 1 })
    expect(vcode.json().data.amount).toBe(first.amount)
  })

  it("refuses another borrower's order, a settled or partner order, no session and bad input", async () => {
    expect(codeOf(await call(repaymentWay.path, { orderId: 'K2026000005' }, other))).toBe(ERROR_CODES.notFound)
    expect(codeOf(await call(repaymentWay.path, { orderId: 'K2026000007' }))).toBe(ERROR_CODES.nothingOwed)
    expect(codeOf(await call(repaymentWay.path, { orderId: 'K2026000001' }))).toBe(ERROR_CODES.nothingOwed)
    expect(codeOf(await call(repaymentWay.path, { orderId: 'K2026000008' }))).toBe(ERROR_CODES.repaidAtPartner)
    expect(codeOf(await call(repaymentWay.path, { orderId: 'K2026000005' }, {}))).toBe(ERROR_CODES.sessionRequired)
    for (const body of [{}, { orderId: '' }, { orderId: 'K'.repeat(40) }, { orderId: "K1' or 1=1--" }, { orderId: '<img src=x>' }] as Array<Record<string, string>>) {
      expect(codeOf(await call(repaymentWay.path, body))).toBe(ERROR_CODES.invalidRequest)
    }
  })
})

describe('repayment-commit', () => {
  it('makes a pending record for the server’s amount and sends a 6-digit code in the borrower’s language', async () => {
    await pastResendGap()
    const w = await way('K2026000005')
    const res = await call(repaymentCommit.path, { orderId: 'K2026000005', amount: w.amount, cardId: w.bankCards[1]!.id, repayToken: w.repayToken, cardNo: w.bankCards[1]!.cardNo })
    expect(res.json()).toMatchObject({ code: 0, data: { needValid: 1 } })
    const [record] = await t.database.db.select().from(repayRecords).where(eq(repayRecords.id, res.json().data.repayRecordId))
    expect(record).toMatchObject({ status: 'pending', amount: w.amount, cardId: w.bankCards[1]!.id, paymentAccountId: null })
    const [sms] = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.purpose, 'repay')).orderBy(desc(smsOutbox.id)).limit(1)
    expect(sms!.toPhone).toBe(ME_PHONE)
    expect(sms!.body).toMatch(/^Kode pembayaran Kilat Anda: \d{6} untuk membayar Rp\u00a0\d/)
    expect(sms!.body).toContain('5 menit')
    // the code is stored hashed
    const codes = await t.database.db.select().from(smsCodes).where(eq(smsCodes.purpose, 'repay'))
    expect(JSON.stringify(codes)).not.toContain(await lastRepayCode())
    // the token is used up
    const again = await call(repaymentCommit.path, { orderId: 'K2026000005', amount: w.amount, cardId: w.bankCards[0]!.id, repayToken: w.repayToken, sendMsg: 0 })
    expect(codeOf(again)).toBe(ERROR_CODES.repayTokenInvalid)
  })

  it('keeps the token usable when a new code is asked for within 60 s', async () => {
    await pastResendGap()
    const first = await way('K2026000005')
    expect(codeOf(await call(repaymentCommit.path, { orderId: 'K2026000005', amount: first.amount, cardId: first.bankCards[0]!.id, repayToken: first.repayToken }))).toBe(0)
    const w = await way('K2026000005')
    const body = { orderId: 'K2026000005', amount: w.amount, cardId: w.bankCards[0]!.id, repayToken: w.repayToken }
    expect(codeOf(await call(repaymentCommit.path, body))).toBe(ERROR_CODES.smsTooFrequent)
    // sendMsg 0: the code already sent serves
    expect(codeOf(await call(repaymentCommit.path, { ...body, sendMsg: 0 }))).toBe(0)
  })

  it('refuses a token of another order, borrower or time, an amount not owed and a card not the borrower’s', async () => {
    const w = await way('K2026000005')
    const base = { orderId: 'K2026000005', amount: w.amount, cardId: w.bankCards[0]!.id, repayToken: w.repayToken, sendMsg: 0 }
    expect(codeOf(await call(repaymentCommit.path, { ...base, orderId: 'K2026000006', amount: (await way('K2026000006')).amount }))).toBe(ERROR_CODES.repayTokenInvalid)
    expect(codeOf(await call(repaymentCommit.path, { ...base, repayToken: 'x'.repeat(43) }))).toBe(ERROR_CODES.repayTokenInvalid)
    expect(codeOf(await call(repaymentCommit.path, { ...base, amount: w.amount - 1 }))).toBe(ERROR_CODES.amountNotOwed)
    expect(codeOf(await call(repaymentCommit.path, { ...base, amount: w.amount + 100 }))).toBe(ERROR_CODES.amountNotOwed)
    const theirCard = (await way('K2026000011', other)).bankCards[0]!
    expect(theirCard.cardNo).toBe('401288******1881')
    expect(codeOf(await call(repaymentCommit.path, { ...base, cardId: theirCard.id }))).toBe(ERROR_CODES.cardUnknown)
    expect(codeOf(await call(repaymentCommit.path, { ...base, cardId: 999_999 }))).toBe(ERROR_CODES.cardUnknown)
    // demo-borrower-2 with demo-borrower's token, on demo-borrower's order or on their own
    expect(codeOf(await call(repaymentCommit.path, { ...base, cardId: theirCard.id }, other))).toBe(ERROR_CODES.notFound)
    const theirs = await way('K2026000011', other)
    expect(codeOf(await call(repaymentCommit.path, { ...base, orderId: 'K2026000011', amount: theirs.amount, cardId: theirCard.id }, other))).toBe(ERROR_CODES.repayTokenInvalid)
    // out of time
    await t.database.db.update(repayTokens).set({ expiresAt: new Date(Date.now() - 1000) })
    expect(codeOf(await call(repaymentCommit.path, base))).toBe(ERROR_CODES.repayTokenInvalid)
  })

  it('refuses bad input', async () => {
    const w = await way('K2026000005')
    const base = { orderId: 'K2026000005', amount: w.amount, cardId: w.bankCards[0]!.id, repayToken: w.repayToken, sendMsg: 0 }
    for (const change of [
      { amount: 'lots' },
      { amount: -1 },
      { amount: 1.5 },
      { cardId: 'one' },
      { cardId: 0 },
      { cardId: 2 ** 40 },
      { repayToken: '' },
      { repayToken: 'x'.repeat(129) },
      { sendMsg: 2 },
      { orderId: '<script>alert(1)</script>' },
      { bankName: 'x'.repeat(65) },
    ] as Array<Record<string, string | number>>) {
      const res = await call(repaymentCommit.path, { ...base, ...change })
      expect(codeOf(res), JSON.stringify(change)).toBe(ERROR_CODES.invalidRequest)
    }
    const { cardId: _, ...noCard } = base
    expect(codeOf(await call(repaymentCommit.path, noCard))).toBe(ERROR_CODES.invalidRequest)
    // none of these used the token up
    expect(codeOf(await call(repaymentCommit.path, base))).toBe(0)
  })
})

describe('repayment-confirm', () => {
  it('answers 800006 for a wrong code, not found for another’s record, then charges once: 800005 after', async () => {
    const { recordId, code, amount } = await committed('K2026000005')
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    const body = { orderId: 'K2026000005', verifyCode: code, repaymentRecordId: recordId }
    expect(codeOf(await call(repaymentConfirm.path, { ...body, verifyCode: wrong }))).toBe(ERROR_CODES.repayCodeWrong)
    expect(ERROR_CODES.repayCodeWrong).toBe(800006)
    // demo-borrower-2 naming demo-borrower's record, or the record under another order
    expect(codeOf(await call(repaymentConfirm.path, body, other))).toBe(ERROR_CODES.notFound)
    expect(codeOf(await call(repaymentConfirm.path, { ...body, orderId: 'K2026000011' }, other))).toBe(ERROR_CODES.notFound)
    expect(codeOf(await call(repaymentConfirm.path, { ...body, orderId: 'K2026000006' }))).toBe(ERROR_CODES.notFound)
    expect(codeOf(await call(repaymentConfirm.path, { ...body, repaymentRecordId: 999_999 }))).toBe(ERROR_CODES.notFound)

    const ok = await call(repaymentConfirm.path, body)
    expect(ok.json(), ok.body).toMatchObject({ code: 0 })
    const twice = await call(repaymentConfirm.path, body)
    expect(codeOf(twice)).toBe(800005)
    expect(codeOf(twice)).toBe(ERROR_CODES.repayTwice)
    const [record] = await t.database.db.select().from(repayRecords).where(eq(repayRecords.id, recordId))
    expect(record!.status).toBe('submitted')
    const [account] = await t.database.db.select().from(paymentAccounts).where(eq(paymentAccounts.id, record!.paymentAccountId!))
    expect(account).toMatchObject({ accountKind: 'card', method: 'CARD', purpose: 'repay', amount, status: 'pending' })

    // the money arrives only through the signed callback: then the loan is settled
    expect((await deliver(t)).delivered).toBe(1)
    const after = await reload(t.database.db, { id: account!.orderKey })
    expect(after.order.status).toBe(ORDER_STATUS.settled)
    expect(after.payments).toHaveLength(1)
    expect(after.payments[0]!.amount).toBe(amount)
    expect(sum(after.ledger.map((e) => e.amount))).toBe(amount)
    expect(after.accounts.find((a) => a.id === account!.id)!.status).toBe('paid')
    expect(codeOf(await call(repaymentConfirm.path, body))).toBe(800005)
    expect(codeOf(await call(repaymentWay.path, { orderId: 'K2026000005' }))).toBe(ERROR_CODES.nothingOwed)
  })

  it('voids the code at the 5th wrong try', async () => {
    const { recordId, code } = await committed('K2026000006')
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0')
    const body = { orderId: 'K2026000006', verifyCode: wrong, repaymentRecordId: recordId }
    for (let i = 0; i < 4; i++) expect(codeOf(await call(repaymentConfirm.path, body))).toBe(ERROR_CODES.repayCodeWrong)
    expect(codeOf(await call(repaymentConfirm.path, body))).toBe(ERROR_CODES.smsCodeTooManyTries)
    expect(codeOf(await call(repaymentConfirm.path, { ...body, verifyCode: code }))).toBe(ERROR_CODES.smsCodeTooManyTries)
    const [record] = await t.database.db.select().from(repayRecords).where(eq(repayRecords.id, recordId))
    expect(record!.status).toBe('pending')
  })

  it('pays once when the same confirm arrives 20 times at once; the others answer 800005', async () => {
    const { recordId, code, amount } = await committed('K2026000006')
    const body = { orderId: 'K2026000006', verifyCode: code, repaymentRecordId: recordId }
    const results = await Promise.all(Array.from({ length: 20 }, () => call(repaymentConfirm.path, body)))
    const codes = results.map(codeOf)
    expect(codes.filter((c) => c === 0)).toHaveLength(1)
    expect(codes.filter((c) => c === 800005)).toHaveLength(19)
    const [order] = await t.database.db.select().from(orders).where(eq(orders.orderNo, 'K2026000006'))
    const callbacks = await t.database.db
      .select()
      .from(gatewayCallbacks)
      .innerJoin(paymentAccounts, eq(paymentAccounts.id, gatewayCallbacks.paymentAccountId))
      .where(and(eq(paymentAccounts.orderKey, order!.id), eq(paymentAccounts.accountKind, 'card')))
    expect(callbacks).toHaveLength(1)
    await deliver(t)
    const after = await reload(t.database.db, order!)
    expect(after.payments).toHaveLength(1)
    expect(after.payments[0]!.amount).toBe(amount)
    expect(sum(after.ledger.map((e) => e.amount))).toBe(amount)
    expect(after.order.status).toBe(ORDER_STATUS.settled)
  })

  it('moves a record out of pending once, however many transactions try (PGlite runs the confirms above one at a time)', async () => {
    const { recordId } = await committed('K2026000011', other, '+6281298765432')
    const now = new Date()
    const moved = await Promise.all(Array.from({ length: 5 }, () => t.database.db.transaction(async (tx) => submitRecord(tx, recordId, now))))
    expect(moved.filter(Boolean)).toHaveLength(1)
    const [record] = await t.database.db.select().from(repayRecords).where(eq(repayRecords.id, recordId))
    expect(record!.status).toBe('submitted')
    expect(codeOf(await call(repaymentConfirm.path, { orderId: 'K2026000011', verifyCode: await lastRepayCode('+6281298765432'), repaymentRecordId: recordId }, other))).toBe(800005)
  })

  it('refuses bad input', async () => {
    for (const body of [
      {},
      { orderId: 'K2026000005', verifyCode: '123456' },
      { orderId: 'K2026000005', verifyCode: '', repaymentRecordId: 1 },
      { orderId: 'K2026000005', verifyCode: '1'.repeat(17), repaymentRecordId: 1 },
      { orderId: 'K2026000005', verifyCode: '123456', repaymentRecordId: 'one' },
      { orderId: 'K2026000005', verifyCode: '123456', repaymentRecordId: -1 },
      { orderId: "'; drop table orders;--", verifyCode: '123456', repaymentRecordId: 1 },
    ] as Array<Record<string, string | number>>) {
      expect(codeOf(await call(repaymentConfirm.path, body)), JSON.stringify(body)).toBe(ERROR_CODES.invalidRequest)
    }
    expect(codeOf(await call(repaymentConfirm.path, { orderId: 'K2026000005', verifyCode: '123456', repaymentRecordId: 1 }, {}))).toBe(ERROR_CODES.sessionRequired)
  })
})

describe('demo last-sms', () => {
  it("reads the card repayment's code with purpose repay, the login's by default", async () => {
    const { code } = await committed('K2026000011', other, '+6281298765432')
    const repay = await get(t.app, demoLastSms.path, { phone: '081298765432', purpose: 'repay' })
    expect(repay.json().data.code).toBe(code)
    expect((await get(t.app, demoLastSms.path, { phone: '081298765432' })).json().data.code).toBeNull()
    expect(codeOf(await get(t.app, demoLastSms.path, { phone: '081298765432', purpose: 'other' }))).toBe(ERROR_CODES.invalidRequest)
  })
})

describe('repayment-huichao and the hosted page', () => {
  it('gives the sandbox’s page for everything owed, the same one again, and refuses what is not owed', async () => {
    const { amount } = await way('K2026000004')
    const res = await call(repaymentHuichao.path, { orderId: 'K2026000004', amount, userId: 'ignored' })
    expect(res.json().code).toBe(0)
    expect(res.json().data.url).toMatch(/^\/h5-api\/v3\/sandbox\/checkout\?ref=sbx_chk_[0-9a-f]{32}$/)
    expect((await call(repaymentHuichao.path, { orderId: 'K2026000004', amount })).json().data.url).toBe(res.json().data.url)
    expect(codeOf(await call(repaymentHuichao.path, { orderId: 'K2026000004', amount: amount - 1 }))).toBe(ERROR_CODES.amountNotOwed)
    expect(codeOf(await call(repaymentHuichao.path, { orderId: 'K2026000004', amount }, other))).toBe(ERROR_CODES.notFound)
    expect(codeOf(await call(repaymentHuichao.path, { orderId: 'K2026000008', amount }))).toBe(ERROR_CODES.repaidAtPartner)
    for (const body of [{ orderId: 'K2026000004' }, { orderId: 'K2026000004', amount: 'all' }, { orderId: 'K2026000004', amount, userId: 'u'.repeat(65) }] as Array<Record<string, string | number>>) {
      expect(codeOf(await call(repaymentHuichao.path, body))).toBe(ERROR_CODES.invalidRequest)
    }
  })

  it('serves the page in the borrower’s language or the lang asked, with no script, and pays it', async () => {
    const { amount, amountText } = await way('K2026000004')
    const url = (await call(repaymentHuichao.path, { orderId: 'K2026000004', amount })).json().data.url as string
    const page = await t.app.inject({ method: 'GET', url })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.body).toContain('<html lang="id">')
    expect(page.body).toContain('<title>Pembayaran</title>')
    expect(page.body).toContain(amountText)
    expect(page.body).toMatch(/<form method="post" action="\/h5-api\/v3\/sandbox\/checkout\?ref=sbx_chk_[0-9a-f]{32}&amp;lang=id"><button type="submit">Bayar<\/button><\/form>/)
    expect(page.body).not.toContain('<script')
    const csp = String(page.headers['content-security-policy'])
    expect(csp).toContain("form-action 'self'")
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).not.toContain('script-src')
    const english = await t.app.inject({ method: 'GET', url: `${url}&lang=en` })
    expect(english.body).toContain('<html lang="en">')
    expect(english.body).toContain('>Pay</button>')
    const spanish = await t.app.inject({ method: 'GET', url: `${url}&lang=es` })
    expect(spanish.body).toContain('>Pagar</button>')

    const ref = new URL(url, 'http://x').searchParams.get('ref')!
    const paid = await t.app.inject({ method: 'POST', url: `${url}&lang=id`, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(paid.statusCode).toBe(303)
    expect(paid.headers.location).toBe('/loan-detail?orderId=K2026000004')
    // a second tap goes back too, and pays nothing more
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(303)
    expect((await deliver(t)).delivered).toBe(1)
    const [account] = await t.database.db.select().from(paymentAccounts).where(eq(paymentAccounts.accountNo, ref))
    const after = await reload(t.database.db, { id: account!.orderKey })
    expect(after.order.status).toBe(ORDER_STATUS.settled)
    expect(after.payments).toHaveLength(1)
    expect(after.payments[0]!.amount).toBe(amount)
    const done = await t.app.inject({ method: 'GET', url })
    expect(done.body).toContain('Pembayaran ini sudah diterima.')
    expect(done.body).toContain('href="/loan-detail?orderId=K2026000004"')
  })

  it('answers 404 for an unknown or hostile ref, and for an account that is not a hosted page', async () => {
    for (const ref of ['sbx_chk_0', '<script>', "' or 1=1--", 'x'.repeat(65)]) {
      const res = await t.app.inject({ method: 'GET', url: `/h5-api/v3/sandbox/checkout?ref=${encodeURIComponent(ref)}` })
      expect(res.statusCode).toBe(404)
      expect(res.body).not.toContain('<script>')
      expect((await t.app.inject({ method: 'POST', url: `/h5-api/v3/sandbox/checkout?ref=${encodeURIComponent(ref)}` })).statusCode).toBe(404)
    }
    const [card] = await t.database.db.select().from(paymentAccounts).where(eq(paymentAccounts.accountKind, 'card')).limit(1)
    expect((await t.app.inject({ method: 'GET', url: `/h5-api/v3/sandbox/checkout?ref=${card!.accountNo}` })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: '/h5-api/v3/sandbox/checkout' })).statusCode).toBe(404)
  })
})

describe('card numbers', () => {
  it('never appear unmasked in any answer of this file', () => {
    expect(answers.length).toBeGreaterThan(50)
    for (const body of answers) for (const no of FULL_NUMBERS) expect(body).not.toContain(no)
  })
})
