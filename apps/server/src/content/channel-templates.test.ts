import { LOCALES, type Market } from '@kilat/domain'
import { describe, expect, it } from 'vitest'
import { CHANNEL_TEMPLATES } from './channel-templates.js'
import { KNOWLEDGE_BASE } from './knowledge-base.js'

/** Every amount a market's page may quote, as the market groups it: the sign, then the digits. */
const AMOUNT: Record<Market, RegExp> = {
  ID: /Rp\u00a0\d{1,3}(?:\.\d{3})*(?![\d.,]\d)/gu,
  IN: /₹(?:\d{1,2},)?(?:\d\d,)*\d{1,3}(?![\d.,]\d)/gu,
  MX: /\$\d{1,3}(?:,\d{3})*(?![\d.,]\d)/gu,
}
/** Anything that starts like an amount of the market's currency, grouped well or not. */
const SIGNED: Record<Market, RegExp> = { ID: /Rp\s?\d[\d.,]*/gu, IN: /₹\s?\d[\d.,]*/gu, MX: /\$\s?\d[\d.,]*/gu }

describe('the marketing claims on the landing pages and in the chatbot', () => {
  it('quote no amount any other way: each goes through the market’s formatter', () => {
    for (const { market, copy: copies } of CHANNEL_TEMPLATES) {
      for (const lng of LOCALES) {
        const copy = copies[lng]
        const text = [copy.title, copy.subtitle, ...copy.highlights.flatMap((h) => [h.title, h.text]), copy.riskNote].join('\n')
        const signed = text.match(SIGNED[market]) ?? []
        expect(signed.length).toBeGreaterThan(0)
        expect(text.match(AMOUNT[market]) ?? []).toEqual(signed.map((s) => s.replace(/[.,]$/, '')))
      }
    }
  })

  it("quote each market's amounts in its own grouping, in every language", () => {
    // \s: the sign and its amount may be joined by a no-break space.
    const quoted = { ID: [/Rp\s1\.000\.000/, /Rp\s15\.000\.000/, /Rp\s5\.000\.000/], IN: [/₹2,000/, /₹80,000/, /₹12,000/], MX: [/\$1,000/, /\$20,000/] }
    for (const template of CHANNEL_TEMPLATES) {
      for (const lng of LOCALES) {
        const copy = template.copy[lng]
        const text = [copy.title, copy.subtitle, ...copy.highlights.flatMap((h) => [h.title, h.text])].join(' | ')
        for (const amount of quoted[template.market]) expect(text, `${template.market} ${lng}`).toMatch(amount)
        expect(text).not.toMatch(/₹\d{1,3}\.\d{3}|\$\d{1,3}\.\d{3}/)
      }
    }
  })

  it('say the same users claim on every landing page of a market', () => {
    const subtitles = CHANNEL_TEMPLATES.map((t) => [t.market, t.copy.en.subtitle])
    expect(subtitles).toEqual([
      ['ID', 'Trusted by over 3 million users.'],
      ['IN', 'Trusted by over 3 million users.'],
      ['MX', 'Trusted by over 1 million users in Mexico.'],
    ])
  })

  it("give the chatbot's loan range answer in each market's grouping", () => {
    const answer = KNOWLEDGE_BASE.flatMap((c) => c.questions).find((q) => q.key === 'loan-amounts')?.answer
    expect(answer?.id).toContain('India: ₹2,000 sampai ₹80,000.')
    expect(answer?.en).toContain('Mexico: $1,000 to $20,000.')
    expect(answer?.es).toMatch(/Indonesia: de Rp\s1\.000\.000 a Rp\s15\.000\.000\./)
    const lateCharges = KNOWLEDGE_BASE.flatMap((c) => c.questions).find((q) => q.key === 'fees-late')?.answer
    for (const lng of LOCALES) expect(lateCharges?.[lng]).toMatch(/India: ₹1,000 .*₹800/)
  })
})
