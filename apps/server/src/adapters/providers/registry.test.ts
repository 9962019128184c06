import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig, type Config } from '../../config.js'
import type { Executor } from '../../db/client.js'
import { startXenditFake, type XenditFake } from '../../test/fakes/xendit.js'
import { checkProviders, checkReport } from './check.js'
import { buildProviders, describeProviders, readProviderChoice } from './registry.js'

const SECRET_KEY = 'xnd_development_registrytestkey0123456789'
const TOKEN = 'registrytesttoken0123456789'
const db = {} as Executor
const log = { warn: () => {}, info: () => {} } as unknown as Parameters<typeof buildProviders>[0]['log']
const production = (env: Record<string, string> = {}): Config => loadConfig({ NODE_ENV: 'production', PAYMENT_CALLBACK_SECRET: 'k'.repeat(40), ...env })
const build = (env: Record<string, string>) => buildProviders({ env, config: production(env), db, log })

let fake: XenditFake
beforeAll(async () => {
  fake = await startXenditFake({ callbackToken: TOKEN, secretKey: SECRET_KEY })
})
afterAll(() => fake?.close())

// docs/operations/going-live.md#providers-by-market
describe('choosing providers', () => {
  it('defaults each market to the sandbox in demo mode and tests', () => {
    const choice = readProviderChoice({}, { DEMO_MODE: true, NODE_ENV: 'development' })
    expect(describeProviders(choice)).toBe('ID: payments sandbox, payouts sandbox, sms sandbox; IN: payments sandbox, payouts sandbox, sms sandbox; MX: payments sandbox, payouts sandbox, sms sandbox')
    expect(readProviderChoice({ PAYMENTS_IN: ' Razorpay ' }, { DEMO_MODE: false, NODE_ENV: 'test' }).payments.IN).toBe('razorpay')
  })

  it('refuses the sandbox without demo mode unless asked on purpose', () => {
    expect(() => readProviderChoice({}, { DEMO_MODE: false, NODE_ENV: 'production' })).toThrow('Invalid configuration: PAYMENTS_ID is the sandbox, which moves no real money and sends no SMS: set it to xendit, or ALLOW_SANDBOX_PROVIDERS=true on purpose')
    expect(() => readProviderChoice({ PAYMENTS_ID: 'xendit', PAYMENTS_IN: 'razorpay', PAYMENTS_MX: 'conekta' }, { DEMO_MODE: false, NODE_ENV: 'production' })).toThrow('Invalid configuration: PAYOUTS_ID is the sandbox')
    expect(readProviderChoice({ ALLOW_SANDBOX_PROVIDERS: 'true' }, { DEMO_MODE: false, NODE_ENV: 'production' }).sms.MX).toBe('sandbox')
  })

  it('refuses a provider the market does not offer, naming the variable', () => {
    expect(() => readProviderChoice({ PAYMENTS_MX: 'xendit' }, { DEMO_MODE: true, NODE_ENV: 'development' })).toThrow('Invalid configuration: PAYMENTS_MX must be sandbox or conekta')
    expect(() => readProviderChoice({ SMS_IN: 'msg91' }, { DEMO_MODE: true, NODE_ENV: 'development' })).toThrow('Invalid configuration: SMS_IN must be sandbox or twilio')
  })

  it('stops at a chosen provider without its keys, naming the variable', () => {
    expect(() => build({ ALLOW_SANDBOX_PROVIDERS: 'true', PAYMENTS_ID: 'xendit' })).toThrow('Invalid configuration: XENDIT_SECRET_KEY is required when PAYMENTS_ID is xendit')
    expect(() => build({ ALLOW_SANDBOX_PROVIDERS: 'true', PAYOUTS_MX: 'stp' })).toThrow('Invalid configuration: STP_')
    expect(() => build({ ALLOW_SANDBOX_PROVIDERS: 'true', PAYMENTS_ID: 'xendit', XENDIT_SECRET_KEY: 'sk_live_nope', XENDIT_CALLBACK_TOKEN: TOKEN })).toThrow('XENDIT_SECRET_KEY must be a Xendit secret key')
    // the callback addresses live under PUBLIC_URL
    expect(() => build({ ALLOW_SANDBOX_PROVIDERS: 'true', PAYMENTS_ID: 'xendit', XENDIT_SECRET_KEY: SECRET_KEY, XENDIT_CALLBACK_TOKEN: TOKEN })).toThrow('Invalid configuration: PUBLIC_URL is required when a market uses a live provider')
  })

  it('builds one instance per provider, serving its markets', () => {
    const providers = build({ ALLOW_SANDBOX_PROVIDERS: 'true', PAYMENTS_ID: 'xendit', PAYOUTS_ID: 'xendit', XENDIT_SECRET_KEY: SECRET_KEY, XENDIT_CALLBACK_TOKEN: TOKEN, PUBLIC_URL: 'https://kilat.example.com' })
    expect(providers.payments.of('ID').name).toBe('xendit')
    expect(providers.payments.of('IN').name).toBe('sandbox')
    expect(providers.payments.of('IN')).toBe(providers.payments.of('MX'))
    expect(providers.payouts.of('ID').name).toBe('xendit')
    expect(providers.live.map((l) => [l.kind, l.provider.name, l.markets, l.callbackPath])).toEqual([
      ['payments', 'xendit', ['ID'], '/h5-api/v3/payments/callback/xendit'],
      ['payouts', 'xendit', ['ID'], '/h5-api/v3/payouts/callback/xendit'],
    ])
  })
})

// docs/operations/going-live.md#before-the-first-real-loan
describe('providers:check', () => {
  const env = (apiUrl: string, key = SECRET_KEY) => ({ ALLOW_SANDBOX_PROVIDERS: 'true', PAYMENTS_ID: 'xendit', XENDIT_SECRET_KEY: key, XENDIT_CALLBACK_TOKEN: TOKEN, XENDIT_API_URL: apiUrl, PUBLIC_URL: 'https://kilat.example.com' })

  it('says the keys work when the provider answers', async () => {
    const providers = build(env(fake.url))
    const report = checkReport(providers, await checkProviders(providers, { PUBLIC_URL: 'https://kilat.example.com' }))
    expect(report.ok).toBe(true)
    expect(report.text).toContain('payments xendit (ID): keys work; callback address not readable through its API: set it to https://kilat.example.com/h5-api/v3/payments/callback/xendit')
  })

  it('fails clearly on a refused key and on a provider out of reach', async () => {
    const refused = build(env(fake.url, 'xnd_development_notthekeyatall0123456789'))
    const one = checkReport(refused, await checkProviders(refused, { PUBLIC_URL: 'https://kilat.example.com' }))
    expect(one.ok).toBe(false)
    expect(one.text).toContain('payments xendit (ID): KEYS REFUSED')
    const away = build(env('http://127.0.0.1:9'))
    const two = checkReport(away, await checkProviders(away, { PUBLIC_URL: 'https://kilat.example.com' }))
    expect(two.ok).toBe(false)
    expect(two.text).toContain('payments xendit (ID): NOT REACHABLE')
    expect(two.text).toMatch(/providers:check: FAILED$/)
    // no key in what the operator reads
    expect(one.text + two.text).not.toContain(SECRET_KEY.slice(16))
  })
})
