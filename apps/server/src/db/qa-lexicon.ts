import { sql } from 'drizzle-orm'
import type { Executor } from './client.js'

/**
 * The chatbot's spelling lexicon and the knowledge base's edit lock, here below the modules so
 * that the seed (db/seed.ts) and the chatbot module's console edits (modules/chatbot/kb.repo.ts)
 * share one rule.
 */

/**
 * Edits of the knowledge base take this lock for their transaction: each rebuilds the lexicon
 * (delete all, insert all), and two rebuilds at once would insert the same words twice.
 */
export const KB_LOCK_KEY = 7_345_023

export async function lockKb(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${KB_LOCK_KEY})`)
}

/**
 * The words of the knowledge base per language (chatbot.schema.ts qa_lexicon), from PostgreSQL's own
 * tokenizer ('simple': lower case, not stemmed), for the chatbot's spelling correction. Run after
 * every change to qa_entries, in its transaction.
 */
export async function rebuildQaLexicon(tx: Executor): Promise<void> {
  await tx.execute(sql`delete from qa_lexicon`)
  for (const locale of ['id', 'en', 'es'] as const) {
    const source = `select to_tsvector('simple', coalesce(title->>'${locale}', '') || ' ' || coalesce(keywords->>'${locale}', '') || ' ' || coalesce(answer->>'${locale}', '')) from qa_entries where active`
    await tx.execute(sql`insert into qa_lexicon (locale, word) select ${locale}, word from ts_stat(${source}) where length(word) between 3 and 40`)
  }
}

