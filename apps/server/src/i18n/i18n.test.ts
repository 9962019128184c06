import { describe, expect, it } from 'vitest'
import { LOCALES, MARKETS, ORDER_STATUS, type Locale } from '@kilat/domain'
import { agreementContent, type AgreementFacts, type LateChargeFacts } from '../content/index.js'
import { TEXTS, count, plural } from './index.js'

describe('plural', () => {
  it.each([
    ['en', 0, '0 days'],
    ['en', 1, '1 day'],
    ['en', 2, '2 days'],
    ['es', 1, '1 día'],
    ['es', 21, '21 días'],
    ['id', 1, '1 hari'],
    ['id', 5, '5 hari'],
  ] as const)('counts %s %i as %j', (locale, n, text) => {
    expect(count(locale, n, 'days')).toBe(text)
  })

  it('falls back to the other form when a language has no form for the category', () => {
    expect(plural('en', 1, { other: '# things' })).toBe('1 things')
    expect(count('en', 1, 'minutes')).toBe('1 minute')
    expect(count('es', 3, 'installments')).toBe('3 pagos')
  })
})

/** Every leaf of a catalogue: strings by path, and functions by path with their arity. */
function leaves(value: unknown, path = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]]
  if (typeof value === 'function') return [[path, `fn/${value.length}`]]
  if (value === null) return []
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k))
}

describe('catalogues', () => {
  it('hold the same texts in every language, none of them empty', () => {
    // plural forms follow each language's categories (Indonesian has no "one"), so `counts` differs
    const paths = (locale: Locale) =>
      leaves({ ...TEXTS[locale], counts: null }).map(([p, v]) => (v.startsWith('fn/') ? `${p}:${v}` : p))
    for (const locale of LOCALES) {
      for (const forms of Object.values(TEXTS[locale].counts)) expect(forms.other).toContain('#')
      expect(paths(locale)).toEqual(paths('id'))
      for (const [path, text] of leaves(TEXTS[locale])) expect(text.trim(), `${locale} ${path}`).not.toBe('')
    }
  })

  it('give each figure its own name: no two figures share one', () => {
    for (const locale of LOCALES) {
      const names = leaves(TEXTS[locale].figures).map(([, name]) => name)
      expect(new Set(names).size, locale).toBe(names.length)
    }
  })

  it('word a banner for every status in every language', () => {
    const facts = { productName: 'P', amountDue: 'A', nextDueDate: 'D', nextAmount: 'N', overdue: 'O', penalty: 'L' }
    for (const name of Object.keys(ORDER_STATUS) as Array<keyof typeof ORDER_STATUS>) {
      const titles = LOCALES.map((l) => TEXTS[l].loan.notice[name].title)
      expect(new Set(titles).size, name).toBe(3)
      for (const l of LOCALES) expect(TEXTS[l].loan.notice[name].description(facts).length).toBeGreaterThan(0)
    }
  })
})

describe('agreements', () => {
  const late: LateChargeFacts = {
    fee: { new: 'FEE-NEW', repeat: 'FEE-REPEAT' },
    tiers: [
      { rate: 'R1', fromDay: 1, toDay: 30 },
      { rate: 'R2', fromDay: 31, toDay: null },
    ],
    cap: 'CAP',
    caps: { since: '2026-01-01', dailyCost: 'DC', lateDaily: 'LD', total: 'TOT' },
  }
  const facts = (lateCharges: string): AgreementFacts => ({
    borrowerName: null,
    phone: '+62812******90',
    productName: 'Produk',
    orderNo: null,
    principal: 'PRINCIPAL',
    fee: 'FEE',
    received: 'RECEIVED',
    interest: 'INTEREST',
    totalRepay: 'TOTAL',
    term: 'TERM',
    termDays: 120,
    dailyRate: 'RATE',
    headline: { kind: 'dailyCost', text: 'HEADLINE', value: 'HEADLINE-VALUE' },
    schedule: [{ title: 'S1', amount: 'AMOUNT', dueDate: '2027-01-01' }],
    provisional: true,
    signedOn: '2026-11-23',
    lateCharges,
    servicePhone: 'PHONE',
    caps: late.caps,
  })
  const REGULATORS = { ID: 'OJK', IN: 'RBI', MX: 'CONDUSEF' } as const

  it.each(MARKETS)('fills %s’s agreement in every language with its own disclosure and no other market’s', (market) => {
    for (const locale of LOCALES) {
      const content = agreementContent(market, locale)
      const sentence = content.lateCharges(late)
      for (const part of ['FEE-NEW', 'FEE-REPEAT', 'R1', 'R2', 'CAP']) expect(sentence, `${market} ${locale}`).toContain(part)
      const f = facts(sentence)
      const text = content.sections(f).flatMap((s) => [s.heading, ...s.paragraphs]).join('\n')
      for (const part of ['PRINCIPAL', 'FEE', 'RECEIVED', 'INTEREST', 'TOTAL', 'TERM', 'RATE', 'HEADLINE-VALUE', 'AMOUNT', 'PHONE', sentence]) {
        expect(text, `${market} ${locale} ${part}`).toContain(part)
      }
      // the disclosure on the confirmation is the agreement's own
      const disclosure = content.disclosure(f)
      expect(content.sections(f)).toContainEqual(disclosure)
      for (const [other, regulator] of Object.entries(REGULATORS)) {
        if (other === market) expect(text).toContain(regulator)
        else expect(text, `${market} ${locale} names ${regulator}`).not.toContain(regulator)
      }
      // India's terms text: 91 to 365 days, prepayment from max(⌈120 ÷ 2⌉, 7) = day 60
      expect(text.includes('365'), `${market} ${locale}`).toBe(market === 'IN')
      expect(text.includes('60'), `${market} ${locale}`).toBe(market === 'IN')
    }
  })

  it('says so when a product charges nothing for lateness', () => {
    const none: LateChargeFacts = { ...late, fee: null, tiers: [] }
    for (const market of MARKETS) for (const locale of LOCALES) expect(agreementContent(market, locale).lateCharges(none)).not.toMatch(/R1|FEE-NEW/)
    expect(agreementContent('ID', 'en').lateCharges(none)).toBe('No late charges apply to this loan.')
  })
})
