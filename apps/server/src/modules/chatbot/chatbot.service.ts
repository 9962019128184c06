import { ACTION_CONTACT, QA_RECORD_TYPES, type DataOf, type QaEntry, type QaMatch, type getQaList, type qaRecord } from '@kilat/contract'
import type { Locale } from '@kilat/domain'
import type { Executor } from '../../db/client.js'
import type { Borrower } from '../auth/auth.service.js'
import { AppError } from '../../http/errors.js'
import { textsFor } from '../../i18n/index.js'
import { insertQaRecord, qaLevel, qaQuestion, searchQuestions, type QaRow } from './chatbot.repo.js'

const action = (n: number): 0 | 4 => (n === ACTION_CONTACT ? 4 : 0)

function entryOf(row: QaRow, locale: Locale): QaEntry {
  return {
    id: row.id,
    pid: row.pid,
    kind: row.kind,
    title_local: row.title[locale],
    title_local_alias: row.alias?.[locale] ?? '',
    icon: row.icon,
    action_type: action(row.actionType),
  }
}

/**
 * docs/product/complaints.md#chatbot: pid 0 lists the categories, a category's id its questions,
 * a question's id the question and its answer. An id that is neither answers notFound.
 */
export async function qaList(db: Executor, locale: Locale, pid: number): Promise<DataOf<typeof getQaList>> {
  const rows = await qaLevel(db, pid)
  if (pid === 0) return { question: null, answerList: rows.map((r) => entryOf(r, locale)) }
  const self = rows.find((r) => r.id === pid)
  if (!self) throw new AppError('notFound')
  if (self.kind === 'category') return { question: null, answerList: rows.filter((r) => r.id !== pid).map((r) => entryOf(r, locale)) }
  return {
    question: { id: self.id, title_local: self.title[locale] },
    // the answer is the question's own text field, shown as the one entry under it
    answerList: [
      { id: self.id, pid: self.id, kind: 'answer', title_local: self.answer?.[locale] ?? '', title_local_alias: '', icon: '', action_type: action(self.actionType) },
    ],
  }
}

/** Short words that carry no meaning for the search; English and Spanish have their configuration's own. */
const STOPWORDS: Record<Locale, ReadonlySet<string>> = {
  id: new Set(['saya', 'aku', 'kami', 'anda', 'bagaimana', 'gimana', 'cara', 'yang', 'apa', 'apakah', 'di', 'ke', 'dari', 'dan', 'untuk', 'bisa', 'ini', 'itu', 'ada', 'dengan', 'sudah', 'akan', 'jika', 'kalau', 'atau', 'mau', 'ingin', 'tolong', 'mohon', 'kapan', 'kenapa', 'mengapa', 'berapa', 'lagi', 'sih', 'dong', 'ya', 'tidak', 'belum']),
  en: new Set(['how', 'what', 'why', 'when', 'can', 'do', 'does', 'did', 'my', 'i', 'the', 'a', 'is', 'are', 'please', 'not']),
  es: new Set(['como', 'cómo', 'que', 'qué', 'por', 'cuando', 'cuándo', 'puedo', 'mi', 'mis', 'el', 'la', 'los', 'las', 'un', 'una', 'es', 'no', 'me', 'de', 'del', 'y']),
}

/** The words of a typed text: letters and digits of any script, lower case, at most 12 of them. */
export function wordsOf(text: string, locale: Locale): string[] {
  const words = text.normalize('NFC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
  return [...new Set(words.filter((w) => w.length >= 2 && w.length <= 40 && !STOPWORDS[locale].has(w)))].slice(0, 12)
}

/** How many questions a free-text reply offers. */
const MATCHES = 3

export interface QaRecordInput {
  type: number
  value: string
  qaId?: number | undefined
  orderNo?: string | undefined
}

/**
 * docs/product/complaints.md#chatbot-records: every record is stored, free text with the
 * questions it was answered with (none: an unanswered question for the knowledge base's editors).
 */
export async function recordQa(db: Executor, borrower: Borrower, locale: Locale, input: QaRecordInput): Promise<DataOf<typeof qaRecord>> {
  const t = textsFor(locale).chatbot
  const base = { borrowerId: borrower.id, orderNo: input.orderNo ?? null, type: input.type, value: input.value, locale, market: borrower.market }
  switch (input.type) {
    case QA_RECORD_TYPES.solved:
    case QA_RECORD_TYPES.notSolved: {
      if (input.qaId === undefined) throw new AppError('invalidRequest', { data: { fields: ['qaId'] } })
      if (!(await qaQuestion(db, input.qaId))) throw new AppError('notFound')
      await insertQaRecord(db, { ...base, qaId: input.qaId })
      const solved = input.type === QA_RECORD_TYPES.solved
      return { message: solved ? t.solved : t.notSolved, answerList: [], action_type: solved ? 0 : 4, toRate: 0 }
    }
    case QA_RECORD_TYPES.rating: {
      // docs/product/complaints.md#chatbot-records: no star chosen reads "Silakan pilih"
      if (input.value === '' || input.value === '0') throw new AppError('ratingRequired')
      if (!/^[1-5]$/.test(input.value)) throw new AppError('invalidRequest', { data: { fields: ['value'] } })
      await insertQaRecord(db, { ...base, qaId: input.qaId ?? null })
      const high = Number(input.value) >= 4
      return { message: high ? t.ratingHigh : t.ratingThanks, answerList: [], action_type: 0, toRate: high ? 1 : 0 }
    }
    default: {
      if (input.value === '') throw new AppError('invalidRequest', { data: { fields: ['value'] } })
      const hits = await searchQuestions(db, locale, wordsOf(input.value, locale), MATCHES)
      await insertQaRecord(db, { ...base, qaId: null, matchedIds: hits.map((h) => h.id), matched: hits.length > 0 })
      const answerList: QaMatch[] = hits.map((h) => ({ id: h.id, title_local: h.title, answer: h.answer, action_type: action(h.actionType) }))
      // the contact button always comes with a typed question's reply (docs/product/complaints.md#free-text)
      return { message: hits.length > 0 ? t.found : t.notFound, answerList, action_type: 4, toRate: 0 }
    }
  }
}
