import { LOCALES, type Market } from '@kilat/domain'
import { describe, expect, it } from 'vitest'
import { CHANNEL_TEMPLATES } from './channel-templates.js'
import { INR, MXN, RP } from './claims.js'

/** Every amount a market's page may quote, as the market groups it: the sign, then the digits. */
const AMOUNT: Record<Market, RegExp> = {
  ID: /Rp\u00a0\d{1,3}(?:\.\d{3})*(?![\d.,]\d)/gu,
  IN: /₹(?:\d{1,2},)?(?:\d\d,)*\d{1,3}(?![\d.,]\d)/gu,
  MX: /\$\d{1,3}(?:,\d{3})*(?![\d.,]\d)/gu,
}
/** Anything that starts like an amount of the market's currency, grouped well or not. */
const SIGNED: Record<Market, RegExp> = { ID: /Rp\s?\d[\d.,]*/gu, IN: /₹\s?\d[\d.,]*/gu, MX: /\$\s?\d[\d.,]*/gu }

const textsOf = (market: Market, locale: (typeof LOCALES)[number]) => {
  const copy = CHANNEL_TEMPLATES.find((t) => t.market === market)!.copy[locale]
  return [copy.title, copy.subtitle, ...copy.highlights.flatMap((h) => [h.title, h.text]), copy.riskNote].join('\n')
}

describe('channel templates', () => {
  it('write India’s and Mexico’s amounts in their market’s grouping in every language, Indonesian too', () => {
    for (const locale of LOCALES) {
      expect(textsOf('IN', locale)).toContain('₹2,000 - ₹80,000')
      expect(textsOf('IN', locale)).toContain('₹12,000')
      expect(textsOf('MX', locale)).toContain('$1,000 - $20,000')
      expect(textsOf('ID', locale)).toContain('Rp\u00a01.000.000 - Rp\u00a015.000.000')
    }
    expect(INR).toEqual({ min: '₹2,000', max: '₹80,000', salary: '₹12,000' })
    expect(MXN).toEqual({ min: '$1,000', max: '$20,000' })
    expect(RP.income).toBe('Rp\u00a05.000.000')
  })

  it('quote no amount any other way: each goes through the market’s formatter', () => {
    for (const { market } of CHANNEL_TEMPLATES) {
      for (const locale of LOCALES) {
        const text = textsOf(market, locale)
        const signed = text.match(SIGNED[market]) ?? []
        expect(signed.length).toBeGreaterThan(0)
        expect(text.match(AMOUNT[market]) ?? []).toEqual(signed.map((s) => s.replace(/[.,]$/, '')))
      }
    }
  })
})
