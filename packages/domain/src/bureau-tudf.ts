import type { BureauSubject, FileHeader } from './bureau.js'
import { ddmmyyyy, digitsOnly, plainUpper, wholeUnits, writeFixed, writeTagged, type BureauAccount, type FixedField, type LayoutWriter, type TaggedField } from './bureau-fields.js'
import { normalizeMobile } from './phone.js'

/**
 * TransUnion CIBIL's consumer Data Input File Format, TUDF (docs/product/credit-reporting.md#tudf),
 * version 3.71 of the guide, which the other three credit information companies take as it is. A
 * 146-character header, then per account its borrower's segments (PN name, ID identification, PT
 * telephone, PA address), the account (TL) and the end-of-subject marker `ES02**`; the file ends
 * with `TRLR`. Body fields are a 2-digit tag, a 2-digit length and the value.
 *
 * A corrected account (docs/product/credit-reporting.md#corrections) is reported again with the same member code and account number in the next
 * submission: the bureau overwrites what it holds for that account, so there is no separate
 * correction flag in the file.
 */

/**
 * The guide describes the file as one continuous stream of segments; the header, each account and
 * the trailer are separate items here, and the server writes them one after another with no
 * separator.
 */
export const TUDF_LINE_ENDING = ''

type Subject = Extract<BureauSubject, { market: 'IN' }>

/** Account type 69, short-term personal loan (the code CIBIL added for small, short digital loans); 05 is a personal loan. */
export const TUDF_ACCOUNT_TYPE = '69'

/** The 146-character header segment. */
export const TUDF_HEADER_FIELDS: readonly FixedField<FileHeader>[] = [
  { position: 1, length: 4, name: 'Segment Tag', kind: 'text', value: () => 'TUDF' },
  { position: 5, length: 2, name: 'Version', kind: 'text', value: () => '12' },
  { position: 7, length: 30, name: 'Reporting Member User ID', kind: 'text', value: (h) => h.memberId },
  { position: 37, length: 16, name: 'Reporting Member Short Name', kind: 'text', value: (h) => plainUpper(h.memberName) },
  // Cycle identification: 1 for the first half of a month, 2 for the second (India reports fortnightly).
  { position: 53, length: 2, name: 'Cycle Identification', kind: 'text', value: (h) => h.period.slice(8) },
  { position: 55, length: 8, name: 'Date Reported and Certified', kind: 'text', value: (h) => ddmmyyyy(h.cutoffOn) },
  // Left blank: the password is not kept in the file the server writes.
  { position: 63, length: 30, name: 'Reporting Password', kind: 'text', value: () => '' },
  { position: 93, length: 1, name: 'Authentication Method', kind: 'text', value: () => 'L' },
  { position: 94, length: 5, name: 'Future Use', kind: 'number', value: () => '0' },
  { position: 99, length: 48, name: 'Member Data', kind: 'text', value: () => '' },
]

function subjectOf(r: BureauAccount): Subject {
  if (r.subject === null || r.subject.market !== 'IN') throw new Error(`record ${r.accountNo} has no Indian subject; checks should have held it back`)
  return r.subject
}

/** A 10-digit Indian mobile number, from the E.164 form we keep. */
function mobile(phone: string): string {
  const digits = digitsOnly(normalizeMobile(phone, 'IN') ?? phone)
  return digits.length > 10 ? digits.slice(-10) : digits
}

/** Name, up to 26 characters per name field, words not split across fields. */
export function tudfNameParts(fullName: string): string[] {
  const parts: string[] = []
  let current = ''
  for (const word of plainUpper(fullName).split(' ').filter(Boolean)) {
    const w = word.slice(0, 26)
    if (current === '') current = w
    else if (current.length + 1 + w.length <= 26) current += ` ${w}`
    else {
      parts.push(current)
      current = w
    }
  }
  if (current !== '') parts.push(current)
  return parts.slice(0, 5)
}

export const TUDF_PN_FIELDS: readonly TaggedField<BureauAccount>[] = [
  ...[0, 1, 2, 3, 4].map((i) => ({ tag: `0${i + 1}`, name: `Consumer Name Field ${i + 1}`, max: 26, value: (r: BureauAccount) => tudfNameParts(subjectOf(r).fullName)[i] ?? '' })),
  { tag: '07', name: 'Date of Birth', max: 8, value: (r) => ddmmyyyy(subjectOf(r).birthDate) },
  { tag: '08', name: 'Gender', max: 1, value: (r) => (subjectOf(r).gender === 'female' ? '1' : '2') },
]

export const TUDF_ID_FIELDS: readonly TaggedField<BureauAccount>[] = [
  { tag: '01', name: 'ID Type', max: 2, value: () => '01' }, // 01 = Income Tax ID Number (PAN)
  { tag: '02', name: 'ID Number', max: 30, value: (r) => subjectOf(r).pan },
]

export const TUDF_PT_FIELDS: readonly TaggedField<BureauAccount>[] = [
  { tag: '01', name: 'Telephone Number', max: 20, value: (r) => mobile(subjectOf(r).phone) },
  { tag: '03', name: 'Telephone Type', max: 2, value: () => '01' }, // 01 = mobile
]

/** The street split into address lines of at most 40 characters. */
function addressLine(street: string, i: number): string {
  const text = plainUpper(street)
  const lines: string[] = []
  let current = ''
  for (const word of text.split(' ').filter(Boolean)) {
    const w = word.slice(0, 40)
    if (current === '') current = w
    else if (current.length + 1 + w.length <= 40) current += ` ${w}`
    else {
      lines.push(current)
      current = w
    }
  }
  if (current !== '') lines.push(current)
  return lines[i] ?? ''
}

/**
 * The state code (tag 06) is left out: the identity keeps a PIN code but no state, and a PIN code
 * does not name its state reliably at the borders.
 */
export const TUDF_PA_FIELDS: readonly TaggedField<BureauAccount>[] = [
  ...[0, 1, 2, 3, 4].map((i) => ({ tag: `0${i + 1}`, name: `Address Line ${i + 1}`, max: 40, value: (r: BureauAccount) => addressLine(subjectOf(r).address.street, i) })),
  { tag: '07', name: 'PIN Code', max: 6, value: (r) => subjectOf(r).address.pinCode },
  { tag: '08', name: 'Address Category', max: 2, value: () => '02' }, // 02 = residence
]

/** Written-off and settled status: 02 written off, 03 settled (closed for less than was owed, our waiver). */
export function tudfWrittenOffSettledStatus(state: BureauAccount['figures']['state']): string {
  if (state === 'written_off') return '02'
  if (state === 'settled_waived') return '03'
  return ''
}

/** Payment frequency: 01 weekly, 02 fortnightly, 03 monthly, 05 bullet (one payment). */
export function tudfPaymentFrequency(installments: number, termDays: number): string {
  if (installments <= 1) return '05'
  const days = termDays / installments
  if (days <= 8) return '01'
  if (days <= 16) return '02'
  return '03'
}

export const TUDF_TL_FIELDS: readonly TaggedField<{ r: BureauAccount; h: FileHeader }>[] = [
  { tag: '01', name: 'Reporting Member Code', max: 10, value: ({ h }) => h.memberId },
  { tag: '02', name: 'Member Short Name', max: 16, value: ({ h }) => plainUpper(h.memberName) },
  { tag: '03', name: 'Account Number', max: 25, value: ({ r }) => r.accountNo },
  { tag: '04', name: 'Account Type', max: 2, value: () => TUDF_ACCOUNT_TYPE },
  { tag: '05', name: 'Ownership Indicator', max: 1, value: () => '1' }, // 1 = individual
  { tag: '08', name: 'Date Opened/Disbursed', max: 8, value: ({ r }) => ddmmyyyy(r.disbursedOn) },
  { tag: '09', name: 'Date of Last Payment', max: 8, value: ({ r }) => ddmmyyyy(r.figures.lastPayment?.on) },
  { tag: '10', name: 'Date Closed', max: 8, value: ({ r }) => ddmmyyyy(r.figures.closedOn) },
  { tag: '11', name: 'Date Reported and Certified', max: 8, value: ({ h }) => ddmmyyyy(h.cutoffOn) },
  { tag: '12', name: 'High Credit/Sanctioned Amount', max: 9, value: ({ r }) => String(wholeUnits(r.disbursed)) },
  { tag: '13', name: 'Current Balance', max: 9, value: ({ r }) => String(wholeUnits(r.figures.balance)) },
  { tag: '14', name: 'Amount Overdue', max: 9, value: ({ r }) => String(wholeUnits(r.figures.overdue)) },
  // Three digits, capped at 900 as the guide asks.
  { tag: '15', name: 'Number of Days Past Due', max: 3, value: ({ r }) => String(Math.min(900, r.figures.daysPastDue)).padStart(3, '0') },
  { tag: '22', name: 'Written-off and Settled Status', max: 2, value: ({ r }) => tudfWrittenOffSettledStatus(r.figures.state) },
  { tag: '39', name: 'Repayment Tenure', max: 3, value: ({ r }) => String(r.installments) },
  { tag: '44', name: 'Payment Frequency', max: 2, value: ({ r }) => tudfPaymentFrequency(r.installments, r.termDays) },
  { tag: '45', name: 'Actual Payment Amount', max: 9, value: ({ r }) => (r.figures.lastPayment ? String(wholeUnits(r.figures.lastPayment.amount)) : '') },
]

/** A segment: its 2-letter tag, the 2-digit length of its segment tag, the segment tag, then its fields. */
function segment(tag: string, segmentTag: string, fields: string): string {
  return `${tag}${String(segmentTag.length).padStart(2, '0')}${segmentTag}${fields}`
}

export const TUDF_END_OF_SUBJECT = 'ES02**'
export const TUDF_TRAILER = 'TRLR'

/** One account: PN, ID, PT, PA, TL and the end-of-subject marker, as one item. */
export function tudfRecord(r: BureauAccount, h: FileHeader): string {
  return [
    segment('PN', 'N01', writeTagged(TUDF_PN_FIELDS, r)),
    segment('ID', 'I01', writeTagged(TUDF_ID_FIELDS, r)),
    segment('PT', 'T01', writeTagged(TUDF_PT_FIELDS, r)),
    segment('PA', 'A01', writeTagged(TUDF_PA_FIELDS, r)),
    segment('TL', 'T001', writeTagged(TUDF_TL_FIELDS, { r, h })),
    TUDF_END_OF_SUBJECT,
  ].join('')
}

export function tudfLayout(): LayoutWriter {
  return {
    lineEnding: TUDF_LINE_ENDING,
    header: (h) => [writeFixed(TUDF_HEADER_FIELDS, h)],
    record: (r, h) => [tudfRecord(r, h)],
    // The guide's trailer carries no totals: the bureau counts the ES markers.
    trailer: () => [TUDF_TRAILER],
  }
}

