import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Locale, Market } from '@kilat/domain'
import type { Executor } from '../../db/client.js'
import { borrowers, smsCodes, type Borrower } from './auth.schema.js'

export type SmsCode = typeof smsCodes.$inferSelect

/** Serialises sends to one number across processes for the rest of the transaction. */
export async function lockPhone(db: Executor, phone: string, purpose: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sms:${purpose}:${phone}`}, 0))`)
}

export async function latestCode(db: Executor, phone: string, purpose: string): Promise<SmsCode | undefined> {
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1)
  return row
}

export async function countCodesSince(db: Executor, phone: string, purpose: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), gt(smsCodes.createdAt, since)))
  return row?.n ?? 0
}

export async function insertCode(
  db: Executor,
  values: { phone: string; purpose: string; codeHash: string; expiresAt: Date },
): Promise<number> {
  const [row] = await db.insert(smsCodes).values(values).returning({ id: smsCodes.id })
  if (!row) throw new Error('sms code insert returned no row')
  return row.id
}

export async function deleteCode(db: Executor, id: number): Promise<void> {
  await db.delete(smsCodes).where(eq(smsCodes.id, id))
}

/** Counts a wrong code; returns the attempts now recorded, or null when the code was already dead. */
export async function recordWrongAttempt(db: Executor, id: number, maxAttempts: number): Promise<number | null> {
  const [row] = await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(and(eq(smsCodes.id, id), lt(smsCodes.attempts, maxAttempts), isNull(smsCodes.consumedAt)))
    .returning({ attempts: smsCodes.attempts })
  return row?.attempts ?? null
}

/**
 * Marks the code used. The conditions sit in the UPDATE itself, so of two logins racing with one
 * code exactly one gets the row back.
 */
export async function consumeCode(db: Executor, id: number, maxAttempts: number): Promise<boolean> {
  const rows = await db
    .update(smsCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(smsCodes.id, id),
        isNull(smsCodes.consumedAt),
        lt(smsCodes.attempts, maxAttempts),
        gt(smsCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: smsCodes.id })
  return rows.length === 1
}

/** The borrower of a phone number, created on first login with the market and language of the request. */
export async function findOrCreateBorrower(
  db: Executor,
  values: { phone: string; market: Market; locale: Locale },
): Promise<Borrower> {
  const [created] = await db.insert(borrowers).values(values).onConflictDoNothing({ target: borrowers.phone }).returning()
  if (created) return created
  const [existing] = await db.select().from(borrowers).where(eq(borrowers.phone, values.phone)).limit(1)
  if (!existing) throw new Error('borrower vanished between insert and select')
  return existing
}

/** The language a borrower chose, for what is written to them outside a request of theirs. */
export async function borrowerLocale(db: Executor, id: number): Promise<Locale | undefined> {
  const [row] = await db.select({ locale: borrowers.locale }).from(borrowers).where(eq(borrowers.id, id)).limit(1)
  return row?.locale
}

export async function isPhoneRegistered(db: Executor, phone: string): Promise<boolean> {
  const [row] = await db.select({ id: borrowers.id }).from(borrowers).where(eq(borrowers.phone, phone)).limit(1)
  return row !== undefined
}

/** The new borrower, or undefined when the number is taken (a race with another registration or a login). */
export async function insertBorrower(db: Executor, values: { phone: string; market: Market; locale: Locale }): Promise<number | undefined> {
  const [row] = await db.insert(borrowers).values(values).onConflictDoNothing({ target: borrowers.phone }).returning({ id: borrowers.id })
  return row?.id
}

/** A borrower's number and market, for staff screens (docs/product/operations.md#complaint-desk: shown masked). */
export async function borrowerForStaff(db: Executor, id: number): Promise<{ phone: string; market: Market } | undefined> {
  const [row] = await db.select({ phone: borrowers.phone, market: borrowers.market }).from(borrowers).where(eq(borrowers.id, id)).limit(1)
  return row
}
