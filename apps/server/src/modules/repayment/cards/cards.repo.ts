import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import type { Keyring } from '../../../adapters/secrets/secret-box.js'
import type { Executor, Tx } from '../../../db/client.js'
import { rowsOf } from '../../../db/client.js'
import { orderColumns, orderJoin } from '../../orders/orders.service.js'
import { bankCards, paymentAccounts, repayRecords, repayTokens, type BankCard, type NewBankCard, type PaymentAccount, type RepayRecord } from '../repayment.schema.js'
import { cardTokenLookups, sealCardToken } from './card-secrets.js'

/** The borrower's cards, oldest first (the first bound is the one the page selects). */
export function cardsOf(db: Executor, borrowerId: number): Promise<BankCard[]> {
  return db.select().from(bankCards).where(eq(bankCards.borrowerId, borrowerId)).orderBy(asc(bankCards.id))
}

/** The card, only when it is the borrower's. */
export async function borrowerCard(db: Executor, borrowerId: number, cardId: number): Promise<BankCard | undefined> {
  const [row] = await db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.id, cardId), eq(bankCards.borrowerId, borrowerId)))
    .limit(1)
  return row
}

export async function countCards(db: Executor, borrowerId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(bankCards).where(eq(bankCards.borrowerId, borrowerId))
  return row?.n ?? 0
}

/** The id a new card will have, taken before the insert: its token is sealed with it. */
async function reserveCardId(db: Executor): Promise<number> {
  const [row] = await rowsOf<{ id: string | number }>(db.execute(sql`select nextval(pg_get_serial_sequence('bank_cards', 'id')) as id`))
  if (!row) throw new Error('no id from the bank_cards sequence')
  return Number(row.id)
}

/** The card of that gateway holding that token, under any listed key's lookup. */
export async function cardWithToken(db: Executor, gateway: string, token: string, keyring: Keyring): Promise<number | undefined> {
  const [row] = await db
    .select({ id: bankCards.id })
    .from(bankCards)
    .where(and(eq(bankCards.gateway, gateway), inArray(bankCards.cardTokenLookup, cardTokenLookups(token, keyring))))
    .limit(1)
  return row?.id
}

/**
 * Inserts a card, `card.cardToken` being the gateway's token as it came: it is stored sealed, with
 * its lookup (docs/decisions/0021-secrets-at-rest.md). A token already bound is refused here under
 * any listed key's lookup (a card bound before a rotation still carries the old key's), and by the
 * unique index when two binds race under the same key.
 */
export async function insertCard(db: Executor, card: Omit<NewBankCard, 'id' | 'cardTokenLookup'>, keyring: Keyring): Promise<BankCard> {
  if ((await cardWithToken(db, card.gateway, card.cardToken, keyring)) !== undefined) throw new CardTokenTaken()
  const id = await reserveCardId(db)
  const [row] = await db
    .insert(bankCards)
    .overridingSystemValue()
    .values({ ...card, id, ...sealCardToken(card.cardToken, keyring, id) })
    .returning()
  if (!row) throw new Error('no bank card row returned')
  return row
}

/** A card token already bound: a gateway's tokens are unique, so this is a fault, not a borrower's doing. */
export class CardTokenTaken extends Error {
  override name = 'CardTokenTaken'
  constructor() {
    super('this card token is already bound (bank_cards_gateway_token_lookup_key)')
  }
}

export async function insertToken(db: Executor, values: typeof repayTokens.$inferInsert): Promise<void> {
  await db.insert(repayTokens).values(values)
}

/** The token, when it is the borrower's for that order, unused and unexpired at `now`. */
export async function liveToken(db: Executor, tokenHash: string, borrowerId: number, orderKey: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: repayTokens.id })
    .from(repayTokens)
    .where(liveTokenWhere(tokenHash, borrowerId, orderKey, now))
    .limit(1)
  return row !== undefined
}

const liveTokenWhere = (tokenHash: string, borrowerId: number, orderKey: number, now: Date) =>
  and(
    eq(repayTokens.tokenHash, tokenHash),
    eq(repayTokens.borrowerId, borrowerId),
    eq(repayTokens.orderKey, orderKey),
    isNull(repayTokens.usedAt),
    gt(repayTokens.expiresAt, now),
  )

/** Uses the token up; of two racing uses exactly one gets true (the update is guarded by `used_at is null`). */
export async function consumeToken(db: Executor, tokenHash: string, borrowerId: number, orderKey: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(repayTokens)
    .set({ usedAt: now })
    .where(liveTokenWhere(tokenHash, borrowerId, orderKey, now))
    .returning({ id: repayTokens.id })
  return rows.length === 1
}

/** Tokens expired more than a day ago are of no use to anyone: removed when a new one is issued. */
export async function deleteOldTokens(db: Executor, before: Date): Promise<void> {
  await db.delete(repayTokens).where(sql`${repayTokens.expiresAt} < ${before}`)
}

export async function insertRecord(db: Executor, values: typeof repayRecords.$inferInsert): Promise<RepayRecord> {
  const [row] = await db.insert(repayRecords).values(values).returning()
  if (!row) throw new Error('no repay record row returned')
  return row
}

/** The record, only when it is the borrower's and of the order numbered `orderNo`. */
export async function borrowerRecord(db: Executor, borrowerId: number, recordId: number, orderNo: string): Promise<RepayRecord | undefined> {
  const [row] = await db
    .select({ record: repayRecords })
    .from(repayRecords)
    .innerJoin(...orderJoin(repayRecords.orderKey))
    .where(and(eq(repayRecords.id, recordId), eq(repayRecords.borrowerId, borrowerId), eq(orderColumns.orderNo, orderNo)))
    .limit(1)
  return row?.record
}

export async function recordStatus(db: Executor, recordId: number): Promise<RepayRecord['status'] | undefined> {
  const [row] = await db.select({ status: repayRecords.status }).from(repayRecords).where(eq(repayRecords.id, recordId)).limit(1)
  return row?.status
}

/**
 * Moves the record from pending to submitted. The update waits for any other transaction that
 * moved it, then finds it no longer pending: of any number of confirms at once, one gets true.
 */
export async function submitRecord(tx: Tx, recordId: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(repayRecords)
    .set({ status: 'submitted', submittedAt: now })
    .where(and(eq(repayRecords.id, recordId), eq(repayRecords.status, 'pending')))
    .returning({ id: repayRecords.id })
  return rows.length === 1
}

export async function linkCharge(tx: Tx, recordId: number, paymentAccountId: number): Promise<void> {
  await tx.update(repayRecords).set({ paymentAccountId }).where(eq(repayRecords.id, recordId))
}

/** A sandbox account by its number, with its order's number (the hosted page shows both). */
export async function accountByNo(db: Executor, gateway: string, accountNo: string): Promise<{ account: PaymentAccount; orderNo: string } | undefined> {
  const [row] = await db
    .select({ account: paymentAccounts, orderNo: orderColumns.orderNo })
    .from(paymentAccounts)
    .innerJoin(...orderJoin(paymentAccounts.orderKey))
    .where(and(eq(paymentAccounts.gateway, gateway), eq(paymentAccounts.accountNo, accountNo)))
    .limit(1)
  return row
}
