import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { groupWordings, normalizeWording, trigramsOf, wordingSimilarity, type TypedWording } from './wording-groups.js'

const at = '2026-03-02T08:00:00.000Z'
const w = (text: string, count = 1, lastAt = at): TypedWording => ({ text, count, lastAt })

describe('normalizeWording', () => {
  it('drops case, accents and punctuation', () => {
    expect(normalizeWording('¿Cómo  PAGO mi préstamo?')).toBe('como pago mi prestamo')
    expect(normalizeWording('  kode-OTP!!  ')).toBe('kode otp')
    expect(normalizeWording('?!')).toBe('')
  })
})

describe('wordingSimilarity', () => {
  it('is 1 for the same words and 0 for nothing shared', () => {
    expect(wordingSimilarity(trigramsOf('bunga pinjaman'), trigramsOf('bunga pinjaman'))).toBe(1)
    expect(wordingSimilarity(trigramsOf('abc'), trigramsOf('xyz'))).toBe(0)
  })
  it('matches pg_trgm on a known pair', () => {
    // select similarity('word', 'words') = 0.5714286 in PostgreSQL
    expect(wordingSimilarity(trigramsOf('word'), trigramsOf('words'))).toBeCloseTo(4 / 7, 6)
  })
})

describe('groupWordings', () => {
  it('puts typos and reworded spellings together and counts them', () => {
    const groups = groupWordings([
      w('kapan uang saya cair', 3),
      w('Kapan uang saya cair?', 2, '2026-03-03T08:00:00.000Z'),
      w('kapan uangnya cair', 1),
      w('apakah bisa bayar pakai pulsa', 2),
      w('bisa bayar pakai pulsa?', 1),
    ])
    expect(groups.map((g) => [g.key, g.count])).toEqual([
      ['kapan uang saya cair', 6],
      ['apakah bisa bayar pakai pulsa', 3],
    ])
    expect(groups[0]!.text).toBe('kapan uang saya cair')
    expect(groups[0]!.others).toEqual(['kapan uangnya cair'])
    expect(groups[0]!.lastAt).toBe('2026-03-03T08:00:00.000Z')
  })

  it('leaves out empty wordings', () => {
    expect(groupWordings([w('?!'), w('   ')])).toEqual([])
  })

  const wordings = fc.array(
    fc.record({
      text: fc.stringMatching(/^[a-zA-Z ?]{0,20}$/),
      count: fc.integer({ min: 1, max: 50 }),
      lastAt: fc.constantFrom(at, '2026-03-01T00:00:00.000Z'),
    }),
    { maxLength: 30 },
  )

  it('keeps every typed question in exactly one group', () => {
    fc.assert(
      fc.property(wordings, (items) => {
        const groups = groupWordings(items)
        const typed = items.filter((i) => normalizeWording(i.text) !== '').reduce((n, i) => n + i.count, 0)
        expect(groups.reduce((n, g) => n + g.count, 0)).toBe(typed)
        expect(new Set(groups.map((g) => g.key)).size).toBe(groups.length)
      }),
    )
  })

  it('does not depend on the order of its input', () => {
    fc.assert(
      fc.property(wordings, fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })), (items, random) => {
        const shuffled = [...items].map((i) => ({ i, r: random.next().value })).sort((a, b) => a.r - b.r).map((x) => x.i)
        expect(groupWordings(shuffled)).toEqual(groupWordings(items))
      }),
    )
  })

  it('lists the most typed group first', () => {
    fc.assert(
      fc.property(wordings, (items) => {
        const counts = groupWordings(items).map((g) => g.count)
        expect(counts).toEqual([...counts].sort((a, b) => b - a))
      }),
    )
  })
})
