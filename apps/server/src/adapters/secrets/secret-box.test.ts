import { randomBytes } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  DEMO_SECRETS_KEYS,
  Keyring,
  SecretError,
  demoKeyring,
  isSealed,
  keyIdOf,
  lookupOf,
  lookupsOf,
  openSecret,
  parseKeys,
  sealSecret,
  type SecretPlace,
} from './secret-box.js'

// Seal and open (docs/decisions/0021-secrets-at-rest.md).
const k1 = { id: 'k1', key: randomBytes(32) }
const k2 = { id: 'k2', key: randomBytes(32) }
const ring1 = new Keyring([k1], 'k1')
const ring12 = new Keyring([k1, k2], 'k2')
const here: SecretPlace = { table: 'staff', column: 'totp_secret', row: 7 }

const reasonOf = (run: () => unknown): string => {
  try {
    run()
  } catch (error) {
    if (error instanceof SecretError) return error.reason
    throw error
  }
  return 'opened'
}

describe('sealSecret and openSecret', () => {
  it('seal to v1:<keyId>:<iv>:<tag>:<ciphertext> and open to the same text, never the same sealed value twice', () => {
    const sealed = sealSecret('KILATDEMOSTAFFTOTPSECRET', ring1, here)
    expect(sealed).toMatch(/^v1:k1:[A-Za-z0-9+/]{16}:[A-Za-z0-9+/]{22}==:[A-Za-z0-9+/=]+$/)
    expect(sealed).not.toContain('KILAT')
    expect(isSealed(sealed)).toBe(true)
    expect(keyIdOf(sealed)).toBe('k1')
    expect(openSecret(sealed, ring1, here)).toBe('KILATDEMOSTAFFTOTPSECRET')
    expect(sealSecret('KILATDEMOSTAFFTOTPSECRET', ring1, here)).not.toBe(sealed)
  })

  it('open with any listed key, seal with the current one', () => {
    const old = sealSecret('token', ring1, here)
    expect(openSecret(old, ring12, here)).toBe('token')
    expect(keyIdOf(sealSecret('token', ring12, here))).toBe('k2')
  })

  it('refuse a value of another row, column or table (the additional data)', () => {
    const sealed = sealSecret('token', ring1, here)
    expect(reasonOf(() => openSecret(sealed, ring1, { ...here, row: 8 }))).toBe('refused')
    expect(reasonOf(() => openSecret(sealed, ring1, { ...here, column: 'other' }))).toBe('refused')
    expect(reasonOf(() => openSecret(sealed, ring1, { ...here, table: 'bank_cards' }))).toBe('refused')
  })

  it('say clearly which key is missing, without the value', () => {
    const sealed = sealSecret('JBSWY3DPEHPK3PXP', ring12, here)
    let caught: unknown
    try {
      openSecret(sealed, ring1, here)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(SecretError)
    expect((caught as SecretError).reason).toBe('unknown-key')
    expect((caught as SecretError).message).toBe('sealed under key "k2", which SECRETS_KEYS does not list')
  })

  it('refuse what is not a sealed value, plain values included', () => {
    for (const value of ['', 'JBSWY3DPEHPK3PXP', 'sbx_card_0123', 'v1:k1', 'v1:k1:a:b', 'v2:k1:AAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAA==:AA==']) {
      expect(reasonOf(() => openSecret(value, ring1, here))).toBe('malformed')
    }
    expect(isSealed('JBSWY3DPEHPK3PXP')).toBe(false)
    expect(keyIdOf('JBSWY3DPEHPK3PXP')).toBeNull()
  })

  it('refuse a value with any one character changed (property)', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=:_-'
    fc.assert(
      fc.property(fc.string({ maxLength: 64 }), fc.nat(), fc.nat(), (plain, at, by) => {
        const sealed = sealSecret(plain, ring1, here)
        const i = at % sealed.length
        const replacement = alphabet[(alphabet.indexOf(sealed[i]!) + 1 + (by % (alphabet.length - 1))) % alphabet.length]!
        const changed = sealed.slice(0, i) + replacement + sealed.slice(i + 1)
        expect(changed).not.toBe(sealed)
        expect(reasonOf(() => openSecret(changed, ring1, here))).not.toBe('opened')
      }),
      { numRuns: 500 },
    )
  })

  it('refuse a value with any bit of its iv, tag or ciphertext flipped (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 64 }), fc.integer({ min: 2, max: 4 }), fc.nat(), fc.integer({ min: 0, max: 7 }), (plain, part, at, bit) => {
        const parts = sealSecret(plain, ring1, here).split(':')
        const bytes = Buffer.from(parts[part]!, 'base64')
        bytes[at % bytes.length]! ^= 1 << bit
        parts[part] = bytes.toString('base64')
        expect(reasonOf(() => openSecret(parts.join(':'), ring1, here))).toBe('refused')
      }),
      { numRuns: 500 },
    )
  })

  it('open whatever they sealed, for any text and row (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.nat(), (plain, row) => {
        expect(openSecret(sealSecret(plain, ring12, { ...here, row }), ring12, { ...here, row })).toBe(plain)
      }),
      { numRuns: 200 },
    )
  })
})

describe('lookupOf', () => {
  it('is the same for the same value and key, differs by value, scope and key, and reveals nothing', () => {
    const a = lookupOf('sbx_card_1', ring1, 'bank_cards.card_token')
    expect(a).toMatch(/^[0-9a-f]{64}$/)
    expect(lookupOf('sbx_card_1', ring1, 'bank_cards.card_token')).toBe(a)
    expect(lookupOf('sbx_card_2', ring1, 'bank_cards.card_token')).not.toBe(a)
    expect(lookupOf('sbx_card_1', ring1, 'other.column')).not.toBe(a)
    expect(lookupOf('sbx_card_1', ring12, 'bank_cards.card_token')).not.toBe(a)
    expect(lookupsOf('sbx_card_1', ring12, 'bank_cards.card_token')).toEqual([a, lookupOf('sbx_card_1', ring12, 'bank_cards.card_token')])
  })
})

describe('parseKeys and Keyring', () => {
  it('read id:base64key lists', () => {
    const text = `k1:${k1.key.toString('base64')}, k2:${k2.key.toString('base64')}`
    expect(parseKeys(text)).toEqual([k1, k2])
    expect(demoKeyring().currentKeyId).toBe('demo')
    expect(parseKeys(DEMO_SECRETS_KEYS)[0]!.key).toHaveLength(32)
  })

  it.each([
    ['', 'must list at least one key as id:base64key'],
    ['nokey', 'must list keys as id:base64key, the id 1-32 letters, digits, _ or - (entry 1)'],
    [`bad id:${k1.key.toString('base64')}`, 'must list keys as id:base64key, the id 1-32 letters, digits, _ or - (entry 1)'],
    [`k1:${randomBytes(16).toString('base64')}`, 'key k1 must be 32 bytes in base64 (openssl rand -base64 32)'],
    ['k1:not base64 at all!!!!!!!!!!!!!!!!!!!!!!!!', 'key k1 must be 32 bytes in base64 (openssl rand -base64 32)'],
    [`k1:${k1.key.toString('base64')},k1:${k2.key.toString('base64')}`, 'lists the key id k1 twice'],
  ])('refuse %j', (text, message) => {
    expect(() => parseKeys(text)).toThrow(message)
  })

  it('never show a key when logged', () => {
    expect(JSON.stringify({ ring12 })).toBe('{"ring12":{"currentKeyId":"k2","keyIds":["k1","k2"]}}')
    expect(() => new Keyring([k1], 'k2')).toThrow('the current key k2 is not among the keys')
  })
})
