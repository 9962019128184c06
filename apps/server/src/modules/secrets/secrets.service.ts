import type { Keyring } from '../../adapters/secrets/secret-box.js'
import { resealColumn, type ResealCounts, type ResealOptions, type SealedColumn } from '../../adapters/secrets/reseal.js'
import type { Db } from '../../db/client.js'
import { KYC_SEALED_COLUMNS } from '../kyc/kyc.service.js'
import { cardTokenColumn } from '../repayment/repayment.service.js'
import { staffTotpColumn } from '../staff/staff.service.js'

/**
 * Secrets at rest across the modules that keep them (docs/decisions/0021-secrets-at-rest.md): each
 * module owns its column and says how to read and write it; this walks them all.
 */

/** Every sealed column: a module that starts keeping a secret adds its own here. */
export const SEALED_COLUMNS: readonly SealedColumn[] = [staffTotpColumn, cardTokenColumn, ...KYC_SEALED_COLUMNS]

/**
 * `npm run secrets:rotate`: every value not sealed under the current key (plain ones of before the
 * upgrade too) re-sealed under it, column by column, batch by batch.
 */
export async function rotateSecrets(db: Db, keyring: Keyring, options: Omit<ResealOptions, 'onlyPlain'> = {}): Promise<ResealCounts[]> {
  const counts: ResealCounts[] = []
  for (const column of SEALED_COLUMNS) counts.push(await resealColumn(db, keyring, column, options))
  return counts
}

/**
 * The server's start (docs/decisions/0021-secrets-at-rest.md#upgrade): values still plain, written
 * before this version (or by a process of the old version during a rolling upgrade), sealed under
 * the current key. Nothing to do on every later start but one indexed query per column.
 */
export async function sealPlainSecrets(db: Db, keyring: Keyring): Promise<ResealCounts[]> {
  const counts: ResealCounts[] = []
  for (const column of SEALED_COLUMNS) counts.push(await resealColumn(db, keyring, column, { onlyPlain: true }))
  return counts
}
