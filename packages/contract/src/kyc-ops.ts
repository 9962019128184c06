import { z } from 'zod'
import { payoutAccountViewSchema } from './kyc.js'
import { defineOpsCall, OPS_API_PREFIX } from './ops.js'
import { opsOrderNo } from './orders.js'
import { STORABLE_TEXT } from './text.js'

/**
 * The staff's side of know-the-borrower (docs/product/identity-and-payout-account.md#staff): the
 * masked view on the order screen, the reveal with a reason, and the risk queue. Apart from the
 * borrower's calls (kyc.ts), so that a borrower screen never ships the console's definitions.
 */

export const KYC_OPS_LIMITS = { reasonMin: 10, reasonMax: 300, note: 500 } as const
const isoString = z.string()


/** The fields a role that needs them may reveal, one at a time. */
export const REVEAL_FIELDS = ['documentNumber', 'birthDate', 'address', 'payoutAccount'] as const
export type RevealField = (typeof REVEAL_FIELDS)[number]

/** What staff see of an identity: the name and the masked number; the rest behind a reveal. */
export const staffIdentitySchema = z.object({
  fullName: z.string(),
  documentKind: z.enum(['nik', 'pan', 'curp']),
  /** `3201 **** **** 0004`, `ABCDE****F`. */
  documentMasked: z.string(),
  /** Only the year, for the roles that see more than the name. */
  birthYear: z.number().int().nullable(),
  kycResult: z.enum(['verified', 'failed']),
  kycVendor: z.string(),
  version: z.number().int(),
  /** Corrections before the current version, newest first: when, and the masked number then. */
  history: z.array(z.object({ version: z.number().int(), fullName: z.string(), documentMasked: z.string(), recordedAt: isoString, replacedAt: isoString.nullable() })),
  updatedAt: isoString,
})

export const KYC_FLAG_KINDS = ['duplicateIdentity', 'nameMismatch'] as const
export type KycFlagKind = (typeof KYC_FLAG_KINDS)[number]

export const kycFlagSchema = z.object({
  id: z.number().int(),
  kind: z.enum(KYC_FLAG_KINDS),
  market: z.enum(['ID', 'IN', 'MX']),
  borrowerId: z.number().int(),
  borrowerName: z.string().nullable(),
  phoneMasked: z.string(),
  /** The borrower's latest order, to open its screen; null before any. */
  orderNo: z.string().nullable(),
  /** The other borrower who holds the identity (risk sees it; the borrower never does): masked phone, latest order. */
  otherPhoneMasked: z.string().nullable(),
  otherOrderNo: z.string().nullable(),
  /** A name mismatch: the name the bank holds, and the account as staff see it. */
  holderName: z.string().nullable(),
  accountMasked: z.string().nullable(),
  status: z.enum(['open', 'accepted', 'rejected']),
  note: z.string().nullable(),
  createdAt: isoString,
  resolvedAt: isoString.nullable(),
  resolvedBy: z.string().nullable(),
})

/**
 * Every role of the order's market: the identity of the order's borrower masked (agents: the name and
 * the masked number only), and the account masked with its name check. Staff reach a borrower by an
 * order, as every other console screen does.
 */
export const opsBorrowerKyc = defineOpsCall({
  method: 'GET',
  path: `${OPS_API_PREFIX}/kyc/borrower`,
  roles: ['agent', 'risk', 'finance', 'collector', 'admin'],
  query: z.object({ orderNo: opsOrderNo }),
  data: z.object({
    identity: staffIdentitySchema.nullable(),
    payoutAccount: payoutAccountViewSchema.extend({ holderName: z.string().nullable(), checkedAt: isoString.nullable() }).nullable(),
    /** Whether this member may reveal (and so sees the reveal buttons). */
    canReveal: z.boolean(),
  }),
})

/** Risk or collections: one field whole, with a reason; every reveal writes an audit row. */
export const opsKycReveal = defineOpsCall({
  method: 'POST',
  path: `${OPS_API_PREFIX}/kyc/reveal`,
  permission: 'identity.reveal',
  body: z.object({
    orderNo: opsOrderNo,
    field: z.enum(REVEAL_FIELDS),
    reason: z.string().trim().min(KYC_OPS_LIMITS.reasonMin).max(KYC_OPS_LIMITS.reasonMax).regex(STORABLE_TEXT),
  }),
  data: z.object({ field: z.enum(REVEAL_FIELDS), value: z.string() }),
})

/** Risk: the queue of duplicate identities and name mismatches, open first. */
export const opsKycFlags = defineOpsCall({
  method: 'GET',
  path: `${OPS_API_PREFIX}/kyc/flags`,
  roles: ['risk', 'admin'],
  query: z.object({ status: z.enum(['open', 'closed']).default('open') }),
  data: z.object({ flags: z.array(kycFlagSchema) }),
})

/**
 * Risk: closes a flag. A name mismatch `accepted` lets the account be paid into (the member looked,
 * say a married name); `rejected` keeps it blocked until the borrower gives another account.
 */
export const opsKycFlagResolve = defineOpsCall({
  method: 'POST',
  path: `${OPS_API_PREFIX}/kyc/flags/resolve`,
  roles: ['risk'],
  body: z.object({
    flagId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    decision: z.enum(['accepted', 'rejected']),
    note: z.string().trim().min(1).max(KYC_OPS_LIMITS.note).regex(STORABLE_TEXT),
  }),
  data: z.object({ flag: kycFlagSchema }),
})

export const kycOpsCalls = { opsBorrowerKyc, opsKycReveal, opsKycFlags, opsKycFlagResolve }
