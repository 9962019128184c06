import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERRORS, getQaList, qaRecord } from '@kilat/contract'
import type { Database } from '../../db/client.js'
import { qaRecords } from './chatbot.schema.js'
import { seedDemo } from '../../db/seed.js'
import { get, post } from '../../test/inject.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'

let app: FastifyInstance
let database: Database
const ME = { tok: 'demo-borrower' }

beforeAll(async () => {
  database = await openTestDatabase()
  await seedDemo(database.db, { sessionTtlDays: 30 })
  app = await buildTestApp(database)
  await app.ready()
})
afterAll(async () => {
  await app?.close()
  await database?.close()
})

const list = async (pid: number, query: Record<string, string> = ME) => (await get(app, getQaList.path, { ...query, pid })).json()
const ask = async (value: string, lang: 'id' | 'en' | 'es') => (await post(app, qaRecord.path, { type: 4, value }, { ...ME, lang })).json()

describe('get-qa-list', () => {
  it('lists categories, then questions, then the answer', async () => {
    const top = await list(0)
    expect(top.code).toBe('00')
    const categories = top.data.answerList
    expect(categories.length).toBeGreaterThanOrEqual(7)
    expect(categories[0]).toMatchObject({ kind: 'category', pid: 0, title_local: 'Pembayaran', title_local_alias: 'Bayar', icon: 'repayment', action_type: 0 })
    expect(categories.find((c: { icon: string }) => c.icon === 'contact').action_type).toBe(4)
    const extension = categories.find((c: { icon: string }) => c.icon === 'extension')
    const questions = (await list(extension.id, { ...ME, lang: 'es' })).data
    expect(questions.question).toBeNull()
    expect(questions.answerList[0]).toMatchObject({ kind: 'question', pid: extension.id, title_local: '¿Qué es una prórroga del préstamo?' })
    const answer = (await list(questions.answerList[0].id, { ...ME, lang: 'en' })).data
    expect(answer.question).toEqual({ id: questions.answerList[0].id, title_local: 'What is a loan extension?' })
    expect(answer.answerList[0].kind).toBe('answer')
    expect(answer.answerList[0].title_local).toMatch(/extension fee/)
  })

  it('has at least 30 questions with answers in every language', async () => {
    const top = (await list(0)).data.answerList as Array<{ id: number; action_type: number }>
    let count = 0
    for (const c of top.filter((x) => x.action_type === 0)) {
      for (const lang of ['id', 'en', 'es']) {
        const qs = (await list(c.id, { ...ME, lang })).data.answerList as Array<{ title_local: string }>
        for (const q of qs) expect(q.title_local.length).toBeGreaterThan(5)
        if (lang === 'id') count += qs.length
      }
    }
    expect(count).toBeGreaterThanOrEqual(30)
  })

  it('refuses an unknown id, bad input and no session', async () => {
    expect((await get(app, getQaList.path, { ...ME, pid: 999999 })).statusCode).toBe(404)
    expect((await get(app, getQaList.path, { ...ME, pid: 'x' })).statusCode).toBe(400)
    expect((await get(app, getQaList.path, { ...ME, pid: -1 })).statusCode).toBe(400)
    expect((await get(app, getQaList.path, { pid: 0 })).statusCode).toBe(401)
  })
})

describe('qa-record', () => {
  it('records solved and not solved against a question', async () => {
    const cat = (await list(0)).data.answerList[0]
    const q = (await list(cat.id)).data.answerList[0]
    const solved = await post(app, qaRecord.path, { type: 1, qaId: q.id, orderNo: 'K2026000005' }, ME)
    expect(solved.json()).toMatchObject({ code: '00', data: { action_type: 0, toRate: 0, answerList: [] } })
    const notSolved = await post(app, qaRecord.path, { type: 2, qaId: q.id }, { ...ME, lang: 'en' })
    expect(notSolved.json().data).toMatchObject({ action_type: 4 })
    expect(notSolved.json().data.message).toMatch(/customer service/)
    expect((await post(app, qaRecord.path, { type: 1 }, ME)).statusCode).toBe(400)
    expect((await post(app, qaRecord.path, { type: 1, qaId: cat.id }, ME)).statusCode).toBe(404)
  })

  it('rates: under 4 the thanks text, 4 and more the store prompt, 0 "Silakan pilih"', async () => {
    const low = (await post(app, qaRecord.path, { type: 3, value: '2' }, ME)).json().data
    expect(low).toMatchObject({ toRate: 0, message: 'Terima kasih atas penilaian Anda. Kami akan terus meningkatkan layanan kami.' })
    expect((await post(app, qaRecord.path, { type: 3, value: '5' }, ME)).json().data.toRate).toBe(1)
    const none = await post(app, qaRecord.path, { type: 3, value: '0' }, ME)
    expect(none.statusCode).toBe(400)
    expect(none.json()).toMatchObject({ code: String(ERRORS.ratingRequired.code), message: 'Silakan pilih' })
    expect((await post(app, qaRecord.path, { type: 3, value: '9' }, ME)).statusCode).toBe(400)
    expect((await post(app, qaRecord.path, { type: 5, value: '1' }, ME)).statusCode).toBe(400)
  })

  it('answers free text with the matching question, in each language and despite typos', async () => {
    const cases: Array<[string, 'id' | 'en' | 'es', string]> = [
      ['bagaimana cara memperpanjang pinjaman saya', 'id', 'Apa itu perpanjangan pinjaman?'],
      ['berapa denda keterlambatan', 'id', 'Bagaimana denda keterlambatan dihitung?'],
      ['kode sms tidak masuk', 'id', 'Saya tidak menerima kode SMS'],
      ['penagih mengancam keluarga saya', 'id', 'Penagih mengancam saya atau menghubungi keluarga saya'],
      ['perpanjanagn pinjamn', 'id', 'Apa itu perpanjangan pinjaman?'],
      ['How do I extend my loan?', 'en', 'What is a loan extension?'],
      ['late fee penalty', 'en', 'How are late charges calculated?'],
      ['I did not get the sms code', 'en', 'I did not receive the SMS code'],
      ['exension lon', 'en', 'What is a loan extension?'],
      ['¿Cómo pago mi préstamo?', 'es', '¿Cómo pago mi préstamo?'],
      ['cargos por atraso', 'es', '¿Cómo se calculan los cargos por atraso?'],
      ['un cobrador amenazó a mi familia', 'es', 'Un cobrador me amenazó o contactó a mi familia'],
      ['prorroga del prestamo', 'es', '¿Qué es una prórroga del préstamo?'],
      ['prorrogga prestamo', 'es', '¿Qué es una prórroga del préstamo?'],
    ]
    for (const [text, lang, expected] of cases) {
      const res = await ask(text, lang)
      expect(res.code, text).toBe('00')
      // the right question among the (at most 3) offered
      expect(res.data.answerList.map((a: { title_local: string }) => a.title_local), text).toContain(expected)
      expect(res.data.answerList[0].answer.length).toBeGreaterThan(20)
      expect(res.data.action_type).toBe(4)
    }
  })

  it('stores every typed question, unanswered ones too; empty text is refused', async () => {
    const res = await ask('zxqv wvvk', 'en')
    expect(res.data).toMatchObject({ answerList: [], action_type: 4, message: 'Sorry, I could not find an answer to that. Please contact customer service.' })
    const [row] = await database.db.select().from(qaRecords).where(eq(qaRecords.value, 'zxqv wvvk'))
    expect(row).toMatchObject({ type: 4, matched: false, locale: 'en', matchedIds: [] })
    const hostile = `'); drop table qa_entries; -- <img src=x>`
    expect((await ask(hostile, 'id')).code).toBe('00')
    expect((await database.db.select().from(qaRecords).where(eq(qaRecords.value, hostile))).length).toBe(1)
    expect((await post(app, qaRecord.path, { type: 4, value: '   ' }, ME)).statusCode).toBe(400)
    expect((await post(app, qaRecord.path, { type: 4, value: 'x'.repeat(201) }, ME)).statusCode).toBe(400)
  })
})
