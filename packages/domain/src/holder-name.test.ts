import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { holderNameMatches, NAME_TITLES, nameTokens } from './holder-name.js'

// docs/product/identity-and-payout-account.md#payout-account
const RUNS = { numRuns: 500 }

describe('holderNameMatches', () => {
  it('matches the same name whatever the case, accents, punctuation, spaces and titles', () => {
    expect(holderNameMatches('Budi Santoso', 'BUDI SANTOSO')).toEqual({ match: true, reason: 'exact' })
    expect(holderNameMatches('José Ángel Muñoz Pérez', 'JOSE ANGEL MUNOZ PEREZ')).toEqual({ match: true, reason: 'exact' })
    expect(holderNameMatches('María Fernanda López', 'SRA. MARIA  FERNANDA,LOPEZ')).toEqual({ match: true, reason: 'exact' })
    expect(holderNameMatches('Siti Nurhaliza', 'IBU SITI NURHALIZA')).toEqual({ match: true, reason: 'exact' })
    expect(holderNameMatches('Budi Santoso', 'Bpk. Budi Santoso')).toEqual({ match: true, reason: 'exact' })
    expect(holderNameMatches('H. Ahmad Fauzi', 'AHMAD FAUZI')).toEqual({ match: true, reason: 'exact' })
    expect(holderNameMatches('Priya Sharma', 'Smt Priya Sharma')).toEqual({ match: true, reason: 'exact' })
    expect(holderNameMatches('Rahul Verma', 'MR. RAHUL VERMA')).toEqual({ match: true, reason: 'exact' })
    expect(holderNameMatches('Doña Guadalupe Ramírez', 'GUADALUPE RAMIREZ')).toEqual({ match: true, reason: 'exact' })
    expect(holderNameMatches("Sean O'Brien", 'SEAN OBRIEN')).toEqual({ match: true, reason: 'exact' })
    expect(holderNameMatches('Abdul Rahman', 'ABDULRAHMAN')).toEqual({ match: true, reason: 'exact' })
  })

  it('keeps SRI, a given name and not a title', () => {
    expect(nameTokens('Sri Mulyani')).toEqual(['SRI', 'MULYANI'])
    expect(holderNameMatches('Sri Mulyani', 'MULYANI')).toEqual({ match: false, reason: 'mismatch' })
  })

  it('matches the same words in another order', () => {
    expect(holderNameMatches('Sharma Priya', 'PRIYA SHARMA')).toEqual({ match: true, reason: 'reordered' })
    expect(holderNameMatches('Juan Carlos Hernández García', 'HERNANDEZ GARCIA JUAN CARLOS')).toEqual({ match: true, reason: 'reordered' })
  })

  it('matches a bank’s short form: initials, dropped or cut last words', () => {
    expect(holderNameMatches('Muhammad Rizky Pratama', 'MUHAMMAD R PRATAMA')).toEqual({ match: true, reason: 'abbreviated' })
    expect(holderNameMatches('Juan Carlos Hernández García', 'JUAN C HERNANDEZ G')).toEqual({ match: true, reason: 'abbreviated' })
    expect(holderNameMatches('Juan Carlos Hernández García', 'JUAN CARLOS HERNANDEZ')).toEqual({ match: true, reason: 'abbreviated' })
    // cut to 20 characters by the bank, in the middle of a word
    expect(holderNameMatches('Muhammad Rizky Pratama Putra', 'MUHAMMAD RIZKY PRATA')).toEqual({ match: true, reason: 'abbreviated' })
    // an identity with an initial, a bank with the whole word
    expect(holderNameMatches('M. Rizky Pratama', 'MUHAMMAD RIZKY PRATAMA')).toEqual({ match: true, reason: 'abbreviated' })
    expect(holderNameMatches('Venkata Ramana Reddy', 'REDDY V RAMANA')).toEqual({ match: true, reason: 'abbreviated' })
  })

  it('matches a one-word name by its one word', () => {
    expect(holderNameMatches('Sukarno', 'BPK SUKARNO')).toEqual({ match: true, reason: 'exact' })
    expect(holderNameMatches('Sukarno', 'S')).toEqual({ match: false, reason: 'mismatch' })
    expect(holderNameMatches('Sukarno', 'SUKARNO HATTA')).toEqual({ match: false, reason: 'mismatch' })
  })

  it('refuses another person: a different word, too few whole words, a cut that is not at the end', () => {
    expect(holderNameMatches('Budi Santoso', 'BUDI SANTOSA')).toEqual({ match: false, reason: 'mismatch' })
    expect(holderNameMatches('Budi Santoso', 'ANDI SANTOSO')).toEqual({ match: false, reason: 'mismatch' })
    expect(holderNameMatches('Budi Santoso Wijaya', 'BUDI SANTOSO WIJAYA PUTRA')).toEqual({ match: false, reason: 'mismatch' })
    expect(holderNameMatches('Budi Santoso', 'BUDI S')).toEqual({ match: false, reason: 'mismatch' })
    expect(holderNameMatches('Budi Santoso', 'B SANTOSO')).toEqual({ match: false, reason: 'mismatch' })
    expect(holderNameMatches('Budi Santoso Wijaya', 'BUDI')).toEqual({ match: false, reason: 'mismatch' })
    // a short holder name was not cut by the bank
    expect(holderNameMatches('Ana María Martínez', 'ANA MARIA MART')).toEqual({ match: false, reason: 'mismatch' })
    // the same identity word cannot stand for two holder words
    expect(holderNameMatches('Budi Santoso', 'BUDI BUDI SANTOSO')).toEqual({ match: false, reason: 'mismatch' })
  })

  it('refuses empty, title-only against a name, and overly long input', () => {
    expect(holderNameMatches('Budi Santoso', '')).toEqual({ match: false, reason: 'mismatch' })
    expect(holderNameMatches('', 'BUDI SANTOSO')).toEqual({ match: false, reason: 'mismatch' })
    expect(holderNameMatches(' . , ', ' - ')).toEqual({ match: false, reason: 'mismatch' })
    expect(holderNameMatches('Budi Santoso', 'BAPAK')).toEqual({ match: false, reason: 'mismatch' })
    expect(holderNameMatches('Budi Santoso', `BUDI SANTOSO ${'X'.repeat(300)}`)).toEqual({ match: false, reason: 'mismatch' })
  })
})

// ─── Properties ──────────────────────────────────────────────────────────────────────────────

const LETTERS = 'ABCDEFGHIJKLMNOPRSTUWYZ'
/** A name word of 3 to 9 letters that is not a title. */
const word = fc
  .array(fc.constantFrom(...LETTERS), { minLength: 3, maxLength: 9 })
  .map((cs) => cs.join(''))
  .filter((w) => !NAME_TITLES.has(w))
/** A name of 2 to 4 different words. */
const name = fc.uniqueArray(word, { minLength: 2, maxLength: 4 })
const titles = [...NAME_TITLES]

const ACCENTED: Record<string, string> = { A: 'Á', E: 'É', I: 'Í', O: 'Ó', U: 'Ú', N: 'Ñ', C: 'Ç' }
/** The same word as a person might type it: mixed case, accents on some letters. */
function disguise(w: string, seed: number): string {
  return [...w]
    .map((c, i) => {
      const bit = (seed >> i % 16) & 3
      const accented = bit === 1 && ACCENTED[c] ? ACCENTED[c] : c
      return bit === 2 ? accented.toLowerCase() : accented
    })
    .join('')
}

describe('holderNameMatches (properties)', () => {
  it('is unchanged by reordering words, inserted titles, case, accents and punctuation', () => {
    fc.assert(
      fc.property(
        name,
        fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
        fc.array(fc.tuple(fc.constantFrom(...titles), fc.nat({ max: 5 })), { maxLength: 3 }),
        fc.nat(),
        fc.constantFrom(' ', '  ', ', ', '. ', ' - '),
        (words, order, inserted, seed, separator) => {
          const identity = words.join(' ')
          expect(holderNameMatches(identity, identity)).toEqual({ match: true, reason: 'exact' })
          const shuffled = words.map((w, i) => [w, order[i] ?? 0] as const).sort((a, b) => a[1] - b[1]).map(([w]) => disguise(w, seed))
          for (const [title, at] of inserted) shuffled.splice(Math.min(at, shuffled.length), 0, title.toLowerCase() + '.')
          const holder = shuffled.join(separator)
          const result = holderNameMatches(identity, holder)
          expect(result.match).toBe(true)
          expect(['exact', 'reordered']).toContain(result.reason)
          // and the other way round
          expect(holderNameMatches(holder, identity).match).toBe(true)
        },
      ),
      RUNS,
    )
  })

  it('still matches with middle words as initials or left out, and at least two whole words', () => {
    fc.assert(
      fc.property(fc.uniqueArray(word, { minLength: 3, maxLength: 5 }), fc.array(fc.constantFrom('keep', 'initial', 'drop'), { minLength: 5, maxLength: 5 }), (words, fate) => {
        const holder = words.flatMap((w, i) => {
          if (i === 0 || i === words.length - 1) return [w]
          const f = fate[i]
          return f === 'initial' ? [w[0]!] : f === 'drop' ? [] : [w]
        })
        const result = holderNameMatches(words.join(' '), holder.join(' '))
        expect(result.match).toBe(true)
      }),
      RUNS,
    )
  })

  it('does not match when one word is replaced by a different one', () => {
    fc.assert(
      fc.property(name, word, fc.nat(), fc.array(fc.nat(), { minLength: 4, maxLength: 4 }), (words, other, index, order) => {
        fc.pre(!words.some((w) => w.startsWith(other) || w === other))
        const replaced = [...words]
        replaced[index % words.length] = other
        const shuffled = replaced.map((w, i) => [w, order[i] ?? 0] as const).sort((a, b) => a[1] - b[1]).map(([w]) => w)
        expect(holderNameMatches(words.join(' '), replaced.join(' '))).toEqual({ match: false, reason: 'mismatch' })
        expect(holderNameMatches(words.join(' '), shuffled.join(' '))).toEqual({ match: false, reason: 'mismatch' })
      }),
      RUNS,
    )
  })

  it('never throws, and says a reason of its list', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.string({ maxLength: 80 }), (a, b) => {
        const result = holderNameMatches(a, b)
        expect(['exact', 'reordered', 'abbreviated', 'mismatch']).toContain(result.reason)
        expect(result.match).toBe(result.reason !== 'mismatch')
      }),
      RUNS,
    )
  })
})
