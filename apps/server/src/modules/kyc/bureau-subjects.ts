import { and, eq, inArray } from 'drizzle-orm'
import type { Keyring } from '../../adapters/secrets/secret-box.js'
import type { Executor } from '../../db/client.js'
import { openVersion, type SealedIdentity } from './kyc.secrets.js'
import { borrowerIdentities, identityVersions } from './kyc.schema.js'

/**
 * Who a credit bureau record is about (docs/product/credit-reporting.md#subjects): the identity
 * version a borrower holds, by its id, which a kept run names; and a version opened again by its id
 * when the run's file is written. Versions are never changed, so a kept run's file never changes.
 */

export interface SubjectIdentity extends SealedIdentity {
  fullName: string
}

/** A version as kept, still sealed: read in one statement, opened apart (openVersionRows) so that a caller may read the next page while it opens these. */
export interface SealedVersionRow {
  borrowerId: number
  id: number
  fullName: string
  details: string
}

/** Each borrower's current identity version, sealed. Borrowers without an identity are absent. */
export async function currentIdentityRows(db: Executor, borrowerIds: readonly number[]): Promise<SealedVersionRow[]> {
  if (borrowerIds.length === 0) return []
  return db
    .select({ borrowerId: identityVersions.borrowerId, id: identityVersions.id, fullName: identityVersions.fullName, details: identityVersions.details })
    .from(borrowerIdentities)
    .innerJoin(identityVersions, and(eq(identityVersions.borrowerId, borrowerIdentities.borrowerId), eq(identityVersions.version, borrowerIdentities.version)))
    .where(inArray(borrowerIdentities.borrowerId, [...new Set(borrowerIds)]))
}

/** The identity versions of `ids`, sealed. */
export async function identityVersionRows(db: Executor, ids: readonly number[]): Promise<SealedVersionRow[]> {
  if (ids.length === 0) return []
  return db
    .select({ borrowerId: identityVersions.borrowerId, id: identityVersions.id, fullName: identityVersions.fullName, details: identityVersions.details })
    .from(identityVersions)
    .where(inArray(identityVersions.id, [...new Set(ids)]))
}

/** Sealed versions opened, by version id. */
export function openVersionRows(rows: readonly SealedVersionRow[], secrets: Keyring): Map<number, SubjectIdentity> {
  return new Map(rows.map((r) => [r.id, { ...openVersion(r, secrets), fullName: r.fullName }]))
}

/** The identity versions of `ids`, opened. */
export async function openIdentityVersions(db: Executor, secrets: Keyring, ids: readonly number[]): Promise<Map<number, SubjectIdentity>> {
  return openVersionRows(await identityVersionRows(db, ids), secrets)
}
