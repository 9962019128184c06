import { and, desc, eq, gt } from 'drizzle-orm'
import type { Cents } from '@kilat/domain'
import { SANDBOX_GATEWAY, queueSandboxPayment, type SandboxPayResult } from '../../adapters/payments/sandbox-gateway.js'
import type { Executor } from '../../db/client.js'
import { paymentAccounts } from './repayment.schema.js'

/**
 * A borrower pays a sandbox account (demo and tests only). What the sandbox issued is our
 * `payment_accounts` row itself (its `gateway` is 'sandbox'): this module finds it, pending and
 * unexpired, and the sandbox queues the signed callback a real gateway would send.
 */
export async function sandboxPay(db: Executor, accountNo: string, options: { now?: Date; amount?: Cents } = {}): Promise<SandboxPayResult> {
  const now = options.now ?? new Date()
  const [account] = await db
    .select({ id: paymentAccounts.id, accountNo: paymentAccounts.accountNo, amount: paymentAccounts.amount, method: paymentAccounts.method, market: paymentAccounts.market })
    .from(paymentAccounts)
    .where(
      and(
        eq(paymentAccounts.gateway, SANDBOX_GATEWAY),
        eq(paymentAccounts.accountNo, accountNo),
        eq(paymentAccounts.status, 'pending'),
        gt(paymentAccounts.expiresAt, now),
      ),
    )
    .orderBy(desc(paymentAccounts.id))
    .limit(1)
  if (!account) return { ok: false, reason: 'unknownAccount' }
  return queueSandboxPayment(db, account, { ...options, now })
}
