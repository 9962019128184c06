import { and, asc, eq, gt, sql } from 'drizzle-orm'
import { identityKey, type Market } from '@kilat/domain'
import type { SealedColumn } from '../../adapters/secrets/reseal.js'
import { lookupOf, lookupsOf, openSecret, sealSecret, type Keyring, type SecretPlace } from '../../adapters/secrets/secret-box.js'
import type { Executor } from '../../db/client.js'
import { borrowerIdentities, identityVersions, payoutDestinations, type DocumentKind } from './kyc.schema.js'

/**
 * The kyc module's secrets at rest (docs/decisions/0021-secrets-at-rest.md): an identity's details
 * (its numbers, birth date and address) and the payout account's number, each sealed for its row;
 * an identity number is found again by its lookup (an HMAC), never by its value.
 */

const IDENTITY_DETAILS = { table: 'borrower_identities', column: 'details' } as const
const VERSION_DETAILS = { table: 'identity_versions', column: 'details' } as const
const ACCOUNT_NUMBER = { table: 'payout_destinations', column: 'account_number' } as const
/** One scope for every market's number: the identityKey already names market and kind. */
const ID_LOOKUP_SCOPE = 'borrower_identities.id_lookup'

/** What the sealed JSON of an identity holds: the checked identity in the domain's normal form. */
export interface SealedIdentity {
  market: Market
  documentKind: DocumentKind
  documentNumber: string
  birthDate: string
  gender: 'female' | 'male' | 'x'
  placeOfBirth: string | null
  rfc: string | null
  aadhaarLastFour: string | null
  aadhaarReference: string | null
  address: { street: string; provinceCode: string | null; cityCode: string | null; pinCode: string | null; postalCode: string | null }
}

const place = (of: { table: string; column: string }, row: number): SecretPlace => ({ table: of.table, column: of.column, row })

/** The identity's key for "one identity, one borrower", as the lookup under one key. */
export function identityLookup(details: Pick<SealedIdentity, 'market' | 'documentKind' | 'documentNumber'>, keyring: Keyring, keyId?: string): string {
  return lookupOf(identityKey(details.market, details.documentKind as never, details.documentNumber), keyring, ID_LOOKUP_SCOPE, keyId)
}

/** Its lookup under every listed key: an identity kept before a rotation still carries the old key's. */
export function identityLookups(details: Pick<SealedIdentity, 'market' | 'documentKind' | 'documentNumber'>, keyring: Keyring): string[] {
  return lookupsOf(identityKey(details.market, details.documentKind as never, details.documentNumber), keyring, ID_LOOKUP_SCOPE)
}

export function sealIdentity(details: SealedIdentity, keyring: Keyring, borrowerId: number): { details: string; idLookup: string } {
  return { details: sealSecret(JSON.stringify(details), keyring, place(IDENTITY_DETAILS, borrowerId)), idLookup: identityLookup(details, keyring) }
}

export const openIdentity = (row: { borrowerId: number; details: string }, keyring: Keyring): SealedIdentity =>
  JSON.parse(openSecret(row.details, keyring, place(IDENTITY_DETAILS, row.borrowerId))) as SealedIdentity

export const sealVersion = (details: SealedIdentity, keyring: Keyring, versionId: number) => sealSecret(JSON.stringify(details), keyring, place(VERSION_DETAILS, versionId))

export const openVersion = (row: { id: number; details: string }, keyring: Keyring): SealedIdentity =>
  JSON.parse(openSecret(row.details, keyring, place(VERSION_DETAILS, row.id))) as SealedIdentity

export const sealAccountNumber = (number: string, keyring: Keyring, borrowerId: number) => sealSecret(number, keyring, place(ACCOUNT_NUMBER, borrowerId))

export const openAccountNumber = (row: { borrowerId: number; accountNumber: string }, keyring: Keyring) => openSecret(row.accountNumber, keyring, place(ACCOUNT_NUMBER, row.borrowerId))

/** Rows not sealed under the key (plain, or another key's), as resealColumn reads them. */
const notUnder = (column: { getSQL(): unknown } & object, keyId: string, onlyPlain: boolean) =>
  onlyPlain ? sql`left(${column}, 3) <> 'v1:'` : sql`left(${column}, ${keyId.length + 4}) <> ${`v1:${keyId}:`}`

/** `npm run secrets:rotate` and the server's start re-seal these columns (adapters/secrets/reseal.ts). */
export const identityDetailsColumn: SealedColumn = {
  name: 'borrower_identities.details',
  pending: (db: Executor, keyId, afterId, limit, onlyPlain) =>
    db
      .select({ id: borrowerIdentities.borrowerId, value: borrowerIdentities.details })
      .from(borrowerIdentities)
      .where(and(gt(borrowerIdentities.borrowerId, afterId), notUnder(borrowerIdentities.details, keyId, onlyPlain)))
      .orderBy(asc(borrowerIdentities.borrowerId))
      .limit(limit),
  open: (row, keyring) => openSecret(row.value, keyring, place(IDENTITY_DETAILS, row.id)),
  replace: async (tx, row, plain, keyring) => {
    // the lookup moves to the new key with the value, so that "one identity, one borrower" holds on
    const updated = await tx
      .update(borrowerIdentities)
      .set(sealIdentity(JSON.parse(plain) as SealedIdentity, keyring, row.id))
      .where(and(eq(borrowerIdentities.borrowerId, row.id), eq(borrowerIdentities.details, row.value)))
      .returning({ id: borrowerIdentities.borrowerId })
    return updated.length === 1
  },
}

export const identityVersionsColumn: SealedColumn = {
  name: 'identity_versions.details',
  pending: (db: Executor, keyId, afterId, limit, onlyPlain) =>
    db
      .select({ id: identityVersions.id, value: identityVersions.details })
      .from(identityVersions)
      .where(and(gt(identityVersions.id, afterId), notUnder(identityVersions.details, keyId, onlyPlain)))
      .orderBy(asc(identityVersions.id))
      .limit(limit),
  open: (row, keyring) => openSecret(row.value, keyring, place(VERSION_DETAILS, row.id)),
  replace: async (tx, row, plain, keyring) => {
    const updated = await tx
      .update(identityVersions)
      .set({ details: sealSecret(plain, keyring, place(VERSION_DETAILS, row.id)) })
      .where(and(eq(identityVersions.id, row.id), eq(identityVersions.details, row.value)))
      .returning({ id: identityVersions.id })
    return updated.length === 1
  },
}

export const accountNumberColumn: SealedColumn = {
  name: 'payout_destinations.account_number',
  pending: (db: Executor, keyId, afterId, limit, onlyPlain) =>
    db
      .select({ id: payoutDestinations.borrowerId, value: payoutDestinations.accountNumber })
      .from(payoutDestinations)
      .where(and(gt(payoutDestinations.borrowerId, afterId), notUnder(payoutDestinations.accountNumber, keyId, onlyPlain)))
      .orderBy(asc(payoutDestinations.borrowerId))
      .limit(limit),
  open: (row, keyring) => openSecret(row.value, keyring, place(ACCOUNT_NUMBER, row.id)),
  replace: async (tx, row, plain, keyring) => {
    const updated = await tx
      .update(payoutDestinations)
      .set({ accountNumber: sealAccountNumber(plain, keyring, row.id) })
      .where(and(eq(payoutDestinations.borrowerId, row.id), eq(payoutDestinations.accountNumber, row.value)))
      .returning({ id: payoutDestinations.borrowerId })
    return updated.length === 1
  },
}

export const KYC_SEALED_COLUMNS: readonly SealedColumn[] = [identityDetailsColumn, identityVersionsColumn, accountNumberColumn]
