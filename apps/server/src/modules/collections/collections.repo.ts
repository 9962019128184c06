import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { collectionContacts, type CollectionContact, type NewCollectionContact } from './collections.schema.js'

/** The contact log's queries (docs/product/collections.md#contact-log). */

export async function insertContact(db: Executor, row: NewCollectionContact): Promise<CollectionContact> {
  const [inserted] = await db.insert(collectionContacts).values(row).returning()
  if (!inserted) throw new Error('contact insert returned no row')
  return inserted
}

/**
 * A reminder's claim: inserted unless this installment's step was already reminded of, or the
 * borrower already had a reminder on that local day (the partial unique indexes); undefined then.
 * Whichever process's insert goes in sends the SMS; every other one gets nothing back.
 */
export async function claimReminder(db: Executor, row: NewCollectionContact): Promise<CollectionContact | undefined> {
  const [inserted] = await db.insert(collectionContacts).values(row).onConflictDoNothing().returning()
  return inserted
}

/** A reminder the SMS provider refused or failed: its line says so (the claim stays, so it is not sent again). */
export async function markReminderFailed(db: Executor, id: number, note: string): Promise<void> {
  await db.update(collectionContacts).set({ outcome: 'reminder_failed', note }).where(and(eq(collectionContacts.id, id), eq(collectionContacts.outcome, 'reminder_sent')))
}

/** An order's contact log, newest first. */
export function contactsOf(db: Executor, orderKey: number, limit = 200): Promise<CollectionContact[]> {
  return db.select().from(collectionContacts).where(eq(collectionContacts.orderKey, orderKey)).orderBy(desc(collectionContacts.id)).limit(limit)
}

/** Each order's latest line and latest promise to pay. */
export async function latestOf(db: Executor, orderKeys: number[]): Promise<{ last: Map<number, CollectionContact>; promise: Map<number, CollectionContact> }> {
  const last = new Map<number, CollectionContact>()
  const promise = new Map<number, CollectionContact>()
  if (orderKeys.length === 0) return { last, promise }
  const [lasts, promises] = await Promise.all([
    db
      .selectDistinctOn([collectionContacts.orderKey])
      .from(collectionContacts)
      .where(inArray(collectionContacts.orderKey, orderKeys))
      .orderBy(collectionContacts.orderKey, desc(collectionContacts.id)),
    db
      .selectDistinctOn([collectionContacts.orderKey])
      .from(collectionContacts)
      .where(and(inArray(collectionContacts.orderKey, orderKeys), sql`${collectionContacts.promiseDate} is not null`))
      .orderBy(collectionContacts.orderKey, desc(collectionContacts.id)),
  ])
  for (const row of lasts) last.set(row.orderKey, row)
  for (const row of promises) promise.set(row.orderKey, row)
  return { last, promise }
}
