import { describe, expect, it } from 'vitest'
import { MARKETS } from '@kilat/domain'
import { loadConfig } from '../../config.js'
import type { Executor } from '../../db/client.js'
import type { PaymentGateway } from '../payments/payment-gateway.js'
import type { CheckableProvider } from './provider-http.js'
import { CALLBACK_ROOTS, PROVIDERS, PROVIDER_KINDS, callbackPathOf, optionsOf, servesMarket, type ProviderEntry } from './providers.js'
import { PROVIDER_OPTIONS, buildProviders, describeProviders, readProviderChoice } from './registry.js'

const db = {} as Executor
const log = { warn: () => {}, info: () => {} } as unknown as Parameters<typeof buildProviders>[0]['log']
const testConfig = (env: Record<string, string> = {}) => loadConfig({ NODE_ENV: 'test', ...env })

// docs/decisions/0022-live-providers.md#the-providers-table
describe('the providers table', () => {
  it('names each provider once, in lower case, the sandbox first, each serving a kind', () => {
    const names = PROVIDERS.map((e) => e.name)
    expect(new Set(names).size).toBe(names.length)
    for (const name of names) expect(name).toMatch(/^[a-z][a-z0-9]*$/)
    expect(PROVIDERS[0]).toMatchObject({ name: 'sandbox', sandbox: true, markets: 'every', settings: null })
    for (const e of PROVIDERS) {
      expect(PROVIDER_KINDS.some((k) => e[k] !== undefined), e.name).toBe(true)
      // a live provider has keys to set, the sandbox none
      expect(e.settings === null, e.name).toBe(e.sandbox === true)
      if (e.settings) expect(e.settings.variables.length, e.name).toBeGreaterThan(0)
    }
  })

  it('serves markets we have, each what it served before the table', () => {
    const served = Object.fromEntries(PROVIDERS.map((e) => [e.name, [e.markets, PROVIDER_KINDS.filter((k) => e[k] !== undefined)]]))
    expect(served).toEqual({
      sandbox: ['every', ['payments', 'payouts', 'sms']],
      xendit: [['ID'], ['payments', 'payouts']],
      razorpay: [['IN'], ['payments']],
      razorpayx: [['IN'], ['payouts']],
      conekta: [['MX'], ['payments']],
      stp: [['MX'], ['payouts']],
      twilio: [['ID', 'IN', 'MX'], ['sms']],
    })
    for (const e of PROVIDERS) if (e.markets !== 'every') for (const m of e.markets) expect(MARKETS).toContain(m)
  })

  it('gives every market each kind: the sandbox and a live provider', () => {
    expect(PROVIDER_OPTIONS).toEqual({
      payments: { ID: ['sandbox', 'xendit'], IN: ['sandbox', 'razorpay'], MX: ['sandbox', 'conekta'] },
      payouts: { ID: ['sandbox', 'xendit'], IN: ['sandbox', 'razorpayx'], MX: ['sandbox', 'stp'] },
      sms: { ID: ['sandbox', 'twilio'], IN: ['sandbox', 'twilio'], MX: ['sandbox', 'twilio'] },
    })
    for (const kind of PROVIDER_KINDS) {
      for (const market of MARKETS) {
        const options = optionsOf(kind, market)
        expect(options[0], `${kind} ${market}`).toBe('sandbox')
        expect(options.length, `${kind} ${market} has a live provider`).toBeGreaterThan(1)
      }
    }
  })

  it('has unique callback paths, each under its kind root by the provider name (the sandbox at the root)', () => {
    const paths = PROVIDERS.flatMap((e) => PROVIDER_KINDS.flatMap((k) => (e[k]?.callbackPath ? [e[k]!.callbackPath!] : [])))
    expect(new Set(paths).size).toBe(paths.length)
    for (const e of PROVIDERS) {
      for (const k of PROVIDER_KINDS) {
        const serves = e[k]
        if (!serves) continue
        if (e.sandbox) expect(serves.callbackPath === null || serves.callbackPath === CALLBACK_ROOTS[k], `${k} ${e.name}`).toBe(true)
        else expect(serves.callbackPath, `${k} ${e.name}`).toBe(`${CALLBACK_ROOTS[k]}/${e.name}`)
      }
    }
    expect(paths).toEqual([
      '/h5-api/v3/payments/callback',
      '/h5-api/v3/payouts/callback',
      '/h5-api/v3/payments/callback/xendit',
      '/h5-api/v3/payouts/callback/xendit',
      '/h5-api/v3/payments/callback/razorpay',
      '/h5-api/v3/payouts/callback/razorpayx',
      '/h5-api/v3/payments/callback/conekta',
      '/h5-api/v3/payouts/callback/stp',
      '/h5-api/v3/sms/status/twilio',
    ])
  })

  it('answers the modules where each provider gets its callbacks', () => {
    expect(callbackPathOf('payments', 'sandbox')).toBe('/h5-api/v3/payments/callback')
    expect(callbackPathOf('payouts', 'sandbox')).toBe('/h5-api/v3/payouts/callback')
    expect(callbackPathOf('payments', 'xendit')).toBe('/h5-api/v3/payments/callback/xendit')
    expect(callbackPathOf('payouts', 'razorpayx')).toBe('/h5-api/v3/payouts/callback/razorpayx')
    expect(callbackPathOf('sms', 'twilio')).toBe('/h5-api/v3/sms/status/twilio')
    expect(callbackPathOf('sms', 'sandbox')).toBeNull()
    // a test's double, not in the table: the table's rule
    expect(callbackPathOf('payments', 'cardless')).toBe('/h5-api/v3/payments/callback/cardless')
  })
})

/**
 * A made-up fourth market, Thailand ('TH'), which packages/domain does not have: the registry is
 * given the market list, and the table rows. Nothing else changes.
 */
describe('a fourth market is rows of the table', () => {
  const markets = [...MARKETS, 'TH'] as const

  it('builds payments, payouts and SMS for it with the sandboxes, from the table as it is', () => {
    const providers = buildProviders({ env: {}, config: testConfig(), db, log, markets })
    for (const kind of ['payments', 'payouts'] as const) {
      expect(providers[kind].of('TH').name).toBe('sandbox')
      // one sandbox for every market: a stored row names it
      expect(providers[kind].of('TH')).toBe(providers[kind].of('ID'))
      expect(providers[kind].distinct()).toEqual([{ provider: providers[kind].of('ID'), markets: ['ID', 'IN', 'MX', 'TH'] }])
    }
    expect(providers.sms.senders.of('TH').name).toBe('sandbox')
    expect(providers.choice.payouts.TH).toBe('sandbox')
    expect(describeProviders(providers.choice)).toContain('TH: payments sandbox, payouts sandbox, sms sandbox')
    expect(providers.live).toEqual([])
    // its variables are the rule's: PAYMENTS_TH, …
    expect(() => readProviderChoice({ PAYMENTS_TH: 'xendit' }, { DEMO_MODE: true, NODE_ENV: 'development' }, { markets })).toThrow('Invalid configuration: PAYMENTS_TH must be sandbox')
    expect(() => readProviderChoice({}, { DEMO_MODE: false, NODE_ENV: 'production' }, { markets: ['TH'] })).toThrow('Invalid configuration: PAYMENTS_TH is the sandbox')
  })

  it("takes its own live provider from one more row: its keys, its markets, its callback", () => {
    const thaipay: ProviderEntry<{ key: string }> = {
      name: 'thaipay',
      markets: ['TH'],
      settings: { variables: [{ name: 'THAIPAY_KEY', description: 'the key', secret: true }], read: (env) => (env.THAIPAY_KEY ? { key: env.THAIPAY_KEY } : null) },
      payments: {
        callbackPath: '/h5-api/v3/payments/callback/thaipay',
        build: (settings) => {
          const check: CheckableProvider['check'] = async () => ({ provider: 'thaipay', keys: settings.key === 'k' ? 'ok' : 'refused', callback: 'unknown', detail: '' })
          return { name: 'thaipay', check } as unknown as PaymentGateway
        },
      },
    }
    const table = [...PROVIDERS, thaipay as unknown as ProviderEntry]
    expect(servesMarket(thaipay as unknown as ProviderEntry, 'ID')).toBe(false)
    expect(optionsOf('payments', 'TH', table)).toEqual(['sandbox', 'thaipay'])
    expect(optionsOf('payments', 'ID', table)).toEqual(['sandbox', 'xendit'])
    const build = (env: Record<string, string>) => buildProviders({ env, config: testConfig(env), db, log, markets, table })
    expect(() => build({ PAYMENTS_TH: 'thaipay' })).toThrow('Invalid configuration: THAIPAY_KEY is required when PAYMENTS_TH is thaipay')
    expect(() => build({ PAYMENTS_ID: 'thaipay', THAIPAY_KEY: 'k' })).toThrow('Invalid configuration: PAYMENTS_ID must be sandbox or xendit')
    const providers = build({ PAYMENTS_TH: 'thaipay', THAIPAY_KEY: 'k', PUBLIC_URL: 'https://kilat.example.com' })
    expect(providers.payments.of('TH').name).toBe('thaipay')
    expect(providers.payments.of('ID').name).toBe('sandbox')
    expect(providers.live.map((l) => [l.kind, l.provider.name, l.markets, l.callbackPath])).toEqual([['payments', 'thaipay', ['TH'], '/h5-api/v3/payments/callback/thaipay']])
    expect(callbackPathOf('payments', 'thaipay', table)).toBe('/h5-api/v3/payments/callback/thaipay')
  })

  it('refuses a row whose instance carries another name than the row', () => {
    const misnamed: ProviderEntry = { name: 'thaipay', markets: ['TH'], settings: null, payments: { callbackPath: '/x', build: () => ({ name: 'other' }) as unknown as PaymentGateway } }
    expect(() => buildProviders({ env: { PAYMENTS_TH: 'thaipay' }, config: testConfig(), db, log, markets, table: [...PROVIDERS, misnamed] })).toThrow("the providers table's thaipay built a payments provider named other")
  })
})
