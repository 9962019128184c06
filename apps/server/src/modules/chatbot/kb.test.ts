import { and, eq, inArray, like, or } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERRORS, kbEntries, kbGapLink, kbGaps, kbSaveCategory, kbSaveQuestion, qaRecord, type KbCategoryView } from '@kilat/contract'
import type { Database } from '../../db/client.js'
import { seedDemo, seedKnowledgeBase } from '../../db/seed.js'
import { post } from '../../test/inject.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'
import { auditLog } from '../audit/audit.schema.js'
import { verifyChain } from '../audit/audit.service.js'
import { emptyStaff, enrolledStaff, opsGet, opsPost, testClock, type OpsOptions } from '../staff/test-helpers.js'
import { qaEntries, qaRecords } from './chatbot.schema.js'
import { rebuildQaLexicon } from './kb.repo.js'

let app: FastifyInstance
let database: Database
const clock = testClock(new Date().toISOString())
type Staff = Awaited<ReturnType<typeof enrolledStaff>>
let agent: Staff
let agentMx: Staff
let risk: Staff
// a run's own words, so that a shared PostgreSQL's earlier runs and other files do not meet them
const RUN = `z${Date.now().toString(36)}`

beforeAll(async () => {
  database = await openTestDatabase()
  await seedDemo(database.db, { sessionTtlDays: 30 })
  app = await buildTestApp(database, { now: clock.now })
  await app.ready()
  await emptyStaff(database)
  agent = await enrolledStaff(app, database, clock, 'agent', ['ID'])
  agentMx = await enrolledStaff(app, database, clock, 'agent', ['MX'])
  risk = await enrolledStaff(app, database, clock, 'risk', ['ID'])
}, 120_000)
afterAll(async () => {
  // the knowledge base belongs to no borrower and outlives this file on a shared PostgreSQL: this file's entries go
  await database?.db.transaction(async (tx) => {
    await tx.delete(qaEntries).where(or(like(qaEntries.key, 'staff-%'), like(qaEntries.key, `test-${RUN}%`)))
    await rebuildQaLexicon(tx)
  })
  await app?.close()
  await database?.close()
})

const as = (who: Staff, extra: OpsOptions = {}): OpsOptions => ({ cookie: who.cookie, ip: who.ip, ...extra })
const L = (id: string, en: string, es: string) => ({ id, en, es })
/** A text's three fields as the call takes them (`idTitle`, `enTitle`, `esTitle`). */
const F = (name: string, v: { id: string; en: string; es: string }) => ({ [`id${name}`]: v.id, [`en${name}`]: v.en, [`es${name}`]: v.es })
const categoryBody = (c: Pick<KbCategoryView, 'title' | 'alias' | 'icon'>, extra: Record<string, unknown> = {}) => ({ ...F('Title', c.title), ...F('Alias', c.alias), icon: c.icon, ...extra })
const ask = async (value: string, lang: 'id' | 'en' | 'es', tok = 'demo-borrower') => (await post(app, qaRecord.path, { type: 4, value }, { tok, lang })).json()

async function newCategory(who = agent, extra: Record<string, unknown> = {}) {
  const res = await opsPost(app, kbSaveCategory.path, { ...F('Title', L(`Kategori ${RUN}`, `Category ${RUN}`, `Categoría ${RUN}`)), ...F('Alias', L('Uji', 'Test', 'Prueba')), icon: 'loan', ...extra }, as(who))
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.category as KbCategoryView
}

function questionBody(categoryId: number, word: string, extra: Record<string, unknown> = {}) {
  return {
    categoryId,
    ...F('Title', L(`Apa itu ${word}?`, `What is ${word}?`, `¿Qué es ${word}?`)),
    ...F('Answer', L(`Jawaban tentang ${word} untuk peminjam.`, `The answer about ${word} for borrowers.`, `La respuesta sobre ${word} para prestatarios.`)),
    ...F('Keywords', L('', '', '')),
    ...extra,
  }
}

describe('editing the knowledge base', () => {
  it('lists every category and question in every language', async () => {
    const res = await opsGet(app, kbEntries.path, as(agent))
    expect(res.statusCode).toBe(200)
    const categories = res.json().data.categories as KbCategoryView[]
    expect(categories.length).toBeGreaterThanOrEqual(7)
    const extension = categories.find((c) => c.icon === 'extension')!
    expect(extension.questions[0]!.title.en).toBe('What is a loan extension?')
    expect(extension.questions[0]!.answer.es.length).toBeGreaterThan(20)
  })

  it('a new question and an edited answer are what the chatbot answers at once, typed text included', async () => {
    const category = await newCategory()
    const word = `${RUN}quux`
    const created = await opsPost(app, kbSaveQuestion.path, questionBody(category.id, word), as(agent))
    expect(created.statusCode, created.body).toBe(200)
    const question = created.json().data.question
    expect(await ask(`what is ${word}`, 'en')).toMatchObject({ data: { answerList: [{ id: question.id, answer: `The answer about ${word} for borrowers.` }] } })
    const edited = await opsPost(
      app,
      kbSaveQuestion.path,
      questionBody(category.id, word, { questionId: question.id, ...F('Answer', L(`Jawaban baru ${word}.`, `The new answer about ${word}.`, `La nueva respuesta ${word}.`)) }),
      as(agent),
    )
    expect(edited.statusCode, edited.body).toBe(200)
    expect((await ask(`what is ${word}`, 'en')).data.answerList[0].answer).toBe(`The new answer about ${word}.`)
    // a typo of the new word is corrected by the lexicon the edit rebuilt
    expect((await ask(`${word.slice(0, -1)}x`, 'en')).data.answerList[0]?.id).toBe(question.id)
    expect((await ask(`apa itu ${word}`, 'id')).data.answerList[0].answer).toBe(`Jawaban baru ${word}.`)
    // the list of the category (get-qa-list) shows it too
    const [row] = await database.db.select().from(auditLog).where(and(eq(auditLog.action, 'kb.question-edit'), eq(auditLog.recordId, String(question.id))))
    expect(row).toMatchObject({ staffId: agent.id, recordType: 'kb-entry' })
    expect((row!.before as { answer: { en: string } }).answer.en).toBe(`The answer about ${word} for borrowers.`)
    expect((await verifyChain(database.db)).broken).toBeNull()
  })

  it('a hidden question, or one of a hidden category, is no longer answered', async () => {
    const category = await newCategory()
    const word = `${RUN}hidden`
    const question = (await opsPost(app, kbSaveQuestion.path, questionBody(category.id, word), as(agent))).json().data.question
    expect((await ask(word, 'en')).data.answerList).toHaveLength(1)
    await opsPost(app, kbSaveCategory.path, categoryBody(category, { categoryId: category.id, active: false }), as(agent))
    expect((await ask(word, 'en')).data.answerList).toHaveLength(0)
    await opsPost(app, kbSaveCategory.path, categoryBody(category, { categoryId: category.id, active: 'true' }), as(agent))
    await opsPost(app, kbSaveQuestion.path, questionBody(category.id, word, { questionId: question.id, active: 'false' }), as(agent))
    expect((await ask(word, 'en')).data.answerList).toHaveLength(0)
  })

  it('the seed writes the knowledge base once and leaves staff edits as they are', async () => {
    const key = `test-${RUN}-seeded`
    const kb = [{ key, icon: 'loan', title: L('A', 'A', 'A'), alias: L('A', 'A', 'A'), questions: [{ key: `${key}-q`, title: L(`Seed ${RUN}`, `Seed ${RUN}`, `Seed ${RUN}`), answer: L('x', 'seed answer', 'x'), keywords: L('', '', '') }] }]
    await database.db.transaction((tx) => seedKnowledgeBase(tx, kb))
    const [seeded] = await database.db.select().from(qaEntries).where(eq(qaEntries.key, `question:${key}-q`))
    const saved = await opsPost(app, kbSaveQuestion.path, { ...questionBody(seeded!.pid, `${RUN}seed`), questionId: seeded!.id }, as(agent))
    expect(saved.statusCode, saved.body).toBe(200)
    await database.db.transaction((tx) => seedKnowledgeBase(tx, kb))
    const [after] = await database.db.select().from(qaEntries).where(eq(qaEntries.key, `question:${key}-q`))
    expect(after!.answer!.en).toBe(`The answer about ${RUN}seed for borrowers.`)
    await database.db.delete(qaEntries).where(inArray(qaEntries.key, [`question:${key}-q`, `category:${key}`]))
  })

  it('refuses an unknown category or question, bad input and the wrong role', async () => {
    const category = await newCategory()
    expect((await opsPost(app, kbSaveQuestion.path, questionBody(999_999_999, 'x'), as(agent))).statusCode).toBe(404)
    const asCategory = await opsPost(app, kbSaveQuestion.path, questionBody(category.id, 'x', { questionId: category.id }), as(agent))
    expect(asCategory.json().code).toBe(ERRORS.notFound.code)
    const question = (await opsPost(app, kbSaveQuestion.path, questionBody(category.id, `${RUN}q`), as(agent))).json().data.question
    expect((await opsPost(app, kbSaveQuestion.path, questionBody(question.id, 'x'), as(agent))).statusCode).toBe(404)
    expect((await opsPost(app, kbSaveCategory.path, categoryBody(category, { categoryId: question.id }), as(agent))).statusCode).toBe(404)
    const bad = [
      {},
      questionBody(category.id, 'x', { idTitle: '' }),
      questionBody(category.id, 'x', { esTitle: undefined }),
      questionBody(category.id, 'x', { enAnswer: 'x'.repeat(2001) }),
      questionBody(category.id, 'x', { idTitle: 'a\u0000' }),
      questionBody(category.id, 'x', { idTitle: { a: 1 } }),
      questionBody(category.id, 'x', { actionType: 3 }),
      questionBody(category.id, 'x', { active: 'yes' }),
      questionBody('abc' as unknown as number, 'x'),
    ]
    for (const body of bad) {
      const res = await opsPost(app, kbSaveQuestion.path, body, as(agent))
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
    }
    expect((await opsPost(app, kbSaveCategory.path, { ...F('Title', L('a', 'b', 'c')), ...F('Alias', L('a', 'b', 'c')), icon: '<script>' }, as(agent))).statusCode).toBe(400)
    // hostile text is stored as text and answered as text
    const hostile = `<img src=x onerror=alert(1)> ${RUN}hostile'); drop table qa_entries; --`
    const stored = await opsPost(app, kbSaveQuestion.path, questionBody(category.id, `${RUN}hostile`, F('Answer', L(hostile, hostile, hostile))), as(agent))
    expect(stored.json().data.question.answer.en).toBe(hostile)
    expect((await opsGet(app, kbEntries.path, as(risk))).statusCode).toBe(403)
    expect((await opsPost(app, kbSaveQuestion.path, questionBody(category.id, 'x'), as(risk))).statusCode).toBe(403)
    expect((await opsGet(app, kbEntries.path, {})).statusCode).toBe(401)
  })
})

describe('unanswered questions', () => {
  it('are grouped by wording and counted per market, and linking a group makes the chatbot answer it', async () => {
    const w = `${RUN}pulsa`
    const k = `${RUN}kuota`
    for (const text of [`${w} ${k}?`, `${w} ${k}`, `${w.toUpperCase()} ${k}!`, `${w} ${k.slice(0, -1)}`]) {
      expect((await ask(text, 'id')).data.answerList).toHaveLength(0)
    }
    await ask(`${RUN}other ${RUN}thing`, 'id')
    await ask(`${w} ${k}`, 'id', 'demo-borrower-mx')
    const res = await opsGet(app, kbGaps.path, as(agent, { query: { market: 'ID' } }))
    expect(res.statusCode, res.body).toBe(200)
    const groups = res.json().data.groups as Array<{ key: string; locale: string; text: string; count: number; examples: string[] }>
    const group = groups.find((g) => g.key.includes(w))!
    expect(group).toMatchObject({ locale: 'id', count: 4 })
    expect(group.examples).toEqual([`${w} ${k.slice(0, -1)}`])
    expect(groups.some((g) => g.key.includes(`${RUN}other`))).toBe(true)
    // Mexico's agent sees Mexico's only
    const mx = (await opsGet(app, kbGaps.path, as(agentMx, { query: { market: 'MX' } }))).json().data.groups as Array<{ key: string; count: number }>
    expect(mx.find((g) => g.key.includes(w))?.count).toBe(1)
    expect((await opsGet(app, kbGaps.path, as(agentMx, { query: { market: 'ID' } }))).statusCode).toBe(403)

    const category = await newCategory()
    const question = (await opsPost(app, kbSaveQuestion.path, questionBody(category.id, `${RUN}topup`), as(agent))).json().data.question
    const linked = await opsPost(app, kbGapLink.path, { market: 'ID', locale: 'id', key: group.key, questionId: question.id }, as(agent))
    expect(linked.statusCode, linked.body).toBe(200)
    expect(linked.json().data.linked).toBe(4)
    expect(linked.json().data.question.keywords.id).toContain(w)
    const after = (await opsGet(app, kbGaps.path, as(agent, { query: { market: 'ID' } }))).json().data.groups as Array<{ key: string }>
    expect(after.some((g) => g.key === group.key)).toBe(false)
    expect((await ask(`${w} ${k}`, 'id')).data.answerList[0].id).toBe(question.id)
    const records = await database.db.select().from(qaRecords).where(eq(qaRecords.linkedQaId, question.id))
    expect(records).toHaveLength(4)
    // linked already: gone
    const again = await opsPost(app, kbGapLink.path, { market: 'ID', locale: 'id', key: group.key, questionId: question.id }, as(agent))
    expect(again.json().code).toBe(ERRORS.kbGapGone.code)
    expect(again.statusCode).toBe(409)
    expect((await opsPost(app, kbGapLink.path, { market: 'ID', locale: 'id', key: group.key, questionId: 999_999_999 }, as(agent))).statusCode).toBe(404)
    expect((await opsPost(app, kbGapLink.path, { market: 'ID', locale: 'xx', key: group.key, questionId: question.id }, as(agent))).statusCode).toBe(400)
    expect((await opsPost(app, kbGapLink.path, { market: 'ID', locale: 'id', questionId: question.id }, as(agent))).statusCode).toBe(400)
    expect((await opsPost(app, kbGapLink.path, { market: 'ID', locale: 'id', key: group.key, questionId: question.id }, as(risk))).statusCode).toBe(403)
  })
})
