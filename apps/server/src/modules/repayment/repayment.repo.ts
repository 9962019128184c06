import { and, desc, eq, gt, lte, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { Cents } from '@kilat/domain'
import type { Executor, Tx } from '../../db/client.js'
import { rowsOf } from '../../db/client.js'
import { jsonRowOf, rowFromJson } from '../../db/json-rows.js'
import { lockingOrder, orderColumns, orderJoin, type NewOrder, type Order } from '../orders/orders.service.js'
import { productColumns, productJoin, type Product } from '../products/products.service.js'
import { ledgerEntries, paymentAccounts, payments, type NewLedgerEntry, type NewPaymentAccount, type PaymentAccount, type PaymentPurpose } from './repayment.schema.js'
import { updateOrderInStatus } from '../orders/orders.service.js'

/** What identifies "the same account" for a borrower asking twice (the partial unique index's columns). */
export interface AccountKey {
  orderKey: number
  purpose: PaymentPurpose
  method: string
  amount: Cents
}

/** The key's columns: the partial unique index `payment_accounts_one_pending_key` over pending rows. */
const KEY_COLUMNS = {
  orderKey: paymentAccounts.orderKey,
  purpose: paymentAccounts.purpose,
  method: paymentAccounts.method,
  amount: paymentAccounts.amount,
} as const
const KEY_FIELDS = Object.keys(KEY_COLUMNS) as Array<keyof AccountKey>

/** SQL: a pending account of `key`. */
const sameKey = (key: AccountKey) => and(...KEY_FIELDS.map((field) => eq(KEY_COLUMNS[field], key[field])), eq(paymentAccounts.status, 'pending'))

/** The same, of a row already read. */
const hasKey = (row: PaymentAccount, key: AccountKey) => row.status === 'pending' && KEY_FIELDS.every((field) => row[field] === key[field])

/**
 * SQL over an order's row: its pending accounts as JSON (`[]` for none), for a statement that reads
 * the order, so that asking for the account again needs no second round trip (accounts.ts). The
 * partial unique index on the pending key serves it.
 */
export function pendingAccountsSql(order: { id: SQLWrapper }): SQL<Array<Record<string, unknown>>> {
  return sql<Array<Record<string, unknown>>>`coalesce((select json_agg(${jsonRowOf(paymentAccounts)}) from ${paymentAccounts} where ${paymentAccounts.orderKey} = ${order.id} and ${paymentAccounts.status} = 'pending'), '[]'::json)`
}

/** Of an order's pending accounts (pendingAccountsSql), the one for `key` that still takes money at `now`. */
export function pendingAccountOf(rows: readonly Record<string, unknown>[], key: AccountKey, now: Date): PaymentAccount | undefined {
  return rows.map((json) => rowFromJson(paymentAccounts, json)).find((row) => hasKey(row, key) && row.expiresAt > now)
}

/** The pending account for `key` that still takes money at `now`, if any. */
export async function findPendingAccount(db: Executor, key: AccountKey, now: Date): Promise<PaymentAccount | undefined> {
  const [row] = await db
    .select()
    .from(paymentAccounts)
    .where(and(sameKey(key), gt(paymentAccounts.expiresAt, now)))
    .limit(1)
  return row
}

/** Pending accounts for `key` whose time is over are expired: they no longer hold the key's one pending place. */
export async function expireStale(tx: Tx, key: AccountKey, now: Date): Promise<void> {
  await tx
    .update(paymentAccounts)
    .set({ status: 'expired' })
    .where(and(sameKey(key), lte(paymentAccounts.expiresAt, now)))
}

/**
 * The next account id, taken before the gateway is asked: the gateway is given it (`external_id`)
 * and sends it back with the payment, as Xendit's fixed virtual accounts do.
 */
export async function reserveAccountId(db: Executor): Promise<number> {
  const [row] = await rowsOf<{ id: string | number }>(db.execute(sql`select nextval(pg_get_serial_sequence('payment_accounts', 'id')) as id`))
  if (!row) throw new Error('no id from the payment_accounts sequence')
  return Number(row.id)
}

/** Inserts the account with its reserved id; undefined when another request's account for the same key won. */
export async function insertAccount(tx: Tx, values: NewPaymentAccount & { id: number }): Promise<PaymentAccount | undefined> {
  const [row] = await tx.insert(paymentAccounts).overridingSystemValue().values(values).onConflictDoNothing().returning()
  return row
}

/** The payment, unless the gateway's id is already recorded (its idempotency key): then undefined. */
export async function insertPayment(tx: Tx, values: typeof payments.$inferInsert): Promise<number | undefined> {
  const [row] = await tx
    .insert(payments)
    .values(values)
    .onConflictDoNothing({ target: [payments.gateway, payments.gatewayPaymentId] })
    .returning({ id: payments.id })
  return row?.id
}

/**
 * The order with its product, locked until the transaction ends: payments of one order are applied
 * one after another, each on the figures the previous one left, and the order job (which claims
 * with SKIP LOCKED) leaves the order alone meanwhile.
 */
/**
 * A payment's account with its order locked for update (and the order's product), in one
 * statement: a callback's first step. Undefined when no such account exists.
 */
export async function accountWithLockedOrder(tx: Tx, accountId: number): Promise<{ account: PaymentAccount; order: Order; product: Product } | undefined> {
  const [row] = await tx
    .select({ account: paymentAccounts, order: orderColumns, product: productColumns })
    .from(paymentAccounts)
    .innerJoin(...orderJoin(paymentAccounts.orderKey))
    .innerJoin(...productJoin(orderColumns.productId))
    .where(eq(paymentAccounts.id, accountId))
    .for('update', lockingOrder)
  return row
}

/** The order's schedule is the orders module's: one reader and one writer of it, there. */
export { periodsOf, updatePeriod } from '../orders/orders.service.js'

export async function insertLedgerEntries(tx: Tx, entries: NewLedgerEntry[]): Promise<void> {
  if (entries.length) await tx.insert(ledgerEntries).values(entries)
}

/** Writes `changes` to the locked order; the status it was read in is checked again all the same. */
export async function updateOrder(tx: Tx, orderKey: number, status: number, changes: Partial<NewOrder>): Promise<void> {
  if (!(await updateOrderInStatus(tx, orderKey, status, changes, { kind: 'gateway', reason: 'payment' }))) throw new Error(`order ${orderKey} left status ${status} while locked`)
}

/** The account took its money (even one that had expired: the gateway accepted the payment). */
export async function markAccountPaid(tx: Tx, id: number, paidAt: Date): Promise<void> {
  await tx
    .update(paymentAccounts)
    .set({ status: 'paid', paidAt })
    .where(and(eq(paymentAccounts.id, id), ne(paymentAccounts.status, 'paid')))
}

/** The borrower's accounts of an order, newest first (for tests and a later payment history). */
export async function accountsOfOrder(db: Executor, orderKey: number): Promise<PaymentAccount[]> {
  return db.select().from(paymentAccounts).where(eq(paymentAccounts.orderKey, orderKey)).orderBy(desc(paymentAccounts.id))
}

/** The latest payment of an order as JSON (see lastPaymentSql); `receivedAt` and `amount` as the database writes them. */
export interface LastPaymentJson {
  amount: number | string
  receivedAt: string
  method: string
}

/**
 * The order's latest payment in the ledger (by when the gateway says it was paid), with its account's
 * method, as SQL over an order's row: the loan-details query reads it with the order, in the same
 * round trip (docs/decisions/0008-api-performance.md). null when nothing was paid.
 */
export function lastPaymentSql(order: { id: SQLWrapper }): SQL<LastPaymentJson | null> {
  return sql<LastPaymentJson | null>`(select json_build_object('amount', ${payments.amount}, 'receivedAt', ${payments.receivedAt}, 'method', ${paymentAccounts.method}) from ${payments} inner join ${paymentAccounts} on ${paymentAccounts.id} = ${payments.paymentAccountId} where ${payments.orderKey} = ${order.id} order by ${payments.receivedAt} desc, ${payments.id} desc limit 1)`
}

/** Decodes lastPaymentSql's JSON as a select of the columns would. */
export function lastPaymentOf(json: LastPaymentJson | null): { amount: Cents; receivedAt: Date; method: string } | null {
  if (!json) return null
  return { amount: payments.amount.mapFromDriverValue(json.amount) as Cents, receivedAt: payments.receivedAt.mapFromDriverValue(json.receivedAt) as Date, method: json.method }
}
