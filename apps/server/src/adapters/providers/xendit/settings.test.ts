import { describe, expect, it } from 'vitest'
import { ConfigError } from '../../../config.js'
import { XENDIT_DEFAULT_API_URL, XENDIT_VARIABLES, readXenditSettings } from './settings.js'

const KEY = 'xnd_development_P4qDfOss0OCpl8RtKrROHjaQYNCk9dN5lSfk'
const TOKEN = 'tokenOfTheDashboard0123456789abcdef'

describe('readXenditSettings', () => {
  it('is null when no XENDIT_ variable is set, blank ones included', () => {
    expect(readXenditSettings({})).toBeNull()
    expect(readXenditSettings({ XENDIT_SECRET_KEY: '  ', OTHER: 'x' })).toBeNull()
  })

  it('reads the key and token, with the production URL and name by default', () => {
    expect(readXenditSettings({ XENDIT_SECRET_KEY: KEY, XENDIT_CALLBACK_TOKEN: TOKEN })).toEqual({
      secretKey: KEY,
      callbackToken: TOKEN,
      apiUrl: XENDIT_DEFAULT_API_URL,
      accountName: 'KILAT',
      checkoutUrl: 'https://checkout-staging.xendit.co/web',
    })
    const live = KEY.replace('development', 'production')
    expect(readXenditSettings({ XENDIT_SECRET_KEY: live, XENDIT_CALLBACK_TOKEN: TOKEN })?.checkoutUrl).toBe('https://checkout.xendit.co/web')
    expect(readXenditSettings({ XENDIT_SECRET_KEY: KEY, XENDIT_CALLBACK_TOKEN: TOKEN, XENDIT_API_URL: 'http://127.0.0.1:4010/', XENDIT_ACCOUNT_NAME: 'Kilat Dana' })).toMatchObject({
      apiUrl: 'http://127.0.0.1:4010',
      accountName: 'Kilat Dana',
    })
  })

  const cases: Array<[string, Record<string, string>, string]> = [
    ['a missing key', { XENDIT_CALLBACK_TOKEN: TOKEN }, 'XENDIT_SECRET_KEY'],
    ['a public key instead of the secret one', { XENDIT_SECRET_KEY: 'xnd_public_development_abcdefghijklmnopqrstuvwxyz', XENDIT_CALLBACK_TOKEN: TOKEN }, 'XENDIT_SECRET_KEY'],
    ['a missing token', { XENDIT_SECRET_KEY: KEY }, 'XENDIT_CALLBACK_TOKEN'],
    ['a short token', { XENDIT_SECRET_KEY: KEY, XENDIT_CALLBACK_TOKEN: 'abc' }, 'XENDIT_CALLBACK_TOKEN'],
    ['a URL that is not one', { XENDIT_SECRET_KEY: KEY, XENDIT_CALLBACK_TOKEN: TOKEN, XENDIT_API_URL: 'api.xendit.co' }, 'XENDIT_API_URL'],
    ['a URL of another scheme', { XENDIT_SECRET_KEY: KEY, XENDIT_CALLBACK_TOKEN: TOKEN, XENDIT_API_URL: 'ftp://api.xendit.co' }, 'XENDIT_API_URL'],
    ['a name with digits', { XENDIT_SECRET_KEY: KEY, XENDIT_CALLBACK_TOKEN: TOKEN, XENDIT_ACCOUNT_NAME: 'Kilat 2' }, 'XENDIT_ACCOUNT_NAME'],
    ['a checkout address that is not one', { XENDIT_SECRET_KEY: KEY, XENDIT_CALLBACK_TOKEN: TOKEN, XENDIT_CHECKOUT_URL: 'checkout.xendit.co' }, 'XENDIT_CHECKOUT_URL'],
    ['only the URL', { XENDIT_API_URL: 'https://api.xendit.co' }, 'XENDIT_SECRET_KEY'],
  ]
  it.each(cases)('names the variable on %s', (_, env, name) => {
    let thrown: unknown
    try {
      readXenditSettings(env)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(ConfigError)
    const message = (thrown as Error).message
    expect(message).toMatch(new RegExp(`^Invalid configuration: ${name} `))
    expect(message).not.toContain('\n')
    // a secret's value is never repeated in the message
    for (const secret of [env.XENDIT_SECRET_KEY, env.XENDIT_CALLBACK_TOKEN]) if (secret) expect(message).not.toContain(secret)
  })

  it('lists every variable it reads, secrets marked', () => {
    expect(XENDIT_VARIABLES.map((v) => v.name)).toEqual(['XENDIT_SECRET_KEY', 'XENDIT_CALLBACK_TOKEN', 'XENDIT_API_URL', 'XENDIT_ACCOUNT_NAME', 'XENDIT_CHECKOUT_URL'])
    expect(XENDIT_VARIABLES.filter((v) => v.secret).map((v) => v.name)).toEqual(['XENDIT_SECRET_KEY', 'XENDIT_CALLBACK_TOKEN'])
  })
})
