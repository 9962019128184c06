import { z } from 'zod'
import { defineCall } from './call.js'
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
}).meta({
  description: "One market's identity: the borrower's market (their session's) says which fields count.",
  examples: [
    {
      fullName: 'Budi Santoso',
      nik: '3273011205900001',
      birthDate: '1990-05-12',
      gender: 'male',
      placeOfBirth: 'Bandung',
      address: { street: 'Jl. Merdeka No. 10', provinceCode: '32', cityCode: '3273' },
      kyc: { vendor: 'acme-kyc', reference: 'KYC-0001', result: 'verified', checkedAt: '2026-11-01T10:00:00+07:00' },
    },
    {
      fullName: 'Priya Sharma',
      pan: 'BQKPS4821K',
      aadhaar: { lastFour: '4821', ekycReference: 'EKYC-000123' },
      birthDate: '1991-03-15',
      gender: 'female',
      address: { street: '12 Marine Drive, Mumbai', pinCode: '400001' },
      kyc: { vendor: 'acme-kyc', reference: 'KYC-0002', result: 'verified', checkedAt: '2026-11-01T10:00:00+05:30' },
    },
    {
      fullName: 'María López García',
      curp: 'LOGM920714MJCPRR09',
      birthDate: '1992-07-14',
      gender: 'female',
      address: { street: 'Av. Juárez 100, Guadalajara', postalCode: '44100' },
      kyc: { vendor: 'acme-kyc', reference: 'KYC-0003', result: 'verified', checkedAt: '2026-11-01T10:00:00-06:00' },
    },
  ],
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
