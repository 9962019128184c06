import { localDate } from './calendar.js'
import { isIdProvinceCode, isMxStateCode } from './identity-regions.js'
import type { Market } from './markets.js'

export * from './identity-regions.js'

/**
 * A borrower's identity as the app shell sends it after its KYC step, checked by market, and what
 * staff screens may see of it (docs/product/identity-and-payout-account.md#identity-checks): Indonesia's
 * NIK, India's PAN and the last four digits of Aadhaar, Mexico's CURP and, when given, RFC. Every
 * refusal names the field and a stable reason key, so the server says it in the borrower's language.
 * Numbers are checked on their normalized form (normalizeIdNumber) and stored in it.
 */

/** Why a field is refused; the server keeps one message per key and language. */
export const IDENTITY_REASONS = [
  /** Missing or blank. */
  'required',
  /** Not of the field's form: length, characters or pattern. */
  'format',
  /** Longer than the field allows. */
  'tooLong',
  /** A date, given or inside a number, that no calendar has (31 April, 29 February of a common year). */
  'invalidDate',
  /** A birth date after today in the market. */
  'futureDate',
  /** Younger than the market's LEGAL_AGE today in the market. */
  'underAge',
  /** A province code that is not Indonesia's (NIK or address). */
  'unknownProvince',
  /** A regency or city code that does not belong to the address's province. */
  'cityNotInProvince',
  /** A CURP state code that is not RENAPO's. */
  'unknownState',
  /** A NIK whose last four digits are 0000. */
  'invalidSerial',
  /** The number's birth date is not the given birth date. */
  'birthDateMismatch',
  /** The number's gender is not the given gender. */
  'genderMismatch',
  /** A PAN or RFC of a company, firm, trust or other holder that is not a person. */
  'notIndividual',
  /** A CURP whose last digit is not RENAPO's check digit of the others. */
  'checkDigit',
  /** A whole Aadhaar number (or a virtual ID) where only its last four digits may go. */
  'fullNumberGiven',
] as const
export type IdentityReason = (typeof IDENTITY_REASONS)[number]

/** A field of a payload, as a path into it. */
export type IdentityField =
  | 'fullName'
  | 'birthDate'
  | 'gender'
  | 'placeOfBirth'
  | 'nik'
  | 'pan'
  | 'aadhaar.lastFour'
  | 'aadhaar.ekycReference'
  | 'curp'
  | 'rfc'
  | 'address.street'
  | 'address.provinceCode'
  | 'address.cityCode'
  | 'address.pinCode'
  | 'address.postalCode'

export interface IdentityRefusal {
  field: IdentityField
  reason: IdentityReason
}

/** Either the identity in its normalized form, ready to store, or every refusal. */
export type IdentityCheck<T> = { ok: true; identity: T } | { ok: false; refusals: IdentityRefusal[] }

export type Gender = 'female' | 'male'
/** Mexico also records a non-binary gender, X in the CURP, as RENAPO allows. */
export type GenderMX = Gender | 'x'

export interface IdentityID {
  fullName: string
  /** Nomor Induk Kependudukan, 16 digits. */
  nik: string
  /** yyyy-mm-dd */
  birthDate: string
  gender: Gender
  placeOfBirth: string
  /** provinceCode: 2 digits (ID_PROVINCES); cityCode: the regency or city, 4 digits starting with the province's. */
  address: { street: string; provinceCode: string; cityCode: string }
}

/** What the app keeps of Aadhaar: never the number, only its last four digits and the eKYC's reference. */
export interface AadhaarProof {
  lastFour: string
  ekycReference: string
}

export interface IdentityIN {
  fullName: string
  pan: string
  aadhaar: AadhaarProof
  /** yyyy-mm-dd */
  birthDate: string
  gender: Gender
  /** pinCode: 6 digits, not starting with 0. */
  address: { street: string; pinCode: string }
}

export interface IdentityMX {
  fullName: string
  curp: string
  /** Optional: blank, null or absent when the borrower gives none. */
  rfc?: string | null
  /** yyyy-mm-dd */
  birthDate: string
  gender: GenderMX
  /** postalCode: 5 digits. */
  address: { street: string; postalCode: string }
}

// ——— normalizing ———

/** Whitespace of any script and the dashes people type between groups of a number. */
const SEPARATORS = /[\s\u002D\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/gu

/**
 * The form an identity number is checked, stored and keyed in: without spaces or dashes (so
 * surrounding whitespace goes too), in capitals, in composed Unicode (an Ñ typed as N and a
 * combining tilde becomes one character). Applying it twice changes nothing.
 */
export function normalizeIdNumber(input: string): string {
  return input.replace(SEPARATORS, '').normalize('NFC').toUpperCase().normalize('NFC')
}

/** Free text (a name, a place, a street): trimmed, runs of whitespace made one space, composed. */
function normalizeText(input: string): string {
  return input.normalize('NFC').replace(/\s+/gu, ' ').trim()
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

// ——— dates and age ———

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

interface Ymd {
  year: number
  month: number
  day: number
}

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(day) || day < 1) return false
  const length = [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!
  return day <= length
}

/** A yyyy-mm-dd date that exists, from 1900 on; null otherwise. */
function parseBirthDate(value: string): Ymd | null {
  const m = ISO_DATE.exec(value)
  if (!m) return null
  const ymd = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }
  return ymd.year >= 1900 && isRealDate(ymd.year, ymd.month, ymd.day) ? ymd : null
}

/** The age of majority a borrower must have reached, by market. */
export const LEGAL_AGE: Record<Market, number> = { ID: 18, IN: 18, MX: 18 }

/**
 * Whole years from a yyyy-mm-dd birth date to a yyyy-mm-dd day. Someone born on 29 February turns a
 * year older on 1 March in a common year, the later of the two readings.
 */
export function ageOn(birthDate: string, onDate: string): number {
  const birth = ISO_DATE.exec(birthDate)
  const on = ISO_DATE.exec(onDate)
  if (!birth || !on) throw new RangeError(`ageOn expects yyyy-mm-dd dates: ${JSON.stringify(birthDate)}, ${JSON.stringify(onDate)}`)
  const beforeBirthday = `${on[2]}-${on[3]}` < `${birth[2]}-${birth[3]}`
  return Number(on[1]) - Number(birth[1]) - (beforeBirthday ? 1 : 0)
}

/** Whether a borrower born on `birthDate` is at least LEGAL_AGE on today's date in the market. */
export function isOfLegalAge(birthDate: string, now: Date, market: Market): boolean {
  return ageOn(birthDate, localDate(now, market)) >= LEGAL_AGE[market]
}

/** The birth date's own refusals: a real yyyy-mm-dd date, not in the future, of legal age. */
export function checkBirthDate(value: string, now: Date, market: Market): IdentityReason[] {
  const date = str(value).trim()
  if (date === '') return ['required']
  if (!ISO_DATE.test(date)) return ['format']
  if (!parseBirthDate(date)) return ['invalidDate']
  const today = localDate(now, market)
  if (date > today) return ['futureDate']
  return ageOn(date, today) >= LEGAL_AGE[market] ? [] : ['underAge']
}

/** What a number's birth date and gender are compared with; either may be absent or not yet valid. */
export interface PersonFacts {
  birthDate?: string | null
  gender?: GenderMX | null
}

// ——— Indonesia: NIK ———

/** A NIK's form: 16 digits. */
export const NIK = /^\d{16}$/

/**
 * Dukcapil's NIK: province (2 digits), regency or city (2), district (2), birth date DDMMYY with 40
 * added to the day for a woman, and a serial (4) that starts at 0001. The date must exist (its
 * century is not in the number, so 29 February passes in any year divisible by four) and agree with
 * the given birth date and gender.
 */
export function checkNik(input: string, person: PersonFacts = {}): IdentityReason[] {
  const nik = normalizeIdNumber(str(input))
  if (nik === '') return ['required']
  if (!NIK.test(nik)) return ['format']
  const reasons: IdentityReason[] = []
  if (!isIdProvinceCode(nik.slice(0, 2))) reasons.push('unknownProvince')
  if (nik.slice(12) === '0000') reasons.push('invalidSerial')
  const dd = Number(nik.slice(6, 8))
  const month = Number(nik.slice(8, 10))
  const yy = Number(nik.slice(10, 12))
  const gender: Gender = dd > 40 ? 'female' : 'male'
  const day = gender === 'female' ? dd - 40 : dd
  // 2000 + yy is a leap year whenever yy is divisible by four, so only the dates no year has fail here.
  if (!isRealDate(2000 + yy, month, day)) return [...reasons, 'invalidDate']
  const birth = parseBirthDate(str(person.birthDate))
  if (birth && (birth.day !== day || birth.month !== month || birth.year % 100 !== yy)) reasons.push('birthDateMismatch')
  if ((person.gender === 'female' || person.gender === 'male' || person.gender === 'x') && person.gender !== gender) reasons.push('genderMismatch')
  return reasons
}

// ——— India: PAN and Aadhaar ———

/** A PAN's form: 5 letters, 4 digits, a letter. */
export const PAN = /^[A-Z]{5}\d{4}[A-Z]$/

/** The holder a PAN's fourth letter names; only P, a person, may borrow. */
export const PAN_HOLDER_TYPES = {
  P: 'person',
  C: 'company',
  H: 'Hindu undivided family',
  F: 'firm',
  A: 'association of persons',
  T: 'trust',
  B: 'body of individuals',
  L: 'local authority',
  J: 'artificial juridical person',
  G: 'government',
} as const

export function checkPan(input: string): IdentityReason[] {
  const pan = normalizeIdNumber(str(input))
  if (pan === '') return ['required']
  if (!PAN.test(pan)) return ['format']
  return pan[3] === 'P' ? [] : ['notIndividual']
}

/**
 * A whole Aadhaar number (12 digits) or virtual ID (16 digits), however spaced: what must never be
 * stored, logged or sent where only the last four digits may go.
 */
export function isWholeAadhaar(input: string): boolean {
  return /^(?:\d{12}|\d{16})$/.test(normalizeIdNumber(str(input)))
}

/** The last four digits as given (`1234`) or as UIDAI masks them (`XXXX XXXX 1234`). */
const AADHAAR_LAST_FOUR = /^(?:X{8})?(\d{4})$/

/** The four digits kept of an Aadhaar number, or null when `input` is not last four digits. */
export function aadhaarLastFour(input: string): string | null {
  if (isWholeAadhaar(input)) return null
  return AADHAAR_LAST_FOUR.exec(normalizeIdNumber(str(input)))?.[1] ?? null
}

export function checkAadhaarLastFour(input: string): IdentityReason[] {
  if (normalizeIdNumber(str(input)) === '') return ['required']
  if (isWholeAadhaar(input)) return ['fullNumberGiven']
  return aadhaarLastFour(input) === null ? ['format'] : []
}

/** The eKYC's own reference of the check (a transaction or offline reference): kept as given, trimmed. */
const EKYC_REFERENCE = /^[A-Za-z0-9][A-Za-z0-9._:/-]{5,99}$/

export function checkEkycReference(input: string): IdentityReason[] {
  const reference = str(input).trim()
  if (reference === '') return ['required']
  // A reference that is an Aadhaar number is the number itself, whatever the field is called.
  if (isWholeAadhaar(reference)) return ['fullNumberGiven']
  return EKYC_REFERENCE.test(reference) ? [] : ['format']
}

/**
 * The only way Aadhaar enters: its last four digits and the eKYC's reference, never the number. On
 * success, the proof in its stored form (the four digits alone, the reference trimmed).
 */
export function checkAadhaar(proof: AadhaarProof): IdentityCheck<AadhaarProof> {
  const refusals = [
    ...checkAadhaarLastFour(proof?.lastFour).map((reason) => ({ field: 'aadhaar.lastFour' as const, reason })),
    ...checkEkycReference(proof?.ekycReference).map((reason) => ({ field: 'aadhaar.ekycReference' as const, reason })),
  ]
  if (refusals.length > 0) return { ok: false, refusals }
  return { ok: true, identity: { lastFour: aadhaarLastFour(proof.lastFour)!, ekycReference: proof.ekycReference.trim() } }
}

// ——— Mexico: CURP and RFC ———

/** RENAPO's alphabet for the check digit: a character's value is its index. */
export const CURP_ALPHABET = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ'

/**
 * RENAPO's official structure: the initials (the second a vowel, X when none), birth date YYMMDD,
 * H, M or X, the state, three inner consonants, the homoclave (a digit for a birth up to 1999, a
 * letter from 2000) and the check digit.
 */
export const CURP = /^[A-Z][AEIOUX][A-Z]{2}\d{6}[HMX][A-Z]{2}[B-DF-HJ-NP-TV-Z]{3}[0-9A-Z]\d$/

/** RENAPO's rule: the sum of value × weight, the weights 18 down to 2; check = (10 − sum mod 10) mod 10. */
export function curpCheckDigit(first17: string): number {
  if ([...first17].length !== 17) throw new RangeError(`the first part of a CURP is 17 characters: ${JSON.stringify(first17)}`)
  let sum = 0
  let weight = 18
  for (const ch of first17) {
    const value = CURP_ALPHABET.indexOf(ch)
    if (value < 0) throw new RangeError(`not a CURP character: ${JSON.stringify(ch)}`)
    sum += value * weight--
  }
  return (10 - (sum % 10)) % 10
}

const CURP_GENDER: Record<string, GenderMX> = { H: 'male', M: 'female', X: 'x' }

export function checkCurp(input: string, person: PersonFacts = {}): IdentityReason[] {
  const curp = normalizeIdNumber(str(input))
  if (curp === '') return ['required']
  if (!CURP.test(curp)) return ['format']
  const reasons: IdentityReason[] = []
  if (!isMxStateCode(curp.slice(11, 13))) reasons.push('unknownState')
  if (curpCheckDigit(curp.slice(0, 17)) !== Number(curp[17])) reasons.push('checkDigit')
  const year = (/\d/.test(curp[16]!) ? 1900 : 2000) + Number(curp.slice(4, 6))
  const month = Number(curp.slice(6, 8))
  const day = Number(curp.slice(8, 10))
  if (!isRealDate(year, month, day)) return [...reasons, 'invalidDate']
  const birth = parseBirthDate(str(person.birthDate))
  if (birth && (birth.year !== year || birth.month !== month || birth.day !== day)) reasons.push('birthDateMismatch')
  if (person.gender !== undefined && person.gender !== null && CURP_GENDER[curp[10]!] !== person.gender) reasons.push('genderMismatch')
  return reasons
}

/** A person's RFC: 4 letters, birth date YYMMDD, a homoclave of 3. */
export const RFC_PERSON = /^[A-ZÑ&]{4}\d{6}[A-Z0-9]{3}$/
/** A company's RFC has 3 letters: refused for a borrower. */
const RFC_COMPANY = /^[A-ZÑ&]{3}\d{6}[A-Z0-9]{3}$/
/** SAT's generic RFCs (the general public, foreigners) stand for nobody: refused though they fit the form. */
const RFC_GENERIC = new Set(['XAXX010101000', 'XEXX010101000'])

/** An RFC, when the borrower gives one; its date must exist and agree with the birth date. Blank: nothing to refuse. */
export function checkRfc(input: string | null | undefined, person: PersonFacts = {}): IdentityReason[] {
  const rfc = normalizeIdNumber(str(input))
  if (rfc === '') return []
  if (RFC_COMPANY.test(rfc)) return ['notIndividual']
  if (!RFC_PERSON.test(rfc) || RFC_GENERIC.has(rfc)) return ['format']
  const yy = Number(rfc.slice(4, 6))
  const month = Number(rfc.slice(6, 8))
  const day = Number(rfc.slice(8, 10))
  if (!isRealDate(2000 + yy, month, day)) return ['invalidDate']
  const birth = parseBirthDate(str(person.birthDate))
  return birth && (birth.year % 100 !== yy || birth.month !== month || birth.day !== day) ? ['birthDateMismatch'] : []
}

// ——— the other fields ———

const NAME_MAX = 100
const PLACE_MAX = 100
const STREET_MAX = 200
/** Letters of any script with their marks, and the spaces, apostrophes, dots, commas and hyphens of names. */
const NAME = /^[\p{L}\p{M}][\p{L}\p{M} '’.,-]*$/u
const CONTROL = /\p{Cc}/u

function checkName(value: string): IdentityReason[] {
  const name = normalizeText(str(value))
  if (name === '') return ['required']
  if (name.length > NAME_MAX) return ['tooLong']
  return NAME.test(name) ? [] : ['format']
}

function checkText(value: string, max: number): IdentityReason[] {
  const text = normalizeText(str(value))
  if (text === '') return ['required']
  if (text.length > max) return ['tooLong']
  return CONTROL.test(text) ? ['format'] : []
}

function checkGender(value: unknown, allowed: readonly string[]): IdentityReason[] {
  if (value === undefined || value === null || value === '') return ['required']
  return typeof value === 'string' && allowed.includes(value) ? [] : ['format']
}

/** A regency or city code the way Kemendagri writes it, `32.73` or `3273`, as 4 digits. */
function normalizeRegionCode(input: string): string {
  return normalizeIdNumber(str(input)).replace(/\./g, '')
}

/** Collects refusals field by field. */
class Refusals {
  readonly list: IdentityRefusal[] = []
  add(field: IdentityField, reasons: readonly IdentityReason[]): void {
    for (const reason of reasons) this.list.push({ field, reason })
  }
}

/** What a gender field may say, for comparing with a number: only a value the market allows. */
function knownGender(value: unknown, allowed: readonly string[]): GenderMX | null {
  return typeof value === 'string' && allowed.includes(value) ? (value as GenderMX) : null
}

// ——— one check per market ———

/** Indonesia: name, NIK (agreeing with birth date and gender), birth date and age, place of birth, address. */
export function checkIdentityID(payload: IdentityID, now: Date): IdentityCheck<IdentityID> {
  const r = new Refusals()
  const genders = ['female', 'male'] as const
  const birthDate = str(payload.birthDate).trim()
  const provinceCode = normalizeIdNumber(str(payload.address?.provinceCode))
  const cityCode = normalizeRegionCode(payload.address?.cityCode)
  r.add('fullName', checkName(payload.fullName))
  r.add('nik', checkNik(payload.nik, { birthDate, gender: knownGender(payload.gender, genders) }))
  r.add('birthDate', checkBirthDate(birthDate, now, 'ID'))
  r.add('gender', checkGender(payload.gender, genders))
  r.add('placeOfBirth', checkText(payload.placeOfBirth, PLACE_MAX))
  r.add('address.street', checkText(payload.address?.street, STREET_MAX))
  r.add('address.provinceCode', provinceCode === '' ? ['required'] : !/^\d{2}$/.test(provinceCode) ? ['format'] : isIdProvinceCode(provinceCode) ? [] : ['unknownProvince'])
  r.add(
    'address.cityCode',
    cityCode === '' ? ['required'] : !/^\d{2}(?!00)\d{2}$/.test(cityCode) ? ['format'] : /^\d{2}$/.test(provinceCode) && !cityCode.startsWith(provinceCode) ? ['cityNotInProvince'] : [],
  )
  if (r.list.length > 0) return { ok: false, refusals: r.list }
  return {
    ok: true,
    identity: {
      fullName: normalizeText(payload.fullName),
      nik: normalizeIdNumber(payload.nik),
      birthDate,
      gender: payload.gender,
      placeOfBirth: normalizeText(payload.placeOfBirth),
      address: { street: normalizeText(payload.address.street), provinceCode, cityCode },
    },
  }
}

/** India: name, PAN of a person, Aadhaar's last four and eKYC reference, birth date and age, address with PIN code. */
export function checkIdentityIN(payload: IdentityIN, now: Date): IdentityCheck<IdentityIN> {
  const r = new Refusals()
  const birthDate = str(payload.birthDate).trim()
  const pinCode = normalizeIdNumber(str(payload.address?.pinCode))
  const aadhaar = checkAadhaar(payload.aadhaar ?? { lastFour: '', ekycReference: '' })
  r.add('fullName', checkName(payload.fullName))
  r.add('pan', checkPan(payload.pan))
  if (!aadhaar.ok) r.list.push(...aadhaar.refusals)
  r.add('birthDate', checkBirthDate(birthDate, now, 'IN'))
  r.add('gender', checkGender(payload.gender, ['female', 'male']))
  r.add('address.street', checkText(payload.address?.street, STREET_MAX))
  r.add('address.pinCode', pinCode === '' ? ['required'] : /^[1-9]\d{5}$/.test(pinCode) ? [] : ['format'])
  if (r.list.length > 0 || !aadhaar.ok) return { ok: false, refusals: r.list }
  return {
    ok: true,
    identity: {
      fullName: normalizeText(payload.fullName),
      pan: normalizeIdNumber(payload.pan),
      aadhaar: aadhaar.identity,
      birthDate,
      gender: payload.gender,
      address: { street: normalizeText(payload.address.street), pinCode },
    },
  }
}

/** Mexico: name, CURP (agreeing with birth date and gender), RFC when given, birth date and age, address with postal code. */
export function checkIdentityMX(payload: IdentityMX, now: Date): IdentityCheck<IdentityMX> {
  const r = new Refusals()
  const genders = ['female', 'male', 'x'] as const
  const birthDate = str(payload.birthDate).trim()
  const postalCode = normalizeIdNumber(str(payload.address?.postalCode))
  const rfc = normalizeIdNumber(str(payload.rfc))
  r.add('fullName', checkName(payload.fullName))
  r.add('curp', checkCurp(payload.curp, { birthDate, gender: knownGender(payload.gender, genders) }))
  r.add('rfc', checkRfc(rfc, { birthDate }))
  r.add('birthDate', checkBirthDate(birthDate, now, 'MX'))
  r.add('gender', checkGender(payload.gender, genders))
  r.add('address.street', checkText(payload.address?.street, STREET_MAX))
  r.add('address.postalCode', postalCode === '' ? ['required'] : /^\d{5}$/.test(postalCode) ? [] : ['format'])
  if (r.list.length > 0) return { ok: false, refusals: r.list }
  return {
    ok: true,
    identity: {
      fullName: normalizeText(payload.fullName),
      curp: normalizeIdNumber(payload.curp),
      rfc: rfc === '' ? null : rfc,
      birthDate,
      gender: payload.gender,
      address: { street: normalizeText(payload.address.street), postalCode },
    },
  }
}

// ——— staff screens ———

function shaped(input: string, shape: RegExp, what: string): string {
  const value = normalizeIdNumber(input)
  if (!shape.test(value)) throw new RangeError(`not a ${what}`)
  return value
}

/** A NIK as staff see it: the first four digits (province and regency) and the last four, `3201 **** **** 0004`. */
export function maskNik(nik: string): string {
  const value = shaped(nik, NIK, 'NIK')
  return `${value.slice(0, 4)} **** **** ${value.slice(12)}`
}

/** A PAN as staff see it: the first five letters and the last, `ABCDE****F`. */
export function maskPan(pan: string): string {
  const value = shaped(pan, PAN, 'PAN')
  return `${value.slice(0, 5)}****${value.slice(9)}`
}

/** A CURP as staff see it: the four initials and the last two characters, `GOMC************09`. */
export function maskCurp(curp: string): string {
  const value = shaped(curp, CURP, 'CURP')
  return `${value.slice(0, 4)}${'*'.repeat(12)}${value.slice(16)}`
}

/** Aadhaar as UIDAI masks it, `XXXX XXXX 1234`, from the last four digits only: a whole number is refused. */
export function maskAadhaar(lastFour: string): string {
  const four = aadhaarLastFour(lastFour)
  if (four === null) throw new RangeError('maskAadhaar takes the last four digits of Aadhaar only')
  return `XXXX XXXX ${four}`
}

// ——— one identity, one borrower ———

/** The numbers that name one person in each market, and so may belong to one borrower only. */
export const IDENTITY_KINDS = { ID: ['nik'], IN: ['pan'], MX: ['curp', 'rfc'] } as const satisfies Record<Market, readonly string[]>
export type IdentityKind<M extends Market = Market> = (typeof IDENTITY_KINDS)[M][number]

const KIND_SHAPE: Record<IdentityKind, RegExp> = { nik: NIK, pan: PAN, curp: CURP, rfc: RFC_PERSON }

/**
 * The text the server keys (with a secret) to find whether a number already belongs to a borrower:
 * market, kind and the normalized number, `ID:nik:3201…`, so spacing or case never makes a second
 * identity. Throws on a kind the market does not have or a number not of the kind's form.
 */
export function identityKey<M extends Market>(market: M, kind: IdentityKind<M>, number: string): string {
  const kinds: readonly string[] = IDENTITY_KINDS[market]
  if (!kinds.includes(kind)) throw new RangeError(`${market} has no identity number ${JSON.stringify(kind)}`)
  const value = shaped(number, KIND_SHAPE[kind], kind)
  return `${market}:${kind}:${value}`
}
