import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto'

/**
 * Secrets at rest (docs/decisions/0021-secrets-at-rest.md): the staff's authenticator secrets and
 * the gateways' card tokens are stored sealed with AES-256-GCM under a key from the environment,
 * never in plain, so that a copy of the database alone reveals none of them.
 *
 * A sealed value is `v1:<keyId>:<iv>:<tag>:<ciphertext>` (base64 each). Its additional data binds it
 * to its table, column and row: a value copied into another row, or another column, no longer opens.
 */

/** The id of a key in SECRETS_KEYS: short, and without the separators of the sealed format. */
export const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/
export const KEY_BYTES = 32
const IV_BYTES = 12
const TAG_BYTES = 16
const VERSION = 'v1'

/** Why a value did not open; never the value itself, which may be a secret. */
export type SecretErrorReason = 'malformed' | 'unknown-key' | 'refused'

export class SecretError extends Error {
  override name = 'SecretError'
  constructor(
    readonly reason: SecretErrorReason,
    message: string,
  ) {
    super(message)
  }
}

interface KeyMaterial {
  /** The AES-256-GCM key. */
  seal: Buffer
  /** The HMAC-SHA256 key of lookups (a sealed value cannot be compared; its lookup can). */
  lookup: Buffer
}

/**
 * Two keys derived from each configured key (HKDF-SHA256, one label each): the configured key itself
 * is never used directly, and the lookup key reveals nothing about the sealing one.
 */
function derive(key: Buffer): KeyMaterial {
  const part = (label: string) => Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `kilat secrets ${VERSION} ${label}`, KEY_BYTES))
  return { seal: part('seal'), lookup: part('lookup') }
}

/**
 * The keys of SECRETS_KEYS: every one opens, the current one (SECRETS_KEY_ID) seals. A rotation adds
 * a key and makes it current; the old one stays listed until `npm run secrets:rotate` is done.
 */
export class Keyring {
  readonly currentKeyId: string
  readonly keyIds: readonly string[]
  readonly #keys: ReadonlyMap<string, KeyMaterial>

  constructor(keys: ReadonlyArray<{ id: string; key: Buffer }>, currentKeyId: string) {
    const map = new Map<string, KeyMaterial>()
    for (const { id, key } of keys) {
      if (!KEY_ID_PATTERN.test(id)) throw new Error(`key id ${JSON.stringify(id)} must be 1-32 letters, digits, _ or -`)
      if (key.length !== KEY_BYTES) throw new Error(`key ${id} must be ${KEY_BYTES} bytes`)
      if (map.has(id)) throw new Error(`key id ${id} is listed twice`)
      map.set(id, derive(key))
    }
    if (!map.has(currentKeyId)) throw new Error(`the current key ${currentKeyId} is not among the keys`)
    this.currentKeyId = currentKeyId
    this.keyIds = [...map.keys()]
    this.#keys = map
  }

  has(keyId: string): boolean {
    return this.#keys.has(keyId)
  }

  /** @internal the derived keys of one id; seal/open/lookup below are the only users. */
  materialOf(keyId: string): KeyMaterial {
    const material = this.#keys.get(keyId)
    if (!material) throw new SecretError('unknown-key', `sealed under key "${keyId}", which SECRETS_KEYS does not list`)
    return material
  }

  /** Shown in logs and the command's output: the ids, never a key. */
  toJSON() {
    return { currentKeyId: this.currentKeyId, keyIds: this.keyIds }
  }
}

/** What a sealed value belongs to: table and column, and the row's key (its id). */
export interface SecretPlace {
  table: string
  column: string
  row: string | number
}

const placeText = (place: SecretPlace) => `${place.table}.${place.column}:${place.row}`
const additionalData = (keyId: string, place: SecretPlace) => Buffer.from(`kilat/${VERSION}/${keyId}/${placeText(place)}`, 'utf8')

/** Base64 that decodes back to itself: a changed padding bit is a changed value, refused. */
function strictBase64(text: string, what: string): Buffer {
  const bytes = Buffer.from(text, 'base64')
  if (bytes.toString('base64') !== text) throw new SecretError('malformed', `the sealed value's ${what} is not base64`)
  return bytes
}

const SEALED = /^v1:([A-Za-z0-9_-]{1,32}):([A-Za-z0-9+/=]+):([A-Za-z0-9+/=]+):([A-Za-z0-9+/=]*)$/

/** True for a value in the sealed format (whether or not it opens); false for a plain value of before sealing. */
export function isSealed(value: string): boolean {
  return value.startsWith(`${VERSION}:`)
}

/** The id of the key a sealed value was sealed under, or null for a plain value. */
export function keyIdOf(value: string): string | null {
  return SEALED.exec(value)?.[1] ?? null
}

/** Seals `plain` under the keyring's current key for its place. A fresh random IV each time. */
export function sealSecret(plain: string, keyring: Keyring, place: SecretPlace): string {
  const keyId = keyring.currentKeyId
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', keyring.materialOf(keyId).seal, iv, { authTagLength: TAG_BYTES })
  cipher.setAAD(additionalData(keyId, place))
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return [VERSION, keyId, iv.toString('base64'), cipher.getAuthTag().toString('base64'), ciphertext.toString('base64')].join(':')
}

/**
 * Opens a sealed value of that place with whichever listed key sealed it. Throws SecretError:
 * 'malformed' (not a sealed value), 'unknown-key' (a key id SECRETS_KEYS does not list), 'refused'
 * (changed, or of another row or column).
 */
export function openSecret(sealed: string, keyring: Keyring, place: SecretPlace): string {
  const match = SEALED.exec(sealed)
  if (!match) throw new SecretError('malformed', `the value of ${place.table}.${place.column} of row ${place.row} is not a sealed value`)
  const [, keyId, ivText, tagText, ciphertextText] = match as unknown as [string, string, string, string, string]
  const iv = strictBase64(ivText, 'iv')
  const tag = strictBase64(tagText, 'tag')
  const ciphertext = strictBase64(ciphertextText, 'ciphertext')
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretError('malformed', `the sealed value of ${place.table}.${place.column} of row ${place.row} has a wrong iv or tag length`)
  const decipher = createDecipheriv('aes-256-gcm', keyring.materialOf(keyId).seal, iv, { authTagLength: TAG_BYTES })
  decipher.setAAD(additionalData(keyId, place))
  decipher.setAuthTag(tag)
  try {
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8')
  } catch {
    throw new SecretError('refused', `the sealed value of ${place.table}.${place.column} of row ${place.row} does not open: changed, or not this row's`)
  }
}

/**
 * The HMAC-SHA256 (hex) of a value under one key's lookup key: equal values give equal lookups, so
 * a unique index can hold on it where it cannot on sealed values (random IVs). `scope` names what
 * is looked up (table.column), so that equal values of two columns do not match.
 */
export function lookupOf(plain: string, keyring: Keyring, scope: string, keyId = keyring.currentKeyId): string {
  return createHmac('sha256', keyring.materialOf(keyId).lookup).update(`${scope}\0${plain}`, 'utf8').digest('hex')
}

/** The lookup of a value under every listed key: during a rotation a row may still carry an old key's. */
export function lookupsOf(plain: string, keyring: Keyring, scope: string): string[] {
  return keyring.keyIds.map((keyId) => lookupOf(plain, keyring, scope, keyId))
}

/**
 * Demo mode's and the tests' key: public (it is in the repository), so config.ts refuses it
 * whenever demo mode is off, as it refuses the demo payment callback key.
 */
export const DEMO_SECRETS_KEY_ID = 'demo'
export const DEMO_SECRETS_KEYS = `${DEMO_SECRETS_KEY_ID}:QObfOZY3EuQ4m0CosxQla2l+UiJ0w//9Vp8XlJ6lQEY=`

/**
 * SECRETS_KEYS as written: `id:base64key,id:base64key`, each key 32 bytes (`openssl rand -base64 32`).
 * Throws an Error whose message completes "SECRETS_KEYS …"; never quotes a key.
 */
export function parseKeys(text: string): Array<{ id: string; key: Buffer }> {
  const entries = text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '')
  if (entries.length === 0) throw new Error('must list at least one key as id:base64key')
  const seen = new Set<string>()
  return entries.map((entry, index) => {
    const colon = entry.indexOf(':')
    const id = colon < 0 ? '' : entry.slice(0, colon)
    const keyText = colon < 0 ? '' : entry.slice(colon + 1)
    if (!KEY_ID_PATTERN.test(id)) throw new Error(`must list keys as id:base64key, the id 1-32 letters, digits, _ or - (entry ${index + 1})`)
    if (seen.has(id)) throw new Error(`lists the key id ${id} twice`)
    seen.add(id)
    const key = Buffer.from(keyText, 'base64')
    if (key.length !== KEY_BYTES || key.toString('base64').replace(/=+$/, '') !== keyText.replace(/=+$/, '')) {
      throw new Error(`key ${id} must be ${KEY_BYTES} bytes in base64 (openssl rand -base64 32)`)
    }
    return { id, key }
  })
}

export const demoKeyring = (): Keyring => new Keyring(parseKeys(DEMO_SECRETS_KEYS), DEMO_SECRETS_KEY_ID)
