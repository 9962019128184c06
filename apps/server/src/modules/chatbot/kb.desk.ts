import { KB_LIMITS, type DataOf, type KbCategoryView, type KbQuestionView, type kbEntries, type kbGaps } from '@kilat/contract'
import { MARKETS, groupWordings, normalizeWording, type Locale, type Market } from '@kilat/domain'
import type { Db } from '../../db/client.js'
import type { Localized } from '../../db/columns.js'
import { AppError } from '../../http/errors.js'
import type { StaffPrincipal } from '../../http/types.js'
import { record } from '../audit/audit.service.js'
import type { QaEntry } from './chatbot.schema.js'
import * as repo from './kb.repo.js'

/**
 * The knowledge base in the console (docs/product/knowledge-base.md): agents edit categories,
 * questions and answers; the chatbot reads qa_entries on every message, with no cache, so an edit
 * is what every server process answers from the next message on. Each edit rebuilds the spelling
 * lexicon and writes its audit row in the same transaction.
 */

export interface KbDeps {
  db: Db
  now: () => Date
}

/** The knowledge base is one for every market: its audit rows are readable by every market's admins. */
const KB_MARKETS = [...MARKETS]

const EMPTY: Localized = { id: '', en: '', es: '' }
const action = (n: number): 0 | 4 => (n === 4 ? 4 : 0)

export function questionView(row: QaEntry): KbQuestionView {
  return {
    id: row.id,
    categoryId: row.pid,
    title: row.title,
    answer: row.answer ?? EMPTY,
    keywords: row.keywords ?? EMPTY,
    actionType: action(row.actionType),
    sort: row.sort,
    active: row.active,
  }
}

function categoryView(row: QaEntry, questions: QaEntry[]): KbCategoryView {
  return {
    id: row.id,
    title: row.title,
    alias: row.alias ?? EMPTY,
    icon: row.icon,
    actionType: action(row.actionType),
    sort: row.sort,
    active: row.active,
    questions: questions.map(questionView),
  }
}

export async function kbList(db: Db): Promise<DataOf<typeof kbEntries>> {
  const rows = await repo.allEntries(db)
  const categories = rows.filter((r) => r.kind === 'category')
  return { categories: categories.map((c) => categoryView(c, rows.filter((r) => r.kind === 'question' && r.pid === c.id))) }
}

export interface CategoryInput {
  categoryId?: number | undefined
  title: Localized
  alias: Localized
  icon: string
  actionType: 0 | 4
  active: boolean
}

export async function saveCategory(deps: KbDeps, staff: StaffPrincipal, input: CategoryInput, ip: string): Promise<KbCategoryView> {
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    await repo.lockKb(tx)
    const values = { title: input.title, alias: input.alias, icon: input.icon, actionType: input.actionType, active: input.active }
    let before: QaEntry | undefined
    let row: QaEntry
    if (input.categoryId === undefined) {
      // a staff-made entry's key is its own, never one of the seed's (`category:<key>`)
      row = await repo.insertEntry(tx, { ...values, key: `staff-category:${now.getTime()}:${Math.random().toString(36).slice(2, 10)}`, pid: 0, kind: 'category', sort: await repo.nextSort(tx, 0, 'category') })
    } else {
      before = await repo.entryById(tx, input.categoryId, true)
      if (!before || before.kind !== 'category') throw new AppError('notFound')
      row = await repo.updateEntry(tx, before.id, values)
    }
    await repo.rebuildQaLexicon(tx)
    const view = categoryView(row, [])
    await record(tx, {
      staffId: staff.staffId,
      role: staff.role,
      action: before ? 'kb.category-edit' : 'kb.category-create',
      recordType: 'kb-entry',
      recordId: row.id,
      markets: KB_MARKETS,
      before: before ? categoryView(before, []) : null,
      after: view,
      ip,
      at: now,
    })
    const all = await repo.allEntries(tx)
    return categoryView(row, all.filter((r) => r.kind === 'question' && r.pid === row.id))
  })
}

export interface QuestionInput {
  questionId?: number | undefined
  categoryId: number
  title: Localized
  answer: Localized
  keywords: Localized
  actionType: 0 | 4
  active: boolean
}

export async function saveQuestion(deps: KbDeps, staff: StaffPrincipal, input: QuestionInput, ip: string): Promise<KbQuestionView> {
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    await repo.lockKb(tx)
    const category = await repo.entryById(tx, input.categoryId)
    if (!category || category.kind !== 'category') throw new AppError('notFound')
    const values = { pid: category.id, title: input.title, answer: input.answer, keywords: input.keywords, actionType: input.actionType, active: input.active }
    let before: QaEntry | undefined
    let row: QaEntry
    if (input.questionId === undefined) {
      row = await repo.insertEntry(tx, { ...values, key: `staff-question:${now.getTime()}:${Math.random().toString(36).slice(2, 10)}`, kind: 'question', sort: await repo.nextSort(tx, category.id, 'question') })
    } else {
      before = await repo.entryById(tx, input.questionId, true)
      if (!before || before.kind !== 'question') throw new AppError('notFound')
      // moved to another category: it goes last there
      const sort = before.pid === category.id ? before.sort : await repo.nextSort(tx, category.id, 'question')
      row = await repo.updateEntry(tx, before.id, { ...values, sort })
    }
    await repo.rebuildQaLexicon(tx)
    const view = questionView(row)
    await record(tx, {
      staffId: staff.staffId,
      role: staff.role,
      action: before ? 'kb.question-edit' : 'kb.question-create',
      recordType: 'kb-entry',
      recordId: row.id,
      markets: KB_MARKETS,
      before: before ? questionView(before) : null,
      after: view,
      ip,
      at: now,
    })
    return view
  })
}

/** The market a gap call is about: the one named, if the staff member's, else their first. */
function gapMarket(staff: StaffPrincipal, market: Market | undefined): Market {
  if (market === undefined) return staff.markets[0]!
  if (!staff.markets.includes(market)) throw new AppError('staffForbidden')
  return market
}

const DAY_MS = 86_400_000

async function groupsOf(db: Db | Parameters<typeof repo.unansweredTexts>[0], market: Market, since: Date) {
  const rows = await repo.unansweredTexts(db, market, since)
  const byLocale = new Map<Locale, repo.GapRow[]>()
  for (const r of rows) byLocale.set(r.locale, [...(byLocale.get(r.locale) ?? []), r])
  return { rows, byLocale }
}

/** docs/product/knowledge-base.md#unanswered-questions */
export async function kbGapList(deps: KbDeps, staff: StaffPrincipal, query: { market?: Market | undefined; days: number }): Promise<DataOf<typeof kbGaps>> {
  const market = gapMarket(staff, query.market)
  const { byLocale } = await groupsOf(deps.db, market, new Date(deps.now().getTime() - query.days * DAY_MS))
  const groups = [...byLocale.entries()].flatMap(([locale, rows]) =>
    groupWordings(rows.map((r) => ({ text: r.value, count: r.count, lastAt: r.lastAt }))).map((g) => ({
      key: g.key,
      locale,
      text: g.text,
      count: g.count,
      examples: g.others.slice(0, KB_LIMITS.examples),
      lastAt: g.lastAt,
    })),
  )
  groups.sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  return { market, groups: groups.slice(0, KB_LIMITS.groups) }
}

/** The group's words the question does not already have, added to its keywords within their limit. */
function keywordsWith(question: QaEntry, locale: Locale, wordings: string[]): Localized {
  const keywords = { ...(question.keywords ?? EMPTY) }
  const known = new Set(normalizeWording(`${question.title[locale]} ${keywords[locale]}`).split(' '))
  let text = keywords[locale].trim()
  for (const word of wordings.flatMap((w) => normalizeWording(w).split(' '))) {
    if (word.length < 3 || known.has(word)) continue
    const next = text === '' ? word : `${text} ${word}`
    if (next.length > KB_LIMITS.keywords) break
    text = next
    known.add(word)
  }
  keywords[locale] = text
  return keywords
}

export interface GapLinkInput {
  market?: Market | undefined
  locale: Locale
  key: string
  questionId: number
  days: number
}

/**
 * Links a group of unanswered questions to a question: the group's words join the question's
 * keywords in the group's language, so the chatbot answers that wording from now on, and the
 * group's typed questions are marked linked, so the group leaves the list.
 */
export async function kbGapLink(deps: KbDeps, staff: StaffPrincipal, input: GapLinkInput, ip: string): Promise<{ question: KbQuestionView; linked: number }> {
  const market = gapMarket(staff, input.market)
  const now = deps.now()
  const since = new Date(now.getTime() - input.days * DAY_MS)
  return deps.db.transaction(async (tx) => {
    await repo.lockKb(tx)
    const question = await repo.entryById(tx, input.questionId, true)
    if (!question || question.kind !== 'question') throw new AppError('notFound')
    const { byLocale } = await groupsOf(tx, market, since)
    const rows = byLocale.get(input.locale) ?? []
    const group = groupWordings(rows.map((r) => ({ text: r.value, count: r.count, lastAt: r.lastAt }))).find((g) => g.key === input.key)
    if (!group) throw new AppError('kbGapGone')
    const wordings = [group.text, ...group.others]
    const members = new Set(wordings.map(normalizeWording))
    const lowered = [...new Set(rows.filter((r) => members.has(normalizeWording(r.value))).map((r) => r.value.toLowerCase()))]
    const linked = await repo.linkTexts(tx, market, input.locale, since, lowered, question.id)
    const row = await repo.updateEntry(tx, question.id, { keywords: keywordsWith(question, input.locale, wordings) })
    await repo.rebuildQaLexicon(tx)
    const view = questionView(row)
    await record(tx, {
      staffId: staff.staffId,
      role: staff.role,
      action: 'kb.gap-link',
      recordType: 'kb-entry',
      recordId: row.id,
      markets: [market],
      before: { keywords: question.keywords },
      after: { keywords: row.keywords, market, locale: input.locale, group: input.key, wordings, linked },
      ip,
      at: now,
    })
    return { question: view, linked }
  })
}
