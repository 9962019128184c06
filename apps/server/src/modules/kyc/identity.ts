import { desc, eq, inArray } from 'drizzle-orm'
import type { IdentityInput } from '@kilat/contract'
import {
  checkIdentityID,
  checkIdentityIN,
  checkIdentityMX,
  maskCurp,
  maskNik,
  maskPan,
  type IdentityCheck,
  type IdentityID,
  type IdentityIN,
  type IdentityMX,
  type IdentityRefusal,
  type Locale,
  type Market,
} from '@kilat/domain'
import type { Keyring } from '../../adapters/secrets/secret-box.js'
import type { Db, Executor, Tx } from '../../db/client.js'
import { uniqueViolation } from '../../db/errors.js'
import { AppError } from '../../http/errors.js'
import { identityLookups, openIdentity, sealIdentity, sealVersion, type SealedIdentity } from './kyc.secrets.js'
import { borrowerIdentities, identityVersions, kycFlags, payoutDestinations, type DocumentKind } from './kyc.schema.js'
import { identityRefusalText } from './kyc.texts.js'

/**
 * The borrower's identity (docs/product/identity-and-payout-account.md#identity-checks): the app shell
 * sends it after its KYC step; the domain checks it by market; it is kept sealed, one identity per
 * borrower, every version kept.
 */

export interface IdentityDeps {
  db: Db
  secrets: Keyring
}

export interface BorrowerRef {
  id: number
  market: Market
}

/** What the borrower reads of their own identity: the sealed details whole, with the name, the KYC result and the version. */
export type IdentityView = Omit<SealedIdentity, 'aadhaarReference'> & {
  fullName: string
  kyc: { vendor: string; reference: string; result: 'verified' | 'failed'; checkedAt: string }
  version: number
  updatedAt: string
}

export interface KycResult {
  kycVendor: string
  kycReference: string
  kycResult: 'verified' | 'failed'
  kycCheckedAt: Date
}

/**
 * Writes an identity's version: the current row (inserted or replaced) and its row in the history,
 * each sealed for its own row. The borrower's call and the demo data both keep identities so.
 */
export async function keepIdentityVersion(tx: Tx, secrets: Keyring, borrowerId: number, version: number, fullName: string, details: SealedIdentity, kyc: KycResult, now: Date): Promise<void> {
  const documentMasked = maskDocument(details.documentKind, details.documentNumber)
  const values = { market: details.market, fullName, documentKind: details.documentKind, documentMasked, ...sealIdentity(details, secrets, borrowerId), ...kyc, version, updatedAt: now }
  await tx.insert(borrowerIdentities).values({ borrowerId, ...values, createdAt: now }).onConflictDoUpdate({ target: borrowerIdentities.borrowerId, set: values })
  // the version's details are sealed for its own row, whose id comes from the insert
  const [row] = await tx.insert(identityVersions).values({ borrowerId, version, fullName, documentMasked, details: '-', kycResult: kyc.kycResult, recordedAt: now }).returning({ id: identityVersions.id })
  await tx.update(identityVersions).set({ details: sealVersion(details, secrets, row!.id) }).where(eq(identityVersions.id, row!.id))
}

const refused = (refusals: IdentityRefusal[], locale: Locale) =>
  new AppError('identityRefused', { data: { refusals: refusals.map((r) => ({ field: r.field, reason: r.reason, message: identityRefusalText(r, locale) })) } })

/** The payload of the borrower's market through its domain check, as what is sealed: or every refusal, in the caller's language. */
export function checkedIdentity(market: Market, body: IdentityInput, now: Date, locale: Locale): { fullName: string; details: SealedIdentity } {
  const address = body.address
  const unwrap = <T>(check: IdentityCheck<T>): T => {
    if (!check.ok) throw refused(check.refusals, locale)
    return check.identity
  }
  if (market === 'ID') {
    const id = unwrap(
      checkIdentityID(
        { fullName: body.fullName, nik: body.nik ?? '', birthDate: body.birthDate, gender: body.gender as IdentityID['gender'], placeOfBirth: body.placeOfBirth ?? '', address: { street: address.street, provinceCode: address.provinceCode ?? '', cityCode: address.cityCode ?? '' } },
        now,
      ),
    )
    return {
      fullName: id.fullName,
      details: { market, documentKind: 'nik', documentNumber: id.nik, birthDate: id.birthDate, gender: id.gender, placeOfBirth: id.placeOfBirth, rfc: null, aadhaarLastFour: null, aadhaarReference: null, address: { street: id.address.street, provinceCode: id.address.provinceCode, cityCode: id.address.cityCode, pinCode: null, postalCode: null } },
    }
  }
  if (market === 'IN') {
    const id = unwrap(
      checkIdentityIN(
        { fullName: body.fullName, pan: body.pan ?? '', aadhaar: body.aadhaar ?? { lastFour: '', ekycReference: '' }, birthDate: body.birthDate, gender: body.gender as IdentityIN['gender'], address: { street: address.street, pinCode: address.pinCode ?? '' } },
        now,
      ),
    )
    return {
      fullName: id.fullName,
      details: { market, documentKind: 'pan', documentNumber: id.pan, birthDate: id.birthDate, gender: id.gender, placeOfBirth: null, rfc: null, aadhaarLastFour: id.aadhaar.lastFour, aadhaarReference: id.aadhaar.ekycReference, address: { street: id.address.street, provinceCode: null, cityCode: null, pinCode: id.address.pinCode, postalCode: null } },
    }
  }
  const id = unwrap(
    checkIdentityMX({ fullName: body.fullName, curp: body.curp ?? '', rfc: body.rfc ?? null, birthDate: body.birthDate, gender: body.gender as IdentityMX['gender'], address: { street: address.street, postalCode: address.postalCode ?? '' } }, now),
  )
  return {
    fullName: id.fullName,
    details: { market, documentKind: 'curp', documentNumber: id.curp, birthDate: id.birthDate, gender: id.gender, placeOfBirth: null, rfc: id.rfc ?? null, aadhaarLastFour: null, aadhaarReference: null, address: { street: id.address.street, provinceCode: null, cityCode: null, pinCode: null, postalCode: id.address.postalCode } },
  }
}

/** The number as staff see it (`3201 **** **** 0004`, `ABCDE****F`, `GOMC************09`). */
export function maskDocument(kind: DocumentKind, number: string): string {
  return kind === 'nik' ? maskNik(number) : kind === 'pan' ? maskPan(number) : maskCurp(number)
}

/**
 * Keeps the identity, or its correction as a new version. A number another borrower holds is
 * refused without saying whose, and flagged for risk (the flag is kept though the call fails).
 */
export async function setIdentity(deps: IdentityDeps, borrower: BorrowerRef, body: IdentityInput, now: Date, locale: Locale): Promise<{ identity: IdentityView }> {
  const { fullName, details } = checkedIdentity(borrower.market, body, now, locale)
  const kyc: KycResult = { kycVendor: body.kyc.vendor, kycReference: body.kyc.reference, kycResult: body.kyc.result, kycCheckedAt: new Date(body.kyc.checkedAt) }
  const taken = async (): Promise<never> => {
    // the flag outlives the refused call: risk looks at who tried to use whose number
    const [holder] = await deps.db.select({ borrowerId: borrowerIdentities.borrowerId }).from(borrowerIdentities).where(inArray(borrowerIdentities.idLookup, identityLookups(details, deps.secrets))).limit(1)
    await deps.db
      .insert(kycFlags)
      .values({ kind: 'duplicateIdentity', market: borrower.market, borrowerId: borrower.id, otherBorrowerId: holder?.borrowerId ?? null, createdAt: now })
      .onConflictDoNothing()
    throw new AppError('identityTaken')
  }
  let version: number
  try {
    version = await deps.db.transaction(async (tx) => {
      const [holder] = await tx.select({ borrowerId: borrowerIdentities.borrowerId }).from(borrowerIdentities).where(inArray(borrowerIdentities.idLookup, identityLookups(details, deps.secrets))).limit(1)
      if (holder && holder.borrowerId !== borrower.id) return null
      const [current] = await tx.select().from(borrowerIdentities).where(eq(borrowerIdentities.borrowerId, borrower.id)).for('update')
      // the shell sending the same step again (a retry): nothing new to keep
      if (current && current.fullName === fullName && current.kycReference === kyc.kycReference && current.kycResult === kyc.kycResult && JSON.stringify(openIdentity(current, deps.secrets)) === JSON.stringify(details)) return current.version
      const next = (current?.version ?? 0) + 1
      await keepIdentityVersion(tx, deps.secrets, borrower.id, next, fullName, details, kyc, now)
      // a new name is checked again against the bank's before the next payout
      if (current && current.fullName !== fullName) {
        await tx.update(payoutDestinations).set({ holderName: fullName, nameCheck: 'pending', nextCheckAt: now, checkReference: null }).where(eq(payoutDestinations.borrowerId, borrower.id))
      }
      return next
    }) ?? (await taken())
  } catch (error) {
    // another borrower's call with the same number committed first
    if (uniqueViolation(error) === 'borrower_identities_lookup_key') return taken()
    throw error
  }
  const identity = await identityOf(deps, borrower.id)
  if (!identity || identity.version !== version) throw new Error('the identity just kept is not found')
  return { identity }
}

/** The borrower's own identity, whole: theirs to see and correct. */
export async function identityOf(deps: IdentityDeps, borrowerId: number): Promise<IdentityView | null> {
  const [row] = await deps.db.select().from(borrowerIdentities).where(eq(borrowerIdentities.borrowerId, borrowerId))
  if (!row) return null
  const d = openIdentity(row, deps.secrets)
  return {
    market: row.market,
    fullName: row.fullName,
    documentKind: row.documentKind,
    documentNumber: d.documentNumber,
    birthDate: d.birthDate,
    gender: d.gender,
    placeOfBirth: d.placeOfBirth,
    rfc: d.rfc,
    aadhaarLastFour: d.aadhaarLastFour,
    address: d.address,
    kyc: { vendor: row.kycVendor, reference: row.kycReference, result: row.kycResult, checkedAt: row.kycCheckedAt.toISOString() },
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** The name of a borrower's identity, or null before the identity step. */
export async function identityNameOf(db: Executor, borrowerId: number): Promise<string | null> {
  const [row] = await db.select({ fullName: borrowerIdentities.fullName }).from(borrowerIdentities).where(eq(borrowerIdentities.borrowerId, borrowerId))
  return row?.fullName ?? null
}

/** Every version, newest first: what staff see of the corrections, and what the bureau reports from. */
export function identityHistoryOf(db: Executor, borrowerId: number) {
  return db
    .select({ id: identityVersions.id, version: identityVersions.version, fullName: identityVersions.fullName, documentMasked: identityVersions.documentMasked, details: identityVersions.details, recordedAt: identityVersions.recordedAt })
    .from(identityVersions)
    .where(eq(identityVersions.borrowerId, borrowerId))
    .orderBy(desc(identityVersions.version))
}
