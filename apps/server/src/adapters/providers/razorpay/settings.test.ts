import { describe, expect, it } from 'vitest'
import { ConfigError } from '../../../config.js'
import { RAZORPAY_PRODUCTION_URL, RAZORPAY_VARIABLES, readRazorpaySettings } from './settings.js'

const GOOD = {
  RAZORPAY_KEY_ID: 'rzp_test_1DP5mmOlF5G5ag',
  RAZORPAY_KEY_SECRET: 'thisisatestsecretkey0001',
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-of-kilat',
  RAZORPAYX_ACCOUNT_NUMBER: '7878780080316316',
}

describe('readRazorpaySettings', () => {
  it('is null when none of its variables is set', () => {
    expect(readRazorpaySettings({})).toBeNull()
    expect(readRazorpaySettings({ RAZORPAY_KEY_ID: '  ', OTHER: 'x' })).toBeNull()
  })

  it('reads the settings, with the production URL by default', () => {
    expect(readRazorpaySettings(GOOD)).toEqual({
      keyId: GOOD.RAZORPAY_KEY_ID,
      keySecret: GOOD.RAZORPAY_KEY_SECRET,
      webhookSecret: GOOD.RAZORPAY_WEBHOOK_SECRET,
      payoutAccountNumber: GOOD.RAZORPAYX_ACCOUNT_NUMBER,
      apiUrl: RAZORPAY_PRODUCTION_URL,
    })
    expect(readRazorpaySettings({ ...GOOD, RAZORPAY_API_URL: 'http://127.0.0.1:4010/' })?.apiUrl).toBe('http://127.0.0.1:4010')
  })

  it('leaves the RazorpayX account out when only collecting', () => {
    const { RAZORPAYX_ACCOUNT_NUMBER: _, ...collectOnly } = GOOD
    expect(readRazorpaySettings(collectOnly)?.payoutAccountNumber).toBeNull()
  })

  const cases: [string, Record<string, string | undefined>][] = [
    ['RAZORPAY_KEY_ID', { RAZORPAY_KEY_ID: undefined }],
    ['RAZORPAY_KEY_ID', { RAZORPAY_KEY_ID: 'xnd_development_abc' }],
    ['RAZORPAY_KEY_SECRET', { RAZORPAY_KEY_SECRET: undefined }],
    ['RAZORPAY_KEY_SECRET', { RAZORPAY_KEY_SECRET: 'short' }],
    ['RAZORPAY_WEBHOOK_SECRET', { RAZORPAY_WEBHOOK_SECRET: undefined }],
    ['RAZORPAY_WEBHOOK_SECRET', { RAZORPAY_WEBHOOK_SECRET: 'abc' }],
    ['RAZORPAYX_ACCOUNT_NUMBER', { RAZORPAYX_ACCOUNT_NUMBER: '7878-7800' }],
    ['RAZORPAY_API_URL', { RAZORPAY_API_URL: 'not a url' }],
    ['RAZORPAY_API_URL', { RAZORPAY_API_URL: 'ftp://api.razorpay.com' }],
  ]
  it.each(cases)('names %s when it is missing or malformed', (name, change) => {
    const env = { ...GOOD, ...change }
    expect(() => readRazorpaySettings(env)).toThrow(ConfigError)
    expect(() => readRazorpaySettings(env)).toThrow(new RegExp(`^Invalid configuration: ${name} `))
  })

  it('never puts a secret in its message', () => {
    try {
      readRazorpaySettings({ ...GOOD, RAZORPAY_WEBHOOK_SECRET: 'abc' })
    } catch (error) {
      expect(String(error)).not.toContain(GOOD.RAZORPAY_KEY_SECRET)
    }
  })

  it('lists every variable it reads, secrets marked', () => {
    expect(RAZORPAY_VARIABLES.map((v) => v.name)).toEqual(['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET', 'RAZORPAYX_ACCOUNT_NUMBER', 'RAZORPAY_API_URL'])
    expect(RAZORPAY_VARIABLES.filter((v) => v.secret).map((v) => v.name)).toEqual(['RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'])
  })
})
