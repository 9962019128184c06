import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { deliverDuePayoutCallbacks } from '../../adapters/payouts/payout-callback-deliverer.js'
import type { PayoutProvider } from '../../adapters/payouts/payout-provider.js'
import { SandboxPayouts } from '../../adapters/payouts/sandbox-payouts.js'
import { sandboxPayouts } from '../../adapters/payouts/sandbox-payouts.schema.js'
import { demoKeyring } from '../../adapters/secrets/secret-box.js'
import { DEMO_PAYMENT_CALLBACK_SECRET } from '../../config.js'
import type { Db } from '../../db/client.js'
import { runAllPayouts, type OutboxDeps } from './payouts.outbox.js'
import { PAYOUT_CALLBACK_PATH } from './payouts.routes.js'

/** The sandbox's and the webhook's key in tests. */
export const TEST_PAYOUT_SECRET = DEMO_PAYMENT_CALLBACK_SECRET

/** A fetch that posts to the app in-process: the sandbox's callbacks reach the webhook without a listening server. */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return (async (_url: string | URL | Request, init?: RequestInit) => {
    const res = await app.inject({
      method: 'POST',
      url: PAYOUT_CALLBACK_PATH,
      payload: String(init?.body ?? ''),
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
    })
    return new Response(res.body, { status: res.statusCode })
  }) as typeof fetch
}

/**
 * Runs the outbox and delivers the sandbox's callbacks at `at` until nothing moves: what a
 * listening server's worker and deliverer do over a few passes.
 */
export async function settlePayouts(app: FastifyInstance, deps: Omit<OutboxDeps, 'statusAfterSeconds' | 'secrets'> & { statusAfterSeconds?: number }, at: Date): Promise<void> {
  for (let round = 0; round < 10; round++) {
    const sent = await runAllPayouts({ statusAfterSeconds: 60, secrets: app.secrets, ...deps }, at)
    const delivered = await deliverDuePayoutCallbacks({ db: deps.db, secret: TEST_PAYOUT_SECRET, url: `http://localhost${PAYOUT_CALLBACK_PATH}`, fetch: injectFetch(app) }, at)
    if (sent.claimed === 0 && delivered.claimed === 0) return
  }
}

/** The sandbox's rows for a key: one row means one payout at the provider, `sends` how often it was asked. */
export async function sandboxRowsOf(db: Db, key: number | string) {
  return db.select().from(sandboxPayouts).where(eq(sandboxPayouts.key, String(key)))
}

/** Keys the sandbox paid more than once: none, ever. */
export async function paidTwice(db: Db): Promise<string[]> {
  const rows = await db
    .select({ key: sandboxPayouts.key })
    .from(sandboxPayouts)
    .groupBy(sandboxPayouts.key)
    .having(sql`count(*) > 1`)
  return rows.map((r) => r.key)
}

/** A provider that forwards to another, for tests that wrap it (slow, crashing, counting). */
export function wrapProvider(inner: PayoutProvider, override: Partial<Pick<PayoutProvider, 'send' | 'status'>>): PayoutProvider {
  return {
    name: inner.name,
    send: override.send ?? ((input) => inner.send(input)),
    status: override.status ?? ((key) => inner.status(key)),
    verifyCallback: (raw, headers, now) => inner.verifyCallback(raw, headers, now),
  }
}

/**
 * Sends every payout in the outbox to a sandbox that completes it at once without a callback, and
 * asks its status: what the worker does over two passes, for tests of the order job that have no
 * app to deliver callbacks to. The due dates then count from `at`.
 */
export async function completeAllPayouts(db: Db, at: Date): Promise<void> {
  const payouts = new SandboxPayouts(db, { secret: TEST_PAYOUT_SECRET, finishAfterMs: 0, now: () => at, plan: () => ({ outcome: 'silent' }) })
  await runAllPayouts({ db, secrets: demoKeyring(), payouts, statusAfterSeconds: 0 }, at)
  await runAllPayouts({ db, secrets: demoKeyring(), payouts, statusAfterSeconds: 0 }, at)
}
