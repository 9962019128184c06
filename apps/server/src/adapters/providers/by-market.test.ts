import { describe, expect, it } from 'vitest'
import { ByMarket, byMarket, providerOf } from './by-market.js'

const named = (name: string) => ({ name })

describe('ByMarket', () => {
  it('gives each market its provider, and each provider once with its markets', () => {
    const xendit = named('xendit')
    const sandbox = named('sandbox')
    const providers = ByMarket.of({ ID: xendit, IN: sandbox, MX: sandbox })
    expect(providers.of('ID')).toBe(xendit)
    expect(providers.of('MX')).toBe(sandbox)
    expect(providers.named('sandbox')).toBe(sandbox)
    expect(providers.named('razorpay')).toBeUndefined()
    expect(providers.distinct()).toEqual([
      { provider: xendit, markets: ['ID'] },
      { provider: sandbox, markets: ['IN', 'MX'] },
    ])
  })

  it('takes one provider for every market', () => {
    const only = named('sandbox')
    expect(byMarket(only).distinct()).toEqual([{ provider: only, markets: ['ID', 'IN', 'MX'] }])
    expect(providerOf(only, 'IN')).toBe(only)
    const providers = ByMarket.all(only)
    expect(byMarket(providers)).toBe(providers)
    expect(providerOf(providers, 'MX')).toBe(only)
  })

  it('refuses two different providers under one name: a stored row names its provider', () => {
    expect(() => ByMarket.of({ ID: named('xendit'), IN: named('xendit'), MX: named('sandbox') })).toThrow('two providers are named xendit')
  })

  it('takes any market list: a fourth market is one more code', () => {
    const sandbox = named('sandbox')
    const thaipay = named('thaipay')
    const providers = ByMarket.from(['ID', 'IN', 'MX', 'TH'] as const, (m) => (m === 'TH' ? thaipay : sandbox))
    expect(providers.of('TH')).toBe(thaipay)
    expect(providers.markets).toEqual(['ID', 'IN', 'MX', 'TH'])
    expect(providers.distinct()).toEqual([
      { provider: sandbox, markets: ['ID', 'IN', 'MX'] },
      { provider: thaipay, markets: ['TH'] },
    ])
  })
})
