import { luhnValid } from './card.js'
import { isValidClabe } from './clabe.js'
import type { Market } from './markets.js'
import { normalizeMobile } from './phone.js'

/**
 * The account a borrower's loan is paid into, per market, as the app shell sends it
 * (docs/product/identity-and-payout-account.md#payout-account). These are pure checks of form:
 * whether the account exists and whose it is only the provider can say (see holder-name.ts for
 * the rule on the holder's name it returns).
 */

// ─── Indonesia ───────────────────────────────────────────────────────────────────────────────

/** Xendit's payout channel codes of the Indonesian banks we pay into. */
export const ID_BANK_CODES = ['ID_BCA', 'ID_BNI', 'ID_BRI', 'ID_MANDIRI', 'ID_PERMATA', 'ID_CIMB', 'ID_DANAMON', 'ID_BSI', 'ID_BTN', 'ID_OCBC'] as const
export type IdBankCode = (typeof ID_BANK_CODES)[number]

export interface IdPayoutBank {
  /** What the borrower sees, on masks too. */
  shortName: string
  name: string
  /** The length of the bank's savings account numbers where it is fixed; otherwise 6 to 20 digits. */
  accountNoLength?: number
}

export const ID_PAYOUT_BANKS: Readonly<Record<IdBankCode, IdPayoutBank>> = {
  ID_BCA: { shortName: 'BCA', name: 'Bank Central Asia', accountNoLength: 10 },
  ID_BNI: { shortName: 'BNI', name: 'Bank Negara Indonesia', accountNoLength: 10 },
  ID_BRI: { shortName: 'BRI', name: 'Bank Rakyat Indonesia', accountNoLength: 15 },
  ID_MANDIRI: { shortName: 'MANDIRI', name: 'Bank Mandiri', accountNoLength: 13 },
  ID_PERMATA: { shortName: 'PERMATA', name: 'Bank Permata' },
  ID_CIMB: { shortName: 'CIMB NIAGA', name: 'Bank CIMB Niaga' },
  ID_DANAMON: { shortName: 'DANAMON', name: 'Bank Danamon Indonesia' },
  ID_BSI: { shortName: 'BSI', name: 'Bank Syariah Indonesia' },
  ID_BTN: { shortName: 'BTN', name: 'Bank Tabungan Negara' },
  ID_OCBC: { shortName: 'OCBC NISP', name: 'Bank OCBC NISP' },
}

/** Bank account numbers of a bank whose length we do not know. */
export const ID_ACCOUNT_NO_LENGTH = { min: 6, max: 20 } as const

export const ID_EWALLET_PROVIDERS = ['DANA', 'OVO', 'GOPAY'] as const
export type IdEwalletProvider = (typeof ID_EWALLET_PROVIDERS)[number]

/** Xendit's payout channel code and the name the borrower sees, per e-wallet. */
export const ID_EWALLETS: Readonly<Record<IdEwalletProvider, { channelCode: `ID_${IdEwalletProvider}`; shortName: string }>> = {
  DANA: { channelCode: 'ID_DANA', shortName: 'DANA' },
  OVO: { channelCode: 'ID_OVO', shortName: 'OVO' },
  GOPAY: { channelCode: 'ID_GOPAY', shortName: 'GOPAY' },
}

// ─── India ───────────────────────────────────────────────────────────────────────────────────

/** An IFSC: four letters of bank, a zero, six letters or digits of branch. */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/
export const IN_ACCOUNT_NO_LENGTH = { min: 9, max: 18 } as const
/** A UPI id (VPA): a handle, `@`, the provider's handle. */
export const VPA_PATTERN = /^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,64}$/

// ─── Mexico ──────────────────────────────────────────────────────────────────────────────────

/**
 * The banks a CLABE may start with: ABM's three-digit code of the main banks and payment
 * institutions, with the name the borrower knows. A CLABE of another bank is refused.
 */
export const MX_CLABE_BANKS: Readonly<Record<string, string>> = {
  '002': 'BANAMEX',
  '012': 'BBVA MEXICO',
  '014': 'SANTANDER',
  '021': 'HSBC',
  '030': 'BAJIO',
  '036': 'INBURSA',
  '042': 'MIFEL',
  '044': 'SCOTIABANK',
  '058': 'BANREGIO',
  '062': 'AFIRME',
  '072': 'BANORTE',
  '127': 'AZTECA',
  '130': 'COMPARTAMOS',
  '137': 'BANCOPPEL',
  '166': 'BANCO DEL BIENESTAR',
  '638': 'NU MEXICO',
  '646': 'STP',
  '722': 'MERCADO PAGO W',
}

/** A debit card a payout goes to: 16 digits, Luhn-valid. */
export const MX_CARD_NO_LENGTH = 16

// ─── Types ───────────────────────────────────────────────────────────────────────────────────

/** What the app shell sends, per market. Fields are as typed by the borrower: spaces, dashes, any case. */
export interface PayoutAccountInputs {
  ID:
    | { kind: 'bank'; /** Xendit's code (`ID_BCA`) or ours (`BCA`). */ bankCode: string; accountNo: string }
    | { kind: 'ewallet'; /** `DANA`, `OVO` or `GOPAY`. */ provider: string; /** The mobile number of the e-wallet. */ phone: string }
  IN: { kind: 'bank'; ifsc: string; accountNo: string } | { kind: 'upi'; vpa: string }
  MX: { kind: 'clabe'; clabe: string } | { kind: 'debitCard'; cardNo: string }
}
export type PayoutAccountInput<M extends Market = Market> = PayoutAccountInputs[M]

/** A checked account in its normal form; checking it again gives it back unchanged. */
export interface PayoutAccounts {
  ID: { kind: 'bank'; bankCode: IdBankCode; accountNo: string } | { kind: 'ewallet'; provider: IdEwalletProvider; /** E.164. */ phone: string }
  /** The IFSC upper case, the VPA lower case. */
  IN: { kind: 'bank'; ifsc: string; accountNo: string } | { kind: 'upi'; vpa: string }
  MX: { kind: 'clabe'; clabe: string } | { kind: 'debitCard'; cardNo: string }
}
export type PayoutAccount<M extends Market = Market> = PayoutAccounts[M]

export type PayoutAccountField = 'kind' | 'bankCode' | 'accountNo' | 'provider' | 'phone' | 'ifsc' | 'vpa' | 'clabe' | 'cardNo'

/** Stable keys: the server words them in the borrower's language. */
export const PAYOUT_ACCOUNT_REASONS = [
  /** The kind is not one of the market's. */
  'unknownKind',
  /** The field is empty (or not text). */
  'missing',
  'unknownBank',
  /** The account number has something other than digits (spaces and dashes are allowed). */
  'accountNoDigits',
  /** The account number has the wrong number of digits for its bank or market. */
  'accountNoLength',
  'unknownProvider',
  /** Not a mobile number of the market. */
  'phone',
  'ifscPattern',
  'vpaPattern',
  /** Not 18 digits. */
  'clabeLength',
  'clabeCheckDigit',
  /** The first three digits are not a bank we pay into. */
  'clabeBank',
  /** Not 16 digits. */
  'cardLength',
  'cardLuhn',
] as const
export type PayoutAccountReason = (typeof PAYOUT_ACCOUNT_REASONS)[number]

export interface PayoutAccountRefusal {
  field: PayoutAccountField
  reason: PayoutAccountReason
}

/** What may be shown of an account: the bank (or wallet, IFSC, UPI provider) and at most the last 4 digits. */
export interface PayoutAccountDisplay {
  institution: string
  /** The last 4 digits of the number; null for a UPI id, which has no number. */
  last4: string | null
  /** As maskPayoutAccount gives it. */
  masked: string
}

export type PayoutAccountCheck<M extends Market = Market> =
  | { ok: true; account: PayoutAccount<M>; display: PayoutAccountDisplay }
  | { ok: false; refusals: PayoutAccountRefusal[] }

// ─── Checks ──────────────────────────────────────────────────────────────────────────────────

/** The field as text, trimmed; '' when it is missing or not text. */
function text(input: object, field: string): string {
  const value = (input as Record<string, unknown>)[field]
  return typeof value === 'string' ? value.trim() : ''
}

/** Digits as typed, with the spaces and dashes people put between groups taken out. */
function compact(value: string): string {
  return value.replace(/[\s-]+/g, '')
}

/** A number of the market's account numbers, by the bank's length where it is known. */
function checkDigits(value: string, field: PayoutAccountField, length: { min: number; max: number }, refusals: PayoutAccountRefusal[]): void {
  if (value === '') refusals.push({ field, reason: 'missing' })
  else if (!/^\d+$/.test(value)) refusals.push({ field, reason: 'accountNoDigits' })
  else if (value.length < length.min || value.length > length.max) refusals.push({ field, reason: 'accountNoLength' })
}

function idBankCode(value: string): IdBankCode | null {
  const upper = value.toUpperCase().replace(/[\s-]+/g, '_')
  const code = upper.startsWith('ID_') ? upper : `ID_${upper}`
  return (ID_BANK_CODES as readonly string[]).includes(code) ? (code as IdBankCode) : null
}

function idEwallet(value: string): IdEwalletProvider | null {
  const upper = value.toUpperCase().replace(/[\s-]+/g, '')
  const name = upper.startsWith('ID_') ? upper.slice(3) : upper
  return (ID_EWALLET_PROVIDERS as readonly string[]).includes(name) ? (name as IdEwalletProvider) : null
}

function checkId(input: object, kind: unknown, refusals: PayoutAccountRefusal[]): PayoutAccount<'ID'> | null {
  if (kind === 'bank') {
    const rawBank = text(input, 'bankCode')
    const bankCode = rawBank === '' ? null : idBankCode(rawBank)
    if (rawBank === '') refusals.push({ field: 'bankCode', reason: 'missing' })
    else if (bankCode === null) refusals.push({ field: 'bankCode', reason: 'unknownBank' })
    const fixed = bankCode === null ? undefined : ID_PAYOUT_BANKS[bankCode].accountNoLength
    const accountNo = compact(text(input, 'accountNo'))
    checkDigits(accountNo, 'accountNo', fixed === undefined ? ID_ACCOUNT_NO_LENGTH : { min: fixed, max: fixed }, refusals)
    return bankCode === null || refusals.length > 0 ? null : { kind: 'bank', bankCode, accountNo }
  }
  if (kind === 'ewallet') {
    const rawProvider = text(input, 'provider')
    const provider = rawProvider === '' ? null : idEwallet(rawProvider)
    if (rawProvider === '') refusals.push({ field: 'provider', reason: 'missing' })
    else if (provider === null) refusals.push({ field: 'provider', reason: 'unknownProvider' })
    const rawPhone = text(input, 'phone')
    const phone = rawPhone === '' ? null : normalizeMobile(rawPhone, 'ID')
    if (rawPhone === '') refusals.push({ field: 'phone', reason: 'missing' })
    else if (phone === null) refusals.push({ field: 'phone', reason: 'phone' })
    return provider === null || phone === null ? null : { kind: 'ewallet', provider, phone }
  }
  refusals.push({ field: 'kind', reason: 'unknownKind' })
  return null
}

function checkIn(input: object, kind: unknown, refusals: PayoutAccountRefusal[]): PayoutAccount<'IN'> | null {
  if (kind === 'bank') {
    const ifsc = compact(text(input, 'ifsc')).toUpperCase()
    if (ifsc === '') refusals.push({ field: 'ifsc', reason: 'missing' })
    else if (!IFSC_PATTERN.test(ifsc)) refusals.push({ field: 'ifsc', reason: 'ifscPattern' })
    const accountNo = compact(text(input, 'accountNo'))
    checkDigits(accountNo, 'accountNo', IN_ACCOUNT_NO_LENGTH, refusals)
    return refusals.length > 0 ? null : { kind: 'bank', ifsc, accountNo }
  }
  if (kind === 'upi') {
    // Dashes are allowed in a VPA, so only the case is changed.
    const vpa = text(input, 'vpa').toLowerCase()
    if (vpa === '') refusals.push({ field: 'vpa', reason: 'missing' })
    else if (!VPA_PATTERN.test(vpa)) refusals.push({ field: 'vpa', reason: 'vpaPattern' })
    return refusals.length > 0 ? null : { kind: 'upi', vpa }
  }
  refusals.push({ field: 'kind', reason: 'unknownKind' })
  return null
}

function checkMx(input: object, kind: unknown, refusals: PayoutAccountRefusal[]): PayoutAccount<'MX'> | null {
  if (kind === 'clabe') {
    const clabe = compact(text(input, 'clabe'))
    if (clabe === '') refusals.push({ field: 'clabe', reason: 'missing' })
    else if (!/^\d{18}$/.test(clabe)) refusals.push({ field: 'clabe', reason: 'clabeLength' })
    else {
      if (!isValidClabe(clabe)) refusals.push({ field: 'clabe', reason: 'clabeCheckDigit' })
      if (MX_CLABE_BANKS[clabe.slice(0, 3)] === undefined) refusals.push({ field: 'clabe', reason: 'clabeBank' })
    }
    return refusals.length > 0 ? null : { kind: 'clabe', clabe }
  }
  if (kind === 'debitCard') {
    const cardNo = compact(text(input, 'cardNo'))
    if (cardNo === '') refusals.push({ field: 'cardNo', reason: 'missing' })
    else if (!new RegExp(`^\\d{${MX_CARD_NO_LENGTH}}$`).test(cardNo)) refusals.push({ field: 'cardNo', reason: 'cardLength' })
    else if (!luhnValid(cardNo)) refusals.push({ field: 'cardNo', reason: 'cardLuhn' })
    return refusals.length > 0 ? null : { kind: 'debitCard', cardNo }
  }
  refusals.push({ field: 'kind', reason: 'unknownKind' })
  return null
}

/**
 * Checks and normalizes the payout account the shell sent (trimmed, spaces and dashes out of
 * numbers, bank codes and IFSCs upper case, VPAs lower case, phones E.164): the account and what
 * may be shown of it, or every refusal found, by field. Never throws, whatever the input.
 */
export function checkPayoutAccount<M extends Market>(market: M, input: PayoutAccountInput<M>): PayoutAccountCheck<M> {
  const refusals: PayoutAccountRefusal[] = []
  const object: object = typeof input === 'object' && input !== null ? input : {}
  const kind = (object as { kind?: unknown }).kind
  const account = market === 'ID' ? checkId(object, kind, refusals) : market === 'IN' ? checkIn(object, kind, refusals) : checkMx(object, kind, refusals)
  if (account === null || refusals.length > 0) return { ok: false, refusals }
  return { ok: true, account: account as PayoutAccount<M>, display: displayOf(market, account as PayoutAccount<M>) }
}

// ─── What may be shown ───────────────────────────────────────────────────────────────────────

const DOTS = '••••'

/** The last 4 digits of a number, whatever else it holds. */
function last4(value: string): string {
  return value.replace(/\D/g, '').slice(-4)
}

/** A card's network by its first digits, for the display; 'CARD' when it is neither. */
function cardNetwork(cardNo: string): string {
  if (cardNo.startsWith('4')) return 'VISA'
  const two = Number(cardNo.slice(0, 2))
  const four = Number(cardNo.slice(0, 4))
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'MASTERCARD'
  return 'CARD'
}

function displayOf<M extends Market>(market: M, account: PayoutAccount<M>): PayoutAccountDisplay {
  const a = account as PayoutAccount
  switch (a.kind) {
    case 'bank':
      if (market === 'IN' && 'ifsc' in a) return numbered(a.ifsc, a.accountNo)
      if ('bankCode' in a) return numbered(ID_PAYOUT_BANKS[a.bankCode]?.shortName ?? String(a.bankCode), a.accountNo)
      return numbered('BANK', a.accountNo)
    case 'ewallet':
      return numbered(ID_EWALLETS[a.provider]?.shortName ?? String(a.provider), a.phone)
    case 'upi': {
      const at = a.vpa.lastIndexOf('@')
      const handle = at < 0 ? a.vpa : a.vpa.slice(0, at)
      const provider = at < 0 ? '' : a.vpa.slice(at + 1)
      // The first three characters of the handle, and never the whole of a short one.
      const shown = handle.slice(0, Math.max(0, Math.min(3, handle.length - 1)))
      return { institution: provider, last4: null, masked: `${shown}•••@${provider}` }
    }
    case 'clabe':
      return numbered(MX_CLABE_BANKS[a.clabe.slice(0, 3)] ?? 'CLABE', a.clabe)
    case 'debitCard':
      return numbered(cardNetwork(a.cardNo), a.cardNo)
  }
}

function numbered(institution: string, number: string): PayoutAccountDisplay {
  const last = last4(number)
  return { institution, last4: last, masked: `${institution} ${DOTS} ${last}` }
}

/**
 * What anyone may see of a checked account: `BCA •••• 7890`, `HDFC0001234 •••• 4321` (the IFSC is
 * a branch code, not the account), `ana•••@okaxis`, `BBVA MEXICO •••• 5678`, `DANA •••• 5678`.
 * Never more than the last 4 digits of the number.
 */
export function maskPayoutAccount<M extends Market>(market: M, account: PayoutAccount<M>): string {
  return displayOf(market, account).masked
}

/** Xendit's payout channel code of an Indonesian account: `ID_BCA`, `ID_DANA`. */
export function idPayoutChannelCode(account: PayoutAccount<'ID'>): string {
  return account.kind === 'bank' ? account.bankCode : ID_EWALLETS[account.provider].channelCode
}
