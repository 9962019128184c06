import { z } from 'zod'
import { defineCall } from './call.js'
import { defineOpsCall, OPS_API_PREFIX } from './ops.js'
import { opsOrderNo } from './orders.js'
import { STORABLE_TEXT } from './text.js'

/**
 * Know the borrower (docs/product/identity-and-payout-account.md): the calls the app shell makes
 * after its identity (KYC) step and its bank step, the borrower's `/payout-account` screen, and the
 * staff's masked view, reveal and risk queue. The zod schemas bound each field's type and length;
 * the market's own rules (NIK, PAN, CURP, CLABE, IFSC, …) are the domain's, and their refusals come
 * back field by field in the borrower's language (`identityRefused`, `payoutAccountRefused`).
 */

export const KYC_PREFIX = '/api/kyc'

/** Upper bounds of what the schemas let through; the domain's checks are stricter. */
export const KYC_LIMITS = {
  name: 100,
  number: 40,
  place: 100,
  street: 200,
  code: 12,
  reference: 100,
  vendor: 40,
  /** A staff member's reason for a reveal. */
  reasonMin: 10,
  reasonMax: 300,
  note: 500,
} as const

const text = (max: number) => z.string().trim().max(max).regex(STORABLE_TEXT)
const isoDate = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/)
const isoString = z.string()

/** The KYC vendor's answer, as the shell got it: who checked, their reference, the result and when. */
export const kycResultSchema = z.object({
  vendor: text(KYC_LIMITS.vendor).min(1),
  reference: text(KYC_LIMITS.reference).min(1),
  result: z.enum(['verified', 'failed']),
  /** When the vendor answered (ISO 8601). */
  checkedAt: z.iso.datetime({ offset: true }),
})

/**
 * What the shell sends after its identity step. One shape for the three markets: the borrower's
 * market (their session's) says which number fields count; the others are ignored, and a missing
 * one is refused by the domain's check as `required`.
 */
export const identityInputSchema = z.object({
  fullName: text(KYC_LIMITS.name),
  birthDate: isoDate,
  gender: z.enum(['female', 'male', 'x']),
  /** Indonesia. */
  placeOfBirth: text(KYC_LIMITS.place).optional(),
  /** Indonesia: the NIK of the KTP. */
  nik: text(KYC_LIMITS.number).optional(),
  /** India: the PAN. */
  pan: text(KYC_LIMITS.number).optional(),
  /** India: never the whole Aadhaar number, only its last four digits and the eKYC reference. */
  aadhaar: z.object({ lastFour: text(KYC_LIMITS.number), ekycReference: text(KYC_LIMITS.reference) }).optional(),
  /** Mexico. */
  curp: text(KYC_LIMITS.number).optional(),
  rfc: text(KYC_LIMITS.number).optional(),
  address: z.object({
    street: text(KYC_LIMITS.street),
    /** Indonesia: the province and regency/city codes of Kemendagri. */
    provinceCode: text(KYC_LIMITS.code).optional(),
    cityCode: text(KYC_LIMITS.code).optional(),
    /** India. */
    pinCode: text(KYC_LIMITS.code).optional(),
    /** Mexico. */
    postalCode: text(KYC_LIMITS.code).optional(),
  }),
  kyc: kycResultSchema,
})
export type IdentityInput = z.input<typeof identityInputSchema>

/** The borrower's own identity, as they gave it: shown whole to them alone. */
export const identityViewSchema = z.object({
  market: z.enum(['ID', 'IN', 'MX']),
  fullName: z.string(),
  /** The document's kind: `nik`, `pan` or `curp`. */
  documentKind: z.enum(['nik', 'pan', 'curp']),
  documentNumber: z.string(),
  birthDate: z.string(),
  gender: z.enum(['female', 'male', 'x']),
  placeOfBirth: z.string().nullable(),
  rfc: z.string().nullable(),
  aadhaarLastFour: z.string().nullable(),
  address: z.object({
    street: z.string(),
    provinceCode: z.string().nullable(),
    cityCode: z.string().nullable(),
    pinCode: z.string().nullable(),
    postalCode: z.string().nullable(),
  }),
  kyc: z.object({ vendor: z.string(), reference: z.string(), result: z.enum(['verified', 'failed']), checkedAt: isoString }),
  /** Its version: 1 for the first, one more for each correction. */
  version: z.number().int(),
  updatedAt: isoString,
})

/** A refused field: where (a path into the payload), the stable reason key, and the text in the caller's language. */
export const fieldRefusalSchema = z.object({ field: z.string(), reason: z.string(), message: z.string() })

/** After the shell's identity step: keeps (or corrects) the borrower's identity. */
export const identitySet = defineCall({
  method: 'POST',
  path: `${KYC_PREFIX}/identity`,
  family: 'code0',
  auth: 'borrower',
  bodyType: 'json',
  body: identityInputSchema,
  data: z.object({ identity: identityViewSchema }),
})

/** The borrower's identity, or null before the shell's identity step. */
export const identityGet = defineCall({
  method: 'GET',
  path: `${KYC_PREFIX}/identity`,
  family: 'code0',
  auth: 'borrower',
  data: z.object({ identity: identityViewSchema.nullable() }),
})

/** The account a loan is paid into, in the market's terms (the domain's PayoutAccountInputs). */
export const payoutAccountInputSchema = z.object({
  kind: z.enum(['bank', 'ewallet', 'upi', 'clabe', 'debitCard']),
  /** Indonesia: Xendit's channel code (`ID_BCA`) or the bank's short code. */
  bankCode: text(KYC_LIMITS.code * 2).optional(),
  accountNo: text(KYC_LIMITS.number).optional(),
  /** Indonesia: DANA, OVO or GOPAY. */
  provider: text(KYC_LIMITS.code).optional(),
  phone: text(KYC_LIMITS.number).optional(),
  /** India. */
  ifsc: text(KYC_LIMITS.code * 2).optional(),
  vpa: text(KYC_LIMITS.reference * 3).optional(),
  /** Mexico. */
  clabe: text(KYC_LIMITS.number).optional(),
  cardNo: text(KYC_LIMITS.number).optional(),
})
export type PayoutAccountInputBody = z.input<typeof payoutAccountInputSchema>

/**
 * The result of the check of the holder's name with the market's provider:
 * `pending` (not asked yet, or the provider did not answer: asked again), `match`, `mismatch` (the
 * payout is blocked and risk looks at it), `unknownAccount` (the bank knows no such account),
 * `notAvailable` (the market has no such check: the number's own check stands), `accepted` (a
 * mismatch a risk member accepted after looking).
 */
export const NAME_CHECK_RESULTS = ['pending', 'match', 'mismatch', 'unknownAccount', 'notAvailable', 'accepted'] as const
export type NameCheckResult = (typeof NAME_CHECK_RESULTS)[number]

/** What the borrower and staff see of an account: never more than the institution and the last four digits. */
export const payoutAccountViewSchema = z.object({
  kind: z.enum(['bank', 'ewallet', 'upi', 'clabe', 'debitCard']),
  institution: z.string(),
  last4: z.string().nullable(),
  masked: z.string(),
  nameCheck: z.enum(NAME_CHECK_RESULTS),
  /** Whether a loan may be paid into it now. */
  payable: z.boolean(),
  updatedAt: isoString,
})
export type PayoutAccountView = z.infer<typeof payoutAccountViewSchema>

/** The borrower's account (null before the bank step), whether it may be changed now, and the market's choices. */
export const payoutAccountGet = defineCall({
  method: 'GET',
  path: `${KYC_PREFIX}/payout-account`,
  family: 'code0',
  auth: 'borrower',
  data: z.object({
    account: payoutAccountViewSchema.nullable(),
    /** False while a loan is being paid out, or before the identity step. */
    canChange: z.boolean(),
    hasIdentity: z.boolean(),
    kinds: z.array(z.enum(['bank', 'ewallet', 'upi', 'clabe', 'debitCard'])),
    /** Indonesia's banks and e-wallets: `code` as the call takes it, `name` to show. */
    banks: z.array(z.object({ code: z.string(), name: z.string() })),
    wallets: z.array(z.object({ code: z.string(), name: z.string() })),
  }),
})

/** After the shell's bank step, or on `/payout-account`: sets the account, then checks the holder's name. */
export const payoutAccountSet = defineCall({
  method: 'POST',
  path: `${KYC_PREFIX}/payout-account`,
  family: 'code0',
  auth: 'borrower',
  bodyType: 'json',
  body: payoutAccountInputSchema,
  data: z.object({ account: payoutAccountViewSchema }),
})

export const kycCalls = { identitySet, identityGet, payoutAccountGet, payoutAccountSet }

// ─── Staff ────────────────────────────────────────────────────────────────────────────────────


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
    reason: z.string().trim().min(KYC_LIMITS.reasonMin).max(KYC_LIMITS.reasonMax).regex(STORABLE_TEXT),
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
    note: z.string().trim().min(1).max(KYC_LIMITS.note).regex(STORABLE_TEXT),
  }),
  data: z.object({ flag: kycFlagSchema }),
})

export const kycOpsCalls = { opsBorrowerKyc, opsKycReveal, opsKycFlags, opsKycFlagResolve }
