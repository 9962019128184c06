import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cents } from '@kilat/domain'
import type { Database } from '../../db/client.js'
import { openTestDatabase } from '../../test/setup-db.js'
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, signCallback } from '../payments/sandbox-gateway.js'
import { PayoutUnavailable, type PayoutDestination, type PayoutInput } from './payout-provider.js'
import {
  SANDBOX_ACCOUNT_ENDINGS,
  SANDBOX_CENTS,
  SANDBOX_FAILURE,
  SANDBOX_OTHER_HOLDER,
  SANDBOX_REFUSAL,
  SandboxPayouts,
  callbackBodyOf,
  sandboxAccountCase,
  sandboxRule,
} from './sandbox-payouts.js'
import { sandboxPayouts } from './sandbox-payouts.schema.js'
import { eq } from 'drizzle-orm'

const SECRET = 'p'.repeat(40)
let database: Database
let sandbox: SandboxPayouts
let t = new Date('2026-03-02T08:00:00Z').getTime()
let key = 1000

beforeAll(async () => {
  database = await openTestDatabase()
  sandbox = new SandboxPayouts(database.db, { secret: SECRET, finishAfterMs: 5_000, timeoutMs: 1, now: () => new Date(t) })
})

afterAll(async () => {
  await database?.close()
})

const input = (amount: number): PayoutInput => ({ reference: String(key++), orderNo: 'K1', amount: cents(amount), market: 'ID' })
const rowOf = async (reference: string) => (await database.db.select().from(sandboxPayouts).where(eq(sandboxPayouts.key, reference)))[0]!

describe('the payout sandbox keeps its word per key', () => {
  it('answers a repeated key with its first result, never a second payout, even ten sends at once', async () => {
    const payout = input(150_000_000)
    const answers = await Promise.all(Array.from({ length: 10 }, () => sandbox.send(payout)))
    const refs = new Set(answers.map((a) => (a.ok ? a.providerRef : a.reason)))
    expect(refs.size).toBe(1)
    expect([...refs][0]).toMatch(/^po_[0-9a-f]{24}$/)
    expect(await rowOf(payout.reference)).toMatchObject({ status: 'accepted', sends: 10 })
    expect(await sandbox.status(payout.reference)).toEqual({ status: 'accepted', providerRef: [...refs][0] })
    expect(await sandbox.status('no-such-key')).toEqual({ status: 'unknown' })
    // its time comes: completed, and a status call says so
    t += 5_000
    expect(await sandbox.status(payout.reference)).toMatchObject({ status: 'completed', completedAt: new Date(t) })
  })

  it('refuses 13 cents at once, fails 14 cents later, times out and answers 500 before accepting 21 and 22, and never calls back 23', async () => {
    const refused = input(150_000_013)
    expect(await sandbox.send(refused)).toEqual({ ok: false, reason: SANDBOX_REFUSAL })
    expect(await sandbox.send(refused)).toEqual({ ok: false, reason: SANDBOX_REFUSAL })
    expect(await sandbox.status(refused.reference)).toMatchObject({ status: 'failed', reason: SANDBOX_REFUSAL })

    const failing = input(150_000_014)
    expect((await sandbox.send(failing)).ok).toBe(true)
    t += 5_000
    expect(await sandbox.status(failing.reference)).toMatchObject({ status: 'failed', reason: SANDBOX_FAILURE })

    for (const [amount, message] of [
      [150_000_021, 'did not answer in time'],
      [150_000_022, 'HTTP 500'],
    ] as const) {
      const flaky = input(amount)
      for (let i = 0; i < 2; i++) await expect(sandbox.send(flaky)).rejects.toThrow(PayoutUnavailable)
      await expect(sandbox.send(input(amount))).rejects.toThrow(message)
      expect(await sandbox.status(flaky.reference)).toEqual({ status: 'unknown' })
      expect((await sandbox.send(flaky)).ok).toBe(true)
      expect(await rowOf(flaky.reference)).toMatchObject({ status: 'accepted', sends: 3, faultsLeft: 0 })
    }

    const silent = input(150_000_023)
    expect((await sandbox.send(silent)).ok).toBe(true)
    expect((await rowOf(silent.reference)).callbackNextAt).toBeNull()
  })

  it('verifies its callbacks: signed with the key, fresh, well formed', async () => {
    const payout = input(150_000_000)
    await sandbox.send(payout)
    t += 5_000
    await sandbox.status(payout.reference)
    const body = JSON.stringify(callbackBodyOf(await rowOf(payout.reference)))
    const now = Math.floor(Date.now() / 1000)
    const headers = (ts: number, b = body, secret = SECRET) => ({ [TIMESTAMP_HEADER]: String(ts), [SIGNATURE_HEADER]: signCallback(secret, ts, b) })
    const verified = sandbox.verifyCallback(Buffer.from(body), headers(now))
    expect(verified).toMatchObject({ ok: true, event: { reference: payout.reference, status: 'completed', reason: null } })
    expect(sandbox.verifyCallback(Buffer.from(body), {})).toEqual({ ok: false, reason: 'missingSignature' })
    expect(sandbox.verifyCallback(Buffer.from(body), headers(now, body, 'x'.repeat(40)))).toEqual({ ok: false, reason: 'badSignature' })
    expect(sandbox.verifyCallback(Buffer.from(body), headers(now - 3600))).toEqual({ ok: false, reason: 'staleTimestamp' })
    expect(sandbox.verifyCallback(Buffer.from('{}'), headers(now, '{}'))).toEqual({ ok: false, reason: 'malformed' })
  })
})

describe('the sandbox rule', () => {
  it('decides by the amount\'s cents alone, and completes every other amount', () => {
    const special = new Set<number>(Object.values(SANDBOX_CENTS))
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000_000 }), (amount) => {
        const plan = sandboxRule({ amount: cents(amount) })
        const ending = amount % 100
        if (!special.has(ending)) return plan.outcome === 'complete' && plan.faults === undefined
        if (ending === SANDBOX_CENTS.refuse) return plan.outcome === 'refuse' && plan.reason === SANDBOX_REFUSAL
        if (ending === SANDBOX_CENTS.fail) return plan.outcome === 'fail'
        if (ending === SANDBOX_CENTS.silent) return plan.outcome === 'silent'
        return plan.outcome === 'complete' && plan.faults === 2
      }),
    )
  })
})

describe('the sandbox account check', () => {
  const BANK: PayoutDestination = { channelCode: 'BCA', accountNumber: '1234567890', holderName: 'Siti Rahayu' }
  const check = (destination: Partial<PayoutDestination>, reference = String(key++), signal?: AbortSignal) =>
    sandbox.checkAccount({ reference, market: 'ID', destination: { ...BANK, ...destination } }, signal)
  const upi = (vpa: string) => ({ channelCode: 'UPI', accountNumber: '', vpa, holderName: 'Asha Verma' })

  it("finds any other account held in the borrower's name, upper case as banks print it", async () => {
    expect(await check({})).toEqual({ status: 'found', holderName: 'SITI RAHAYU' })
    // an e-wallet's account number is its phone
    expect(await check({ channelCode: 'DANA', accountNumber: '081234567812' })).toEqual({ status: 'found', holderName: 'SITI RAHAYU' })
    expect(await check(upi('asha.verma@okhdfcbank'))).toEqual({ status: 'found', holderName: 'ASHA VERMA' })
  })

  it("shows each outcome by the account number's last four digits, or by a UPI id's first word", async () => {
    for (const destination of [{ accountNumber: '1234560000' }, upi('unknown.asha@okaxis')]) {
      expect(await check(destination)).toEqual({ status: 'unknownAccount' })
    }
    for (const destination of [{ accountNumber: '1234569999' }, { channelCode: 'OVO', accountNumber: '081234569999' }, upi('mismatch@okaxis')]) {
      expect(await check(destination)).toEqual({ status: 'found', holderName: SANDBOX_OTHER_HOLDER })
    }
    for (const destination of [{ accountNumber: '1234565555' }, upi('TIMEOUT.asha@okaxis')]) {
      await expect(check(destination)).rejects.toThrow(PayoutUnavailable)
    }
  })

  it('answers pending at the first ask of a reference, then found at every later ask of it', async () => {
    for (const [destination, name] of [
      [{ accountNumber: '1234564444' }, 'SITI RAHAYU'],
      [upi('pending.asha@okaxis'), 'ASHA VERMA'],
    ] as const) {
      const reference = String(key++)
      expect(await check(destination, reference)).toEqual({ status: 'pending' })
      expect(await check(destination, reference)).toEqual({ status: 'found', holderName: name })
      expect(await check(destination, reference)).toEqual({ status: 'found', holderName: name })
      // another reference (the account changed and changed back) is asked anew
      expect(await check(destination)).toEqual({ status: 'pending' })
    }
  })

  it("throws once the caller's signal aborts, also while the bank is being slow", async () => {
    await expect(check({}, undefined, AbortSignal.abort())).rejects.toThrow(/cancelled/)
    const slow = new SandboxPayouts(database.db, { secret: SECRET, timeoutMs: 10_000 })
    const started = Date.now()
    const asked = slow.checkAccount({ reference: String(key++), market: 'ID', destination: { ...BANK, accountNumber: '1234565555' } }, AbortSignal.timeout(20))
    await expect(asked).rejects.toThrow(/cancelled/)
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('decides by the last four digits alone: every other ending is found', () => {
    const special = new Set<string>(Object.values(SANDBOX_ACCOUNT_ENDINGS))
    fc.assert(
      fc.property(fc.stringMatching(/^\d{6,20}$/), (accountNumber) => {
        const outcome = sandboxAccountCase({ ...BANK, accountNumber })
        return special.has(accountNumber.slice(-4)) ? outcome !== null && SANDBOX_ACCOUNT_ENDINGS[outcome] === accountNumber.slice(-4) : outcome === null
      }),
    )
  })
})
