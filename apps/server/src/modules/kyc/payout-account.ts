import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm'
import type { PayoutAccountInputBody, PayoutAccountView } from '@kilat/contract'
import {
  checkPayoutAccount,
  holderNameMatches,
  ID_BANK_CODES,
  ID_EWALLETS,
  ID_EWALLET_PROVIDERS,
  ID_PAYOUT_BANKS,
  MX_CLABE_BANKS,
  type Locale,
  type Market,
  type PayoutAccount,
  type PayoutAccountInput,
} from '@kilat/domain'
import type { AccountCheckAnswer, PayoutDestination, PayoutProvider } from '../../adapters/payouts/payout-provider.js'
import { providerOf, type ByMarket } from '../../adapters/providers/by-market.js'
import type { Keyring } from '../../adapters/secrets/secret-box.js'
import type { Db, Executor, Tx } from '../../db/client.js'
import { AppError } from '../../http/errors.js'
import { identityNameOf } from './identity.js'
import { openAccountNumber, sealAccountNumber } from './kyc.secrets.js'
import { kycFlags, payoutDestinations, type NameCheck, type PayoutDestinationRow } from './kyc.schema.js'
import { accountRefusalText } from './kyc.texts.js'

/**
 * Where the loan is paid (docs/product/identity-and-payout-account.md#payout-account): the account
 * the borrower gives, checked by the domain, sealed, and its holder's name asked of the market's
 * payout provider before the first payout into it. The provider is called outside any transaction
 * with our reference as its idempotency key; no answer leaves the check pending, asked again by the
 * job (runNameChecks) with the same reference.
 */

export interface AccountDeps {
  db: Db
  secrets: Keyring
  payouts: PayoutProvider | ByMarket<PayoutProvider>
  /** Whether a loan of the borrower is on its way to their account (the money desk's, handed in by app.ts). */
  payoutInFlight: (db: Executor, borrowerId: number) => Promise<boolean>
  /** How long one check may take before it is left pending. */
  checkTimeoutMs?: number
}

/** The deadline of one provider check; past it the check stays pending and is asked again. */
export const CHECK_TIMEOUT_MS = 10_000
/** When a pending check is asked again: soon, then less often. */
const RETRY_SECONDS = [30, 60, 300, 900, 3600] as const

/** The results a loan may be paid into. */
export const PAYABLE: readonly NameCheck[] = ['match', 'accepted', 'notAvailable']

export interface BorrowerRef {
  id: number
  market: Market
}

const KINDS: Record<Market, Array<PayoutAccountView['kind']>> = { ID: ['bank', 'ewallet'], IN: ['bank', 'upi'], MX: ['clabe', 'debitCard'] }

/** The account in the market's terms of the payout providers (adapters/payouts/payout-provider.ts PayoutDestination). */
export function destinationOf(account: PayoutAccount, holderName: string): Omit<PayoutDestination, 'accountNumber'> & { number: string } {
  switch (account.kind) {
    case 'bank':
      return 'ifsc' in account ? { channelCode: 'IMPS', ifsc: account.ifsc, number: account.accountNo, holderName } : { channelCode: account.bankCode.replace(/^ID_/, ''), number: account.accountNo, holderName }
    case 'ewallet':
      return { channelCode: account.provider, number: account.phone, holderName }
    case 'upi':
      return { channelCode: 'UPI', number: account.vpa, holderName }
    case 'clabe':
      // Banxico's institution code: 40 and the CLABE's bank prefix
      return { channelCode: `40${account.clabe.slice(0, 3)}`, number: account.clabe, holderName }
    case 'debitCard':
      return { channelCode: 'CARD', number: account.cardNo, holderName }
  }
}

/** A row as the providers take it: the number opened, a UPI id where the providers look for it. */
export function payoutDestinationOf(row: PayoutDestinationRow, secrets: Keyring): PayoutDestination {
  const number = openAccountNumber(row, secrets)
  const upi = row.kind === 'upi'
  return { channelCode: row.channelCode, accountNumber: upi ? '' : number, holderName: row.holderName, ...(row.ifsc ? { ifsc: row.ifsc } : {}), ...(upi ? { vpa: number } : {}) }
}

export function viewOf(row: PayoutDestinationRow): PayoutAccountView {
  return { kind: row.kind, institution: row.institution, last4: row.last4, masked: row.masked, nameCheck: row.nameCheck, payable: PAYABLE.includes(row.nameCheck), updatedAt: row.updatedAt.toISOString() }
}

async function rowOf(db: Executor, borrowerId: number): Promise<PayoutDestinationRow | undefined> {
  const [row] = await db.select().from(payoutDestinations).where(eq(payoutDestinations.borrowerId, borrowerId))
  return row
}

export async function payoutAccountOf(deps: AccountDeps, borrower: BorrowerRef) {
  const [row, name, inFlight] = await Promise.all([rowOf(deps.db, borrower.id), identityNameOf(deps.db, borrower.id), deps.payoutInFlight(deps.db, borrower.id)])
  return {
    account: row ? viewOf(row) : null,
    canChange: name !== null && !inFlight,
    hasIdentity: name !== null,
    kinds: KINDS[borrower.market],
    banks: borrower.market === 'ID' ? ID_BANK_CODES.map((code) => ({ code, name: ID_PAYOUT_BANKS[code].name })) : [],
    wallets: borrower.market === 'ID' ? ID_EWALLET_PROVIDERS.map((code) => ({ code, name: ID_EWALLETS[code].shortName })) : [],
  }
}

/** Whether the market's payout provider can check a holder's name (STP cannot: the CLABE's own check stands). */
function checkerOf(deps: AccountDeps, market: Market): PayoutProvider | null {
  const provider = providerOf(deps.payouts, market)
  return provider.checkAccount ? provider : null
}

/**
 * Sets the account (the shell's bank step, /payout-account): checked by the domain, refused while a
 * loan is on its way to the old one, then its holder's name asked of the provider.
 */
export async function setPayoutAccount(deps: AccountDeps, borrower: BorrowerRef, body: PayoutAccountInputBody, now: Date, locale: Locale): Promise<{ account: PayoutAccountView }> {
  const holderName = await identityNameOf(deps.db, borrower.id)
  if (holderName === null) throw new AppError('identityRequired')
  const checked = checkPayoutAccount(borrower.market, body as PayoutAccountInput)
  if (!checked.ok) {
    throw new AppError('payoutAccountRefused', { data: { refusals: checked.refusals.map((r) => ({ field: r.field, reason: r.reason, message: accountRefusalText(r, locale) })) } })
  }
  const { number, ...destination } = destinationOf(checked.account, holderName)
  const checker = checkerOf(deps, borrower.market)
  const kept = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(payoutDestinations).where(eq(payoutDestinations.borrowerId, borrower.id)).for('update')
    // the outbox reads the account when it sends: never change it under a payout on its way
    if (await deps.payoutInFlight(tx, borrower.id)) throw new AppError('payoutAccountLocked')
    if (current && sameAccount(current, destination.channelCode, number, deps.secrets) && current.holderName === holderName) return current
    const version = (current?.version ?? 0) + 1
    const values = {
      market: borrower.market,
      kind: checked.account.kind,
      channelCode: destination.channelCode,
      accountNumber: sealAccountNumber(number, deps.secrets, borrower.id),
      holderName,
      ifsc: destination.ifsc ?? null,
      institution: checked.display.institution,
      last4: checked.display.last4,
      masked: checked.display.masked,
      nameCheck: (checker ? 'pending' : 'notAvailable') as NameCheck,
      holderNameFound: null,
      checkReference: checker ? checkReferenceOf(borrower.id, version) : null,
      checkedAt: checker ? null : now,
      // the job leaves it to this call's own check until that check's deadline has passed twice
      nextCheckAt: checker ? new Date(now.getTime() + 2 * (deps.checkTimeoutMs ?? CHECK_TIMEOUT_MS)) : null,
      checkAttempts: 0,
      version,
      updatedAt: now,
    }
    const [row] = await tx.insert(payoutDestinations).values({ borrowerId: borrower.id, ...values }).onConflictDoUpdate({ target: payoutDestinations.borrowerId, set: values }).returning()
    return row!
  })
  const row = kept.nameCheck === 'pending' ? ((await checkName(deps, kept, now)) ?? kept) : kept
  return { account: viewOf(row) }
}

function sameAccount(row: PayoutDestinationRow, channelCode: string, number: string, secrets: Keyring): boolean {
  return row.channelCode === channelCode && openAccountNumber(row, secrets) === number
}

/** Our idempotency key of one version's check: a retry of it never starts a second check at the provider. */
export const checkReferenceOf = (borrowerId: number, version: number) => `acct-${borrowerId}-${version}`

/**
 * Asks the provider who holds the account, outside any transaction, and records its answer on the
 * version it asked about (compare and set on the reference: a change meanwhile wins). No answer:
 * the check stays pending, asked again later. A holder's name that is not the identity's blocks the
 * payout and opens a flag for risk. Gives the row as recorded, or undefined when it changed meanwhile.
 */
export async function checkName(deps: AccountDeps, row: PayoutDestinationRow, now: Date): Promise<PayoutDestinationRow | undefined> {
  const provider = checkerOf(deps, row.market)
  const reference = row.checkReference
  if (!provider || !reference) return undefined
  let answer: AccountCheckAnswer | null
  const timeout = AbortSignal.timeout(deps.checkTimeoutMs ?? CHECK_TIMEOUT_MS)
  try {
    answer = await provider.checkAccount!({ reference, market: row.market, destination: payoutDestinationOf(row, deps.secrets) }, timeout)
  } catch {
    // a timeout, a 5xx, a 429: the outcome is unknown, asked again with the same reference
    answer = null
  }
  return deps.db.transaction(async (tx) => {
    const guard = and(eq(payoutDestinations.borrowerId, row.borrowerId), eq(payoutDestinations.checkReference, reference), eq(payoutDestinations.nameCheck, 'pending'))
    if (answer === null || answer.status === 'pending') {
      const attempts = row.checkAttempts + 1
      const wait = RETRY_SECONDS[Math.min(attempts - 1, RETRY_SECONDS.length - 1)]!
      const [updated] = await tx.update(payoutDestinations).set({ checkAttempts: attempts, nextCheckAt: new Date(now.getTime() + wait * 1000) }).where(guard).returning()
      return updated
    }
    const result: NameCheck = answer.status === 'unknownAccount' ? 'unknownAccount' : holderNameMatches(row.holderName, answer.holderName).match ? 'match' : 'mismatch'
    const holderNameFound = answer.status === 'found' ? answer.holderName : null
    const [updated] = await tx.update(payoutDestinations).set({ nameCheck: result, holderNameFound, checkedAt: now, nextCheckAt: null, checkAttempts: row.checkAttempts + 1 }).where(guard).returning()
    if (updated && result === 'mismatch') await flagMismatch(tx, updated, now)
    return updated
  })
}

async function flagMismatch(tx: Tx, row: PayoutDestinationRow, now: Date): Promise<void> {
  await tx
    .insert(kycFlags)
    .values({ kind: 'nameMismatch', market: row.market, borrowerId: row.borrowerId, holderName: row.holderNameFound, accountMasked: row.masked, createdAt: now })
    .onConflictDoUpdate({ target: [kycFlags.borrowerId, kycFlags.kind], targetWhere: eq(kycFlags.status, 'open'), set: { holderName: row.holderNameFound, accountMasked: row.masked, createdAt: now } })
}

/** The job: every pending check whose time came, oldest first (docs/product/identity-and-payout-account.md#name-check). */
export async function runNameChecks(deps: AccountDeps, now: Date, limit = 50): Promise<{ checked: number; stillPending: number }> {
  const due = await deps.db
    .select()
    .from(payoutDestinations)
    .where(and(eq(payoutDestinations.nameCheck, 'pending'), or(isNull(payoutDestinations.nextCheckAt), lte(payoutDestinations.nextCheckAt, now))))
    .orderBy(asc(payoutDestinations.nextCheckAt))
    .limit(limit)
  let checked = 0
  let stillPending = 0
  for (const row of due) {
    // an account kept before the name check, in a market whose provider has none: its number's own check stands
    if (!checkerOf(deps, row.market)) {
      await deps.db
        .update(payoutDestinations)
        .set({ nameCheck: 'notAvailable', checkedAt: now, nextCheckAt: null })
        .where(and(eq(payoutDestinations.borrowerId, row.borrowerId), eq(payoutDestinations.version, row.version), eq(payoutDestinations.nameCheck, 'pending')))
      checked += 1
      continue
    }
    // taken for one check (compare and set on its time), so that two processes never ask at once;
    // an account kept before its market's provider could check it gets this version's reference
    const asked = await claimCheck(deps, row, now)
    if (!asked) continue
    const after = await checkName(deps, asked, now)
    if (after?.nameCheck === 'pending') stillPending += 1
    else if (after) checked += 1
  }
  return { checked, stillPending }
}

/** The row taken for one check until its deadline has passed twice; undefined when another process took it, or it changed. */
async function claimCheck(deps: AccountDeps, row: PayoutDestinationRow, now: Date): Promise<PayoutDestinationRow | undefined> {
  const [claimed] = await deps.db
    .update(payoutDestinations)
    .set({ nextCheckAt: new Date(now.getTime() + 2 * (deps.checkTimeoutMs ?? CHECK_TIMEOUT_MS)), checkReference: row.checkReference ?? checkReferenceOf(row.borrowerId, row.version) })
    .where(
      and(
        eq(payoutDestinations.borrowerId, row.borrowerId),
        eq(payoutDestinations.version, row.version),
        eq(payoutDestinations.nameCheck, 'pending'),
        row.nextCheckAt === null ? isNull(payoutDestinations.nextCheckAt) : eq(payoutDestinations.nextCheckAt, row.nextCheckAt),
      ),
    )
    .returning()
  return claimed
}

/** Where the borrowers' payouts go, opened, with whether each may be paid into now (the payout outbox). */
export async function payoutDestinationsOf(db: Executor, secrets: Keyring, borrowerIds: number[]): Promise<Map<number, { destination: PayoutDestination; nameCheck: NameCheck; payable: boolean }>> {
  if (borrowerIds.length === 0) return new Map()
  const rows = await db.select().from(payoutDestinations).where(inArray(payoutDestinations.borrowerId, borrowerIds))
  return new Map(rows.map((r) => [r.borrowerId, { destination: payoutDestinationOf(r, secrets), nameCheck: r.nameCheck, payable: PAYABLE.includes(r.nameCheck) }]))
}

/** The account's name check and whether a loan may be paid into it, without opening it (the payout desk). */
export async function payoutReadinessOf(db: Executor, borrowerId: number): Promise<{ nameCheck: NameCheck; payable: boolean } | null> {
  const [row] = await db.select({ nameCheck: payoutDestinations.nameCheck }).from(payoutDestinations).where(eq(payoutDestinations.borrowerId, borrowerId))
  return row ? { nameCheck: row.nameCheck, payable: PAYABLE.includes(row.nameCheck) } : null
}

/**
 * Keeps an account as given (demo data and tests: the money desk's journeys), sealed, its name
 * check as stated (a match by default: demo accounts are the borrowers' own).
 */
export async function saveDestination(db: Executor, secrets: Keyring, borrowerId: number, destination: PayoutDestination, now = new Date(), nameCheck: NameCheck = 'match'): Promise<void> {
  const upi = !destination.accountNumber && destination.vpa
  const number = upi ? destination.vpa! : destination.accountNumber
  const kind = upi ? 'upi' : destination.ifsc ? 'bank' : /^40\d{3}$/.test(destination.channelCode) ? 'clabe' : 'bank'
  const institution = kind === 'clabe' ? (MX_CLABE_BANKS[number.slice(0, 3)] ?? 'CLABE') : kind === 'upi' ? number.slice(number.lastIndexOf('@') + 1) : destination.ifsc ?? destination.channelCode
  const last4 = upi ? null : number.slice(-4)
  const masked = upi ? `${number.slice(0, 3)}•••@${institution}` : `${institution} •••• ${last4}`
  const market: Market = kind === 'clabe' ? 'MX' : destination.ifsc || upi ? 'IN' : 'ID'
  const values = {
    market,
    kind: kind as PayoutDestinationRow['kind'],
    channelCode: destination.channelCode,
    accountNumber: sealAccountNumber(number, secrets, borrowerId),
    holderName: destination.holderName,
    ifsc: destination.ifsc ?? null,
    institution,
    last4,
    masked,
    nameCheck,
    holderNameFound: nameCheck === 'match' ? destination.holderName.toUpperCase() : null,
    checkedAt: now,
    updatedAt: now,
  }
  await db.insert(payoutDestinations).values({ borrowerId, ...values }).onConflictDoUpdate({ target: payoutDestinations.borrowerId, set: values })
}
