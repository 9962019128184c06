import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cents } from '@kilat/domain'
import type { Database } from '../../db/client.js'
import { openTestDatabase } from '../../test/setup-db.js'
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, signCallback } from '../payments/sandbox-gateway.js'
import { PayoutUnavailable, type PayoutInput } from './payout-provider.js'
import { SANDBOX_CENTS, SANDBOX_FAILURE, SANDBOX_REFUSAL, SandboxPayouts, callbackBodyOf, sandboxRule } from './sandbox-payouts.js'
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
