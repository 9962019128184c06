import { hash, verify, type Algorithm } from '@node-rs/argon2'
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'

/**
 * Passwords and authenticator codes of staff accounts (docs/decisions/0014-staff-identity.md).
 * argon2id with OWASP's smallest recommended cost: 19 MiB of memory, 2 passes, one lane.
 */
export const ARGON2_OPTIONS = { algorithm: 2 as Algorithm /* argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS)
}

/**
 * A hash of nothing anyone knows: an unknown email or an account without a password is checked
 * against it, so that the answer takes as long as for a real account.
 */
let decoy: Promise<string> | undefined

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    decoy ??= hashPassword(Secret.fromHex('00'.repeat(16)).base32 + Math.random())
    await verify(await decoy, password).catch(() => false)
    return false
  }
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/** RFC 6238 as every authenticator app does it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30

function totp(secret: string, label = 'staff'): TOTP {
  return new TOTP({ issuer: 'Kilat', label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) })
}

/** 160 random bits, base32, as RFC 4226 recommends. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

export function totpStepAt(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS)
}

/**
 * The step a code belongs to, accepting the step before and after the current one (a phone's clock
 * a little off), or null when it matches none of them.
 */
export function totpStepOf(secret: string, code: string, now: Date): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: now.getTime(), window: 1 })
  return delta === null ? null : totpStepAt(now) + delta
}

export function totpCodeAt(secret: string, step: number): string {
  return totp(secret).generate({ timestamp: step * TOTP_PERIOD_SECONDS * 1000 })
}

/** What the enrolment screen shows: the link authenticators take, and the same as a QR code. */
export async function totpEnrolment(secret: string, email: string): Promise<{ otpauthUri: string; qrSvg: string }> {
  const otpauthUri = totp(secret, email).toString()
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
  return { otpauthUri, qrSvg }
}
