import { and, eq } from 'drizzle-orm'
import { ageOn, localDate, type Market } from '@kilat/domain'
import type { Keyring } from '../../adapters/secrets/secret-box.js'
import type { Executor } from '../../db/client.js'
import { openIdentity } from './kyc.secrets.js'
import { borrowerIdentities, kycFlags, payoutDestinations, type NameCheck } from './kyc.schema.js'
import { PAYABLE } from './payout-account.js'

/**
 * What the identity module tells the credit policy of a borrower (docs/product/decisions.md#inputs):
 * the age on the decision's local date (the birth date is opened here, never handed out), the KYC
 * vendor's result, whether another borrower holds the same identity (an open flag), and the payout
 * account's name check.
 */
export interface IdentityFacts {
  identity: { age: number | null; kycVerified: boolean; duplicate: boolean }
  payoutAccount: { nameCheck: NameCheck | 'none'; payable: boolean }
}

export async function identityFacts(db: Executor, secrets: Keyring, borrowerId: number, market: Market, now: Date): Promise<IdentityFacts> {
  const [[identity], [account], [duplicate]] = await Promise.all([
    db.select().from(borrowerIdentities).where(eq(borrowerIdentities.borrowerId, borrowerId)),
    db.select({ nameCheck: payoutDestinations.nameCheck }).from(payoutDestinations).where(eq(payoutDestinations.borrowerId, borrowerId)),
    db
      .select({ id: kycFlags.id })
      .from(kycFlags)
      .where(and(eq(kycFlags.borrowerId, borrowerId), eq(kycFlags.kind, 'duplicateIdentity'), eq(kycFlags.status, 'open')))
      .limit(1),
  ])
  const age = identity ? ageOn(openIdentity(identity, secrets).birthDate, localDate(now, market)) : null
  const nameCheck = account?.nameCheck ?? 'none'
  return {
    identity: { age, kycVerified: identity?.kycResult === 'verified', duplicate: duplicate !== undefined },
    payoutAccount: { nameCheck, payable: account !== undefined && PAYABLE.includes(account.nameCheck) },
  }
}
