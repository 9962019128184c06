import { sql } from 'drizzle-orm'
import { bigint, boolean, check, customType, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { Locale, Market } from '@kilat/domain'
import { id, createdAt, type Localized } from '../../db/columns.js'
import { borrowers } from '../auth/auth.schema.js'

/** PostgreSQL's tsvector, for the knowledge base's generated search columns. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

export type QaKind = 'category' | 'question'

/**
 * The chatbot's knowledge base (docs/product/complaints.md#knowledge-base): categories (pid 0) and
 * their questions, each question with its answer and search keywords in every language. The
 * search columns are generated with each language's own text-search configuration: question and
 * keywords weigh more (A) than the answer (B).
 */
const searchVector = (config: 'indonesian' | 'english' | 'spanish', locale: Locale) =>
  sql.raw(
    `setweight(to_tsvector('${config}'::regconfig, coalesce(title->>'${locale}', '') || ' ' || coalesce(keywords->>'${locale}', '')), 'A')` +
      ` || setweight(to_tsvector('${config}'::regconfig, coalesce(answer->>'${locale}', '')), 'B')`,
  )

export const qaEntries = pgTable(
  'qa_entries',
  {
    id: id(),
    /** Stable seed key, so the seed can rewrite an entry in place. */
    key: text('key').notNull(),
    /** 0 for a category; else the category's id. */
    pid: bigint('pid', { mode: 'number' }).notNull().default(0),
    kind: text('kind').$type<QaKind>().notNull(),
    title: jsonb('title').$type<Localized>().notNull(),
    /** A category's short name under its icon. */
    alias: jsonb('alias').$type<Localized>(),
    icon: text('icon').notNull().default(''),
    /** A question's answer. */
    answer: jsonb('answer').$type<Localized>(),
    /** Words borrowers use for it that the question does not say. */
    keywords: jsonb('keywords').$type<Localized>(),
    /** 4: go to customer service. */
    actionType: integer('action_type').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    searchId: tsvector('search_id').generatedAlwaysAs(searchVector('indonesian', 'id')),
    searchEn: tsvector('search_en').generatedAlwaysAs(searchVector('english', 'en')),
    searchEs: tsvector('search_es').generatedAlwaysAs(searchVector('spanish', 'es')),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('qa_entries_key_key').on(t.key),
    index('qa_entries_pid_sort_idx').on(t.pid, t.sort),
    index('qa_entries_search_id_idx').using('gin', t.searchId),
    index('qa_entries_search_en_idx').using('gin', t.searchEn),
    index('qa_entries_search_es_idx').using('gin', t.searchEs),
    check('qa_entries_kind_check', sql`${t.kind} in ('category', 'question')`),
    check('qa_entries_action_type_check', sql`${t.actionType} in (0, 4)`),
  ],
)

/**
 * The words of the knowledge base per language (pg_trgm's "words" table for spelling
 * correction): a typed word that is not here is replaced by its closest trigram match before the
 * full-text search. Rebuilt from qa_entries whenever the knowledge base changes.
 */
export const qaLexicon = pgTable(
  'qa_lexicon',
  {
    locale: text('locale').$type<Locale>().notNull(),
    word: text('word').notNull(),
  },
  (t) => [primaryKey({ columns: [t.locale, t.word] }), index('qa_lexicon_word_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
)

/**
 * What borrowers tell the chatbot (docs/product/complaints.md#chatbot-records): solved / not
 * solved (qa_id: the question), a rating, or free text with the questions it was answered with,
 * so that unanswered questions can be found (`matched` = false).
 */
export const qaRecords = pgTable(
  'qa_records',
  {
    id: id(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    orderNo: text('order_no'),
    type: integer('type').notNull(),
    value: text('value').notNull().default(''),
    qaId: bigint('qa_id', { mode: 'number' }),
    locale: text('locale').$type<Locale>().notNull(),
    matchedIds: jsonb('matched_ids').$type<number[]>().notNull().default([]),
    matched: boolean('matched'),
    /** kb: the borrower's market, so that each market's agents see their own unanswered questions. */
    market: text('market').$type<Market>(),
    /** kb: the question an agent linked this unanswered question to (docs/product/knowledge-base.md#unanswered-questions). */
    linkedQaId: bigint('linked_qa_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('qa_records_gaps_idx').on(t.market, t.createdAt).where(sql`${t.type} = 4 and ${t.matched} = false and ${t.linkedQaId} is null`),
    index('qa_records_type_matched_created_idx').on(t.type, t.matched, t.createdAt),
    index('qa_records_borrower_created_idx').on(t.borrowerId, t.createdAt),
    check('qa_records_type_check', sql`${t.type} between 1 and 4`),
  ],
)

export type QaEntry = typeof qaEntries.$inferSelect
export type NewQaEntry = typeof qaEntries.$inferInsert
export type QaRecord = typeof qaRecords.$inferSelect
