import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ConfigError } from '../../../config.js'
import { CONEKTA_DEFAULT_API_URL, CONEKTA_VARIABLES, readConektaSettings } from './settings.js'

const pem = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }).toString()
const full = {
  CONEKTA_API_KEY: 'key_abcdefgh12345678',
  CONEKTA_WEBHOOK_PUBLIC_KEY: pem,
  CONEKTA_CUSTOMER_EMAIL: 'cobranza@kilat.example',
  CONEKTA_CUSTOMER_PHONE: '+525512345678',
}

const failure = (env: Record<string, string | undefined>) => {
  try {
    readConektaSettings(env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as Error).message
  }
  throw new Error('no ConfigError')
}

describe('readConektaSettings', () => {
  it('is null when no CONEKTA_ variable is set', () => {
    expect(readConektaSettings({ OTHER: 'x', CONEKTA_API_KEY: '  ' })).toBeNull()
  })

  it('reads a full set, with the production API by default and a PEM written with \\n', () => {
    const settings = readConektaSettings({ ...full, CONEKTA_WEBHOOK_PUBLIC_KEY: pem.replace(/\n/g, '\\n') })
    expect(settings).toMatchObject({ apiKey: full.CONEKTA_API_KEY, apiUrl: CONEKTA_DEFAULT_API_URL, customerEmail: full.CONEKTA_CUSTOMER_EMAIL })
    expect(settings?.webhookPublicKey).toBe(pem)
    expect(readConektaSettings({ ...full, CONEKTA_API_URL: 'http://127.0.0.1:4000/' })?.apiUrl).toBe('http://127.0.0.1:4000')
  })

  it.each(['CONEKTA_API_KEY', 'CONEKTA_WEBHOOK_PUBLIC_KEY', 'CONEKTA_CUSTOMER_EMAIL', 'CONEKTA_CUSTOMER_PHONE'])('names %s when it is missing', (name) => {
    expect(failure({ ...full, [name]: undefined })).toBe(`Invalid configuration: ${name} is required when Conekta is configured`)
  })

  it.each([
    ['CONEKTA_API_KEY', 'sk_live_123', 'must be a Conekta private key (key_...)'],
    ['CONEKTA_WEBHOOK_PUBLIC_KEY', '-----BEGIN PUBLIC KEY-----\nnope\n-----END PUBLIC KEY-----', 'must be the PEM of an RSA public key (-----BEGIN PUBLIC KEY-----)'],
    ['CONEKTA_API_URL', 'api.conekta.io', 'must be an http(s) address'],
    ['CONEKTA_CUSTOMER_EMAIL', 'cobranza', 'must be an email address'],
    ['CONEKTA_CUSTOMER_PHONE', '5512345678', 'must be a Mexican phone number (+52 and 10 digits)'],
  ])('names %s when it is malformed', (name, value, what) => {
    const message = failure({ ...full, [name]: value })
    expect(message).toBe(`Invalid configuration: ${name} ${what}`)
    expect(message.split('\n')).toHaveLength(1)
  })

  it('lists every variable it reads, the key as secret', () => {
    expect(CONEKTA_VARIABLES.map((v) => v.name)).toEqual(['CONEKTA_API_KEY', 'CONEKTA_WEBHOOK_PUBLIC_KEY', 'CONEKTA_API_URL', 'CONEKTA_CUSTOMER_EMAIL', 'CONEKTA_CUSTOMER_PHONE'])
    expect(CONEKTA_VARIABLES.filter((v) => v.secret).map((v) => v.name)).toEqual(['CONEKTA_API_KEY'])
  })
})
