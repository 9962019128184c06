import { and, eq, gt, sql } from 'drizzle-orm'
import { formatDateTime } from '@kilat/domain'
import type { Executor } from '../../db/client.js'
import { prepared } from '../../db/prepared.js'
import { orderColumns, orderJoin } from '../orders/orders.service.js'
import { paymentAccounts, type PaymentAccount, type PaymentAccountStatus } from './repayment.schema.js'
import { AppError } from '../../http/errors.js'
import { findMethod } from './methods/methods.js'

/** India's bank transfer: the one method whose payments a borrower names by their UTR (methods.ts). */
export const UTR_METHOD = 'BANK_TRANSFER'

/**
 * An account as the borrower sees it: paid once the gateway's payment is recorded; expired when its
 * time is over unpaid (whether or not a later request has marked it so); pending otherwise.
 */
export function accountStatusOf(account: Pick<PaymentAccount, 'status' | 'expiresAt'>, now: Date): PaymentAccountStatus {
  if (account.status === 'pending' && account.expiresAt.getTime() <= now.getTime()) return 'expired'
  return account.status
}

const accountWithOrder = prepared((db) =>
  db
    .select({ account: paymentAccounts, orderNo: orderColumns.orderNo, orderStatus: orderColumns.status })
    .from(paymentAccounts)
    .innerJoin(...orderJoin(paymentAccounts.orderKey))
    .where(and(eq(paymentAccounts.id, sql.placeholder('accountId')), eq(paymentAccounts.borrowerId, sql.placeholder('borrowerId'))))
    .limit(1)
    .prepare('borrower_payment_account'),
)

/** The borrower's own account by id, with its order's number and status; another's (or none) is not found. */
async function borrowerAccount(db: Executor, borrowerId: number, accountId: number) {
  const [row] = await accountWithOrder(db).execute({ accountId, borrowerId })
  if (!row) throw new AppError('notFound')
  return row
}

export interface AccountState {
  accountId: number
  status: PaymentAccountStatus
  orderNo: string
  orderStatus: number
  paidAt: string | null
  utr: string | null
}

/**
 * What /that polls to notice a payment without a reload (docs/product/money-rules.md#repayment):
 * one indexed read, so that polling every few seconds costs little.
 */
export async function accountState(db: Executor, borrowerId: number, accountId: number, now = new Date()): Promise<AccountState> {
  const { account, orderNo, orderStatus } = await borrowerAccount(db, borrowerId, accountId)
  return {
    accountId: account.id,
    status: accountStatusOf(account, now),
    orderNo,
    orderStatus,
    paidAt: account.paidAt ? formatDateTime(account.paidAt, account.market) : null,
    utr: account.utr,
  }
}

/**
 * India's bank transfer (docs/product/money-rules.md#repayment "UTR"): the 12-digit reference the
 * borrower's bank gave them, kept on their own pending account so that operations can match a
 * transfer that arrives without it. The same UTR again changes nothing and is no error (a retry); a
 * different one replaces it only while the account is pending. Any other method, or an account paid or expired: utrNotAccepted.
 */
export async function submitUtr(
  db: Executor,
  borrowerId: number,
  input: { orderNo: string; accountId: number; utr: string },
  now = new Date(),
): Promise<{ accountId: number; utr: string }> {
  const { account, orderNo } = await borrowerAccount(db, borrowerId, input.accountId)
  // an account of another of the borrower's orders is not this order's
  if (orderNo !== input.orderNo) throw new AppError('notFound')
  const method = findMethod(account.market, account.method)
  if (method?.code !== UTR_METHOD) throw new AppError('utrNotAccepted')
  // a retry of the same submission, even once the payment is in: nothing to change
  if (account.utr === input.utr) return { accountId: account.id, utr: input.utr }
  if (accountStatusOf(account, now) !== 'pending') throw new AppError('utrNotAccepted')
  // still pending and unexpired at the moment of writing: a payment recorded meanwhile keeps the UTR it had
  const [row] = await db
    .update(paymentAccounts)
    .set({ utr: input.utr })
    .where(and(eq(paymentAccounts.id, account.id), eq(paymentAccounts.status, 'pending'), gt(paymentAccounts.expiresAt, now)))
    .returning({ id: paymentAccounts.id })
  if (!row) throw new AppError('utrNotAccepted')
  return { accountId: account.id, utr: input.utr }
}
