import { and, asc, eq, or, sql } from 'drizzle-orm'
import type { Locale } from '@kilat/domain'
import type { Executor } from '../../db/client.js'
import { prepared } from '../../db/prepared.js'
import { qaEntries, qaRecords, type QaEntry } from './chatbot.schema.js'

export type QaRow = Pick<QaEntry, 'id' | 'pid' | 'kind' | 'title' | 'alias' | 'icon' | 'answer' | 'actionType'>

const columns = {
  id: qaEntries.id,
  pid: qaEntries.pid,
  kind: qaEntries.kind,
  title: qaEntries.title,
  alias: qaEntries.alias,
  icon: qaEntries.icon,
  answer: qaEntries.answer,
  actionType: qaEntries.actionType,
}

/**
 * One round trip for every get-qa-list: the entry `pid` names (a category or a question) and the
 * entries under it; for pid 0, the categories.
 */
const levelStatement = prepared((db) =>
  db
    .select(columns)
    .from(qaEntries)
    .where(
      and(
        eq(qaEntries.active, true),
        or(
          and(eq(qaEntries.pid, sql.placeholder('pid')), sql`(${sql.placeholder('pid')} <> 0 or ${qaEntries.kind} = 'category')`),
          eq(qaEntries.id, sql.placeholder('pid')),
        ),
      ),
    )
    .orderBy(asc(qaEntries.sort), asc(qaEntries.id))
    .prepare('qa_level'),
)

export function qaLevel(db: Executor, pid: number): Promise<QaRow[]> {
  return levelStatement(db).execute({ pid })
}

export async function qaQuestion(db: Executor, id: number): Promise<QaRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(qaEntries)
    .where(and(eq(qaEntries.id, id), eq(qaEntries.kind, 'question'), eq(qaEntries.active, true)))
    .limit(1)
  return row
}

export interface QaHit {
  id: number
  title: string
  answer: string
  actionType: number
}

/** Each language's own text-search configuration and generated column (chatbot.schema.ts qa_entries). */
const SEARCH: Record<Locale, { config: string; column: string }> = {
  id: { config: 'indonesian', column: 'search_id' },
  en: { config: 'english', column: 'search_en' },
  es: { config: 'spanish', column: 'search_es' },
}

/** Below this trigram similarity a typed word is kept as typed rather than "corrected". */
const MIN_WORD_SIMILARITY = 0.45

/**
 * docs/product/complaints.md#free-text: each typed word is replaced by the closest word of the
 * knowledge base's lexicon (pg_trgm, index-assisted `%`), the words are OR-ed into a tsquery of
 * the language's configuration, and the questions are ranked by ts_rank (question and keywords
 * weigh more than the answer). One statement, one round trip. The query is built once
 * (`materialized`): inlined, PostgreSQL built it again for every question it compared, ten times
 * the time with 33 questions and thirty with a thousand.
 */
export async function searchQuestions(db: Executor, locale: Locale, words: string[], limit: number): Promise<QaHit[]> {
  if (words.length === 0) return []
  const { config, column } = SEARCH[locale]
  // The words are letters and digits only (chatbot.service wordsOf), so one space-joined text carries them.
  const result = (await db.execute(sql`
    with typed as (select regexp_split_to_table(${words.join(' ')}, ' ') as w),
    q as materialized (
      select nullif(replace(plainto_tsquery(${sql.raw(`'${config}'`)}::regconfig, string_agg(coalesce((
        select l.word from qa_lexicon l
        where l.locale = ${locale} and l.word % t.w and similarity(l.word, t.w) >= ${MIN_WORD_SIMILARITY}
        order by l.word <-> t.w limit 1
      ), t.w), ' '))::text, ' & ', ' | '), '')::tsquery as query
      from typed t
    )
    select e.id, e.title ->> ${locale} as title, e.answer ->> ${locale} as answer, e.action_type as "actionType",
      ts_rank(e.${sql.raw(column)}, (select query from q)) as rank
    from qa_entries e
    where e.kind = 'question' and e.active and e.${sql.raw(column)} @@ (select query from q)
      and exists (select 1 from qa_entries c where c.id = e.pid and c.active)
    order by rank desc, e.sort, e.id
    limit ${limit}`)) as { rows: Array<QaHit & { rank: number }> }
  return result.rows.map((r) => ({ id: Number(r.id), title: r.title ?? '', answer: r.answer ?? '', actionType: Number(r.actionType) }))
}

export async function insertQaRecord(db: Executor, values: typeof qaRecords.$inferInsert): Promise<void> {
  await db.insert(qaRecords).values(values)
}
