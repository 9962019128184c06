import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm'
import type { Locale, Market } from '@kilat/domain'
import type { Executor } from '../../db/client.js'
import { qaEntries, qaRecords, type QaEntry } from './chatbot.schema.js'

/** The knowledge base's tables as the console edits them (docs/product/knowledge-base.md). */

export { lockKb, rebuildQaLexicon } from '../../db/qa-lexicon.js'

export function allEntries(db: Executor): Promise<QaEntry[]> {
  return db.select().from(qaEntries).orderBy(asc(qaEntries.sort), asc(qaEntries.id))
}

export async function entryById(db: Executor, id: number, forUpdate = false): Promise<QaEntry | undefined> {
  const query = db.select().from(qaEntries).where(eq(qaEntries.id, id)).limit(1)
  const [row] = forUpdate ? await query.for('update') : await query
  return row
}

/** The next sort position under `pid`: a new entry goes last. */
export async function nextSort(db: Executor, pid: number, kind: 'category' | 'question'): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${qaEntries.sort}) + 1, 0)::int` })
    .from(qaEntries)
    .where(and(eq(qaEntries.pid, pid), eq(qaEntries.kind, kind)))
  return Number(row?.n ?? 0)
}

export async function insertEntry(db: Executor, values: typeof qaEntries.$inferInsert): Promise<QaEntry> {
  const [row] = await db.insert(qaEntries).values(values).returning()
  if (!row) throw new Error('qa_entries insert returned no row')
  return row
}

export async function updateEntry(db: Executor, id: number, values: Partial<typeof qaEntries.$inferInsert>): Promise<QaEntry> {
  const [row] = await db.update(qaEntries).set(values).where(eq(qaEntries.id, id)).returning()
  if (!row) throw new Error('qa_entries update returned no row')
  return row
}

export interface GapRow {
  locale: Locale
  value: string
  count: number
  lastAt: string
}

/** How many distinct typed texts a gap list reads at most: the most typed of the period. */
const GAP_TEXTS = 5_000

/** The market's unanswered, unlinked typed questions since `since`, by text (as typed, case aside). */
export async function unansweredTexts(db: Executor, market: Market, since: Date): Promise<GapRow[]> {
  const rows = await db
    .select({
      locale: qaRecords.locale,
      value: sql<string>`min(${qaRecords.value})`,
      count: sql<number>`count(*)::int`,
      lastAt: sql<string>`max(${qaRecords.createdAt})`,
    })
    .from(qaRecords)
    .where(and(eq(qaRecords.market, market), eq(qaRecords.type, 4), eq(qaRecords.matched, false), isNull(qaRecords.linkedQaId), gte(qaRecords.createdAt, since)))
    .groupBy(qaRecords.locale, sql`lower(${qaRecords.value})`)
    .orderBy(sql`count(*) desc`)
    .limit(GAP_TEXTS)
  return rows.map((r) => ({ locale: r.locale, value: r.value, count: Number(r.count), lastAt: new Date(r.lastAt).toISOString() }))
}

/** Marks the group's typed questions as linked to the question; the number marked. */
export async function linkTexts(db: Executor, market: Market, locale: Locale, since: Date, lowered: string[], questionId: number): Promise<number> {
  if (lowered.length === 0) return 0
  const rows = await db
    .update(qaRecords)
    .set({ linkedQaId: questionId })
    .where(
      and(
        eq(qaRecords.market, market),
        eq(qaRecords.locale, locale),
        eq(qaRecords.type, 4),
        eq(qaRecords.matched, false),
        isNull(qaRecords.linkedQaId),
        gte(qaRecords.createdAt, since),
        inArray(sql`lower(${qaRecords.value})`, lowered),
      ),
    )
    .returning({ id: qaRecords.id })
  return rows.length
}
