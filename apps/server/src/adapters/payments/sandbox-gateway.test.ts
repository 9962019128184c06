import { describe, expect, it } from 'vitest'
import { cents, contractFee, isValidClabe } from '@kilat/domain'
import { backoffMs } from './callback-deliverer.js'
import type { AccountKind, IssueAccountInput } from './payment-gateway.js'
import { DEMO_REPORT_RULE, SANDBOX_CHECKOUT_PATH, SIGNATURE_HEADER, SandboxGateway, TIMESTAMP_HEADER, signCallback } from './sandbox-gateway.js'

const SECRET = 'k'.repeat(40)
const gateway = new SandboxGateway(SECRET)
const expiresAt = new Date('2026-03-11T05:00:00Z')
const input = (accountKind: AccountKind, numbering?: IssueAccountInput['numbering']): IssueAccountInput => ({
  method: 'X',
  accountKind,
  amount: cents(100_000),
  market: 'ID',
  expiresAt,
  reference: '42',
  numbering,
})

describe('the sandbox issues numbers', () => {
  it("in the bank's range: its prefix, random digits to its length", async () => {
    const numbers = new Set<string>()
    for (let i = 0; i < 50; i++) {
      const issued = await gateway.issueAccount(input('va', { prefix: '39358', length: 16 }))
      expect(issued.accountNo).toMatch(/^39358\d{11}$/)
      expect(issued.gatewayRef).toMatch(/^sbx_acc_[0-9a-f]{24}$/)
      expect(issued.expiresAt).toEqual(expiresAt)
      numbers.add(issued.accountNo)
    }
    expect(numbers.size).toBe(50)
    expect((await gateway.issueAccount(input('va', { prefix: '8808', length: 16 }))).accountNo).toMatch(/^8808\d{12}$/)
    expect((await gateway.issueAccount(input('va'))).accountNo).toMatch(/^8\d{15}$/)
    await expect(gateway.issueAccount(input('va', { prefix: '12345', length: 8 }))).rejects.toThrow(/no room/)
  })

  it('as mini market codes, valid CLABEs, UPI IDs and cash references', async () => {
    expect((await gateway.issueAccount(input('payment_code'))).accountNo).toMatch(/^KLT\d{10}$/)
    const clabe = (await gateway.issueAccount(input('clabe'))).accountNo
    expect(clabe).toMatch(/^646180\d{12}$/)
    expect(isValidClabe(clabe)).toBe(true)
    expect((await gateway.issueAccount(input('upi'))).accountNo).toMatch(/^kilat\.\d{10}@kltpay$/)
    expect((await gateway.issueAccount(input('cash_reference'))).accountNo).toMatch(/^9\d{13}$/)
  })
})

describe('the sandbox keeps cards and charges them', () => {
  it('answers a random token that says nothing of the number', async () => {
    const cardNo = '4111111111111111'
    const tokens = await Promise.all([1, 2].map(() => gateway.tokenizeCard({ cardNo, holderName: 'Budi', market: 'ID' })))
    for (const { cardToken } of tokens) {
      expect(cardToken).toMatch(/^sbx_card_[0-9a-f]{32}$/)
      expect(cardToken).not.toContain('1111')
    }
    expect(tokens[0]!.cardToken).not.toBe(tokens[1]!.cardToken)
  })

  it('charges a sandbox token, with its own charge id, and refuses any other token', async () => {
    const { cardToken } = await gateway.tokenizeCard({ cardNo: '4111111111111111', holderName: 'Budi', market: 'ID' })
    const charge = await gateway.chargeCard({ cardToken, amount: cents(250_000), market: 'ID', reference: '7', expiresAt })
    expect(charge.accountNo).toMatch(/^sbx_chg_[0-9a-f]{32}$/)
    expect(charge.gatewayRef).toBe(charge.accountNo)
    expect(charge.expiresAt).toEqual(expiresAt)
    await expect(gateway.chargeCard({ cardToken: 'tok_live_1', amount: cents(1), market: 'ID', reference: '7', expiresAt })).rejects.toThrow(/sandbox/)
    await expect(gateway.issueAccount(input('card'))).rejects.toThrow(/chargeCard/)
  })

  it('issues a hosted checkout with an opaque id, paid on its own page', async () => {
    const hosted = await gateway.issueAccount(input('hosted'))
    expect(hosted.accountNo).toMatch(/^sbx_chk_[0-9a-f]{32}$/)
    expect(gateway.hostedPageUrl(hosted.accountNo)).toBe(`${SANDBOX_CHECKOUT_PATH}?ref=${hosted.accountNo}`)
  })
})

describe('verifyCallback', () => {
  const now = new Date('2026-03-10T05:00:00Z')
  const ts = Math.floor(now.getTime() / 1000)
  const body = JSON.stringify({ id: 'sbx_pay_1', account_no: '3935812345678901', external_id: '42', amount: 150_000, paid_at: now.toISOString(), method: 'BCA' })
  const headers = (timestamp: number | string = ts, signature = signCallback(SECRET, timestamp, body)) => ({
    [TIMESTAMP_HEADER]: String(timestamp),
    [SIGNATURE_HEADER]: signature,
  })

  it('reads a callback signed with the key over `${timestamp}.${body}`', () => {
    expect(signCallback(SECRET, ts, body)).toMatch(/^[0-9a-f]{64}$/)
    expect(gateway.verifyCallback(Buffer.from(body), headers(), now)).toEqual({
      ok: true,
      event: {
        gatewayPaymentId: 'sbx_pay_1',
        accountNo: '3935812345678901',
        externalId: '42',
        amount: 150_000,
        paidAt: now,
        method: 'BCA',
        raw: JSON.parse(body),
      },
    })
    // upper-case hex is the same signature
    expect(gateway.verifyCallback(Buffer.from(body), headers(ts, signCallback(SECRET, ts, body).toUpperCase()), now).ok).toBe(true)
  })

  it('refuses what is unsigned, signed otherwise, or not fresh', () => {
    const raw = Buffer.from(body)
    expect(gateway.verifyCallback(raw, {}, now)).toEqual({ ok: false, reason: 'missingSignature' })
    expect(gateway.verifyCallback(raw, { [TIMESTAMP_HEADER]: String(ts) }, now)).toEqual({ ok: false, reason: 'missingSignature' })
    expect(gateway.verifyCallback(raw, headers(ts, signCallback('x'.repeat(40), ts, body)), now)).toEqual({ ok: false, reason: 'badSignature' })
    expect(gateway.verifyCallback(raw, headers(ts, 'ab'), now)).toEqual({ ok: false, reason: 'badSignature' })
    expect(gateway.verifyCallback(Buffer.from(body + ' '), headers(), now)).toEqual({ ok: false, reason: 'badSignature' })
    expect(gateway.verifyCallback(raw, headers(ts - 301), now)).toEqual({ ok: false, reason: 'staleTimestamp' })
    expect(gateway.verifyCallback(raw, headers(ts + 301), now)).toEqual({ ok: false, reason: 'staleTimestamp' })
    expect(gateway.verifyCallback(raw, headers(ts - 300), now).ok).toBe(true)
    expect(gateway.verifyCallback(raw, headers('soon'), now)).toEqual({ ok: false, reason: 'staleTimestamp' })
  })

  it('refuses a signed body that is not a payment', () => {
    for (const bad of ['not json', '{}', JSON.stringify({ ...JSON.parse(body), amount: 1.5 }), JSON.stringify({ ...JSON.parse(body), external_id: 'abc' })]) {
      expect(gateway.verifyCallback(Buffer.from(bad), { [TIMESTAMP_HEADER]: String(ts), [SIGNATURE_HEADER]: signCallback(SECRET, ts, bad) }, now)).toEqual({
        ok: false,
        reason: 'malformed',
      })
    }
  })
})

describe('backoff', () => {
  it('waits 5 s, then twice as long each time, at most an hour', () => {
    expect([0, 1, 2, 3, 9, 10, 50].map(backoffMs)).toEqual([5_000, 10_000, 20_000, 40_000, 2_560_000, 3_600_000, 3_600_000])
  })
})

describe('the demo report rule', () => {
  it('leaves out a payment ending in 17 cents and charges one ending in 29 cents a unit more', () => {
    const line = (amount: number) => ({ gatewayPaymentId: 'x', accountNo: 'y', amount: cents(amount), fee: contractFee('ID', cents(amount)), paidAt: new Date() })
    expect(DEMO_REPORT_RULE.omit!(line(150_000_17))).toBe(true)
    expect(DEMO_REPORT_RULE.omit!(line(150_000_00))).toBe(false)
    expect(DEMO_REPORT_RULE.fee!(line(150_000_29), 'MX')).toBe(contractFee('MX', cents(150_000_29)) + 100)
    expect(DEMO_REPORT_RULE.fee!(line(150_000_00), 'MX')).toBe(contractFee('MX', cents(150_000_00)))
  })
})
