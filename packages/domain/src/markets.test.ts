import { describe, expect, it } from 'vitest'
import { MARKET_INFO, localeFrom, marketFrom } from './markets.js'

describe('marketFrom', () => {
  it('isNeedPop=1 selects India, anything else Indonesia', () => {
    expect(marketFrom({ isNeedPop: '1' })).toBe('IN')
    expect(marketFrom({ isNeedPop: 1 })).toBe('IN')
    expect(marketFrom({ isNeedPop: '0' })).toBe('ID')
    expect(marketFrom({ isNeedPop: 'yes' })).toBe('ID')
    expect(marketFrom({})).toBe('ID')
  })

  it('market=MX selects Mexico, whatever isNeedPop says', () => {
    expect(marketFrom({ market: 'mx', isNeedPop: '1' })).toBe('MX')
    expect(marketFrom({ market: 'XX' })).toBe('ID')
  })
})

describe('localeFrom', () => {
  it('takes the lang parameter when we have the language', () => {
    expect(localeFrom({ lang: 'es' }, 'ID')).toBe('es')
    expect(localeFrom({ lang: 'en-US' }, 'ID')).toBe('en')
  })

  it('falls back to the market language', () => {
    expect(localeFrom({ lang: 'fr' }, 'ID')).toBe('id')
    expect(localeFrom({}, 'IN')).toBe('en')
    expect(localeFrom({}, 'MX')).toBe('es')
  })

  it('text sets: India is type 1, Indonesia type 2', () => {
    expect(MARKET_INFO.IN.textSetType).toBe(1)
    expect(MARKET_INFO.ID.textSetType).toBe(2)
  })
})
