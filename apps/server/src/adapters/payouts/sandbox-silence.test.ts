import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cents } from '@kilat/domain'
import type { Database } from '../../db/client.js'
import { openTestDatabase } from '../../test/setup-db.js'
import { deliverDuePayoutCallbacks } from './payout-callback-deliverer.js'
import type { PayoutInput } from './payout-provider.js'
import { SANDBOX_SILENCE_KEY, SandboxPayouts, sandboxIsSilent, sandboxSilence, setSandboxSilence } from './sandbox-payouts.js'
import { sandboxPayouts } from './sandbox-payouts.schema.js'

/**
 * The payout sandbox gone silent (docs/product/operations.md#the-payout-sandbox): it takes payouts,
 * answers a repeated key with its first result, sends no callback and lets no transfer finish;
 * back, each held callback is posted once. Demo mode's switch and the outbox around it:
 * modules/demo/payout-sandbox.test.ts.
 */

const SECRET = 'p'.repeat(40)
const FINISH_AFTER_MS = 3_000
let database: Database
let sandbox: SandboxPayouts
let t = new Date('2026-03-02T08:00:00Z').getTime()
let key = 5000
/** The callbacks posted to our webhook: each one's body. */
const posted: Array<{ reference: string; status: string }> = []

beforeAll(async () => {
  database = await openTestDatabase()
  sandbox = new SandboxPayouts(database.db, { secret: SECRET, finishAfterMs: FINISH_AFTER_MS, timeoutMs: 1, now: () => new Date(t) })
})

afterAll(async () => {
  await database?.close()
})

const input = (amount = 150_000_000): PayoutInput => ({ reference: String(key++), orderNo: 'K1', amount: cents(amount), market: 'ID' })

/** One pass of the sandbox's deliverer, at the sandbox's time, to a webhook that answers 200. */
const deliver = () =>
  deliverDuePayoutCallbacks(
    {
      db: database.db,
      secret: SECRET,
      url: 'http://webhook.invalid/payouts',
      fetch: (async (_url: string | URL | Request, init?: RequestInit) => {
        posted.push(JSON.parse(String(init?.body)))
        return new Response('{}', { status: 200 })
      }) as typeof fetch,
    },
    new Date(t),
  )

const rowsOf = (references: string[]) => database.db.select().from(sandboxPayouts).where(inArray(sandboxPayouts.key, references)).orderBy(sandboxPayouts.id)

describe('the silent payout sandbox', () => {
  it('sends no callback and finishes no transfer while silent, and posts each held callback once when back', async () => {
    // taken before the silence: its callback is due in 3 s
    const before = input()
    expect((await sandbox.send(before)).ok).toBe(true)

    expect(await setSandboxSilence(database.db, true, new Date(t))).toEqual({ silent: true, since: new Date(t), held: 1 })
    expect(await setSandboxSilence(database.db, true)).toMatchObject({ silent: true, since: new Date(t) })

    // taken while silent, as any payout; a repeated key still answers its first result
    const during = input()
    const first = await sandbox.send(during)
    expect(first.ok).toBe(true)
    expect(await sandbox.send(during)).toEqual(first)

    t += 10 * 60_000
    expect(await deliver()).toEqual({ claimed: 0, delivered: 0, failed: 0 })
    expect(posted).toEqual([])
    for (const payout of [before, during]) expect(await sandbox.status(payout.reference)).toMatchObject({ status: 'accepted' })
    expect((await rowsOf([before.reference, during.reference])).map((r) => r.status)).toEqual(['accepted', 'accepted'])
    expect(await sandboxSilence(database.db)).toMatchObject({ silent: true, held: 2 })

    // back
    expect(await setSandboxSilence(database.db, false)).toEqual({ silent: false, since: null, held: 2 })
    expect(await sandboxIsSilent(database.db)).toBe(false)
    expect(await deliver()).toEqual({ claimed: 2, delivered: 2, failed: 0 })
    expect(posted.map((p) => [p.reference, p.status]).toSorted()).toEqual([
      [before.reference, 'completed'],
      [during.reference, 'completed'],
    ])
    t += 10 * 60_000
    expect(await deliver()).toEqual({ claimed: 0, delivered: 0, failed: 0 })
    expect(posted).toHaveLength(2)

    // one payout per key, the key our reference
    const rows = await rowsOf([before.reference, during.reference])
    expect(rows.map((r) => ({ key: r.key, status: r.status, delivered: r.callbackDeliveredAt !== null }))).toEqual([
      { key: before.reference, status: 'completed', delivered: true },
      { key: during.reference, status: 'completed', delivered: true },
    ])
    expect(await sandboxSilence(database.db)).toEqual({ silent: false, since: null, held: 0 })
  })

  it('keeps the switch in one row that is no payout: never claimed, never a status', async () => {
    await setSandboxSilence(database.db, true)
    await setSandboxSilence(database.db, true)
    expect(await database.db.select().from(sandboxPayouts).where(eq(sandboxPayouts.key, SANDBOX_SILENCE_KEY))).toHaveLength(1)
    expect(await sandbox.status(SANDBOX_SILENCE_KEY)).toEqual({ status: 'unknown' })
    await setSandboxSilence(database.db, false)
    await setSandboxSilence(database.db, false)
    expect(await database.db.select().from(sandboxPayouts).where(eq(sandboxPayouts.key, SANDBOX_SILENCE_KEY))).toHaveLength(0)
    expect(await deliver()).toEqual({ claimed: 0, delivered: 0, failed: 0 })
  })
})
