import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { makeClabe } from '@kilat/domain'
import { ConfigError } from '../../../config.js'
import { STP_DEFAULT_API_URL, STP_VARIABLES, readStpSettings } from './settings.js'

const pair = generateKeyPairSync('rsa', { modulusLength: 1024 })
const pem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
const encrypted = pair.privateKey.export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'secreto' }).toString()
const full = { STP_COMPANY: 'KILAT', STP_ACCOUNT: makeClabe('646', '180', '11181234567'), STP_PRIVATE_KEY: pem, STP_PAYER_NAME: 'KILAT SA DE CV' }

const failure = (env: Record<string, string | undefined>) => {
  try {
    readStpSettings(env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as Error).message
  }
  throw new Error('no ConfigError')
}

describe('readStpSettings', () => {
  it('is null when no STP_ variable is set', () => {
    expect(readStpSettings({ CONEKTA_API_KEY: 'key_x' })).toBeNull()
  })

  it('reads a full set, the production API by default, an encrypted key with its passphrase, a PEM written with \\n', () => {
    expect(readStpSettings(full)).toMatchObject({ company: 'KILAT', account: full.STP_ACCOUNT, apiUrl: STP_DEFAULT_API_URL, privateKeyPassphrase: undefined })
    expect(readStpSettings({ ...full, STP_PRIVATE_KEY: encrypted, STP_PRIVATE_KEY_PASSPHRASE: 'secreto' })?.privateKeyPassphrase).toBe('secreto')
    expect(readStpSettings({ ...full, STP_PRIVATE_KEY: pem.replace(/\n/g, '\\n') })?.privateKey).toBe(pem)
  })

  it.each(['STP_COMPANY', 'STP_ACCOUNT', 'STP_PRIVATE_KEY', 'STP_PAYER_NAME'])('names %s when it is missing', (name) => {
    expect(failure({ ...full, [name]: undefined })).toBe(`Invalid configuration: ${name} is required when STP is configured`)
  })

  it.each([
    ['STP_COMPANY', 'kilat sa', "must be the company's name at STP (capitals, digits, up to 15)"],
    ['STP_ACCOUNT', makeClabe('072', '180', '11181234567'), 'must be an STP CLABE (18 digits, 646..., valid check digit)'],
    ['STP_ACCOUNT', '646180111812345670', 'must be an STP CLABE (18 digits, 646..., valid check digit)'],
    ['STP_PRIVATE_KEY', 'not a key', 'must be the PEM of an RSA private key (with STP_PRIVATE_KEY_PASSPHRASE when encrypted)'],
    ['STP_PRIVATE_KEY', encrypted, 'must be the PEM of an RSA private key (with STP_PRIVATE_KEY_PASSPHRASE when encrypted)'],
    ['STP_API_URL', 'prod.stpmex.com', 'must be an http(s) address'],
    ['STP_PAYER_NAME', 'Kilat & Co', 'must be up to 39 letters, digits, spaces, dots or commas'],
  ])('names %s when it is malformed', (name, value, what) => {
    const message = failure({ ...full, [name]: value })
    expect(message).toBe(`Invalid configuration: ${name} ${what}`)
    expect(message).not.toContain('PRIVATE KEY-----')
  })

  it('lists every variable it reads, the key and its passphrase as secrets', () => {
    expect(STP_VARIABLES.map((v) => v.name)).toEqual(['STP_COMPANY', 'STP_ACCOUNT', 'STP_PRIVATE_KEY', 'STP_PRIVATE_KEY_PASSPHRASE', 'STP_API_URL', 'STP_PAYER_NAME'])
    expect(STP_VARIABLES.filter((v) => v.secret).map((v) => v.name)).toEqual(['STP_PRIVATE_KEY', 'STP_PRIVATE_KEY_PASSPHRASE'])
  })
})
