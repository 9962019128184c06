import type { BureauRecord, RecordFinding, RecordProblem } from './bureau.js'
import { ageOn, checkCurp, checkNik, checkPan, checkRfc, isIdProvinceCode, LEGAL_AGE } from './identity.js'
import type { Market } from './markets.js'
import { normalizeMobile } from './phone.js'

/**
 * A record's checks before it is written (docs/product/credit-reporting.md#checks): every field a
 * bureau makes mandatory is present and well formed. A record with findings is held back from the
 * file and listed for the console, rather than sent for the bureau to reject.
 */

/** Field names as each layout calls them, so a finding points at what the bureau would reject. */
const FIELD: Record<Market, Record<'identity' | 'rfc' | 'name' | 'birthDate' | 'street' | 'postal' | 'phone' | 'balance' | 'overdue' | 'dpd' | 'lastPaymentAmount' | 'closedOn' | 'lastPaymentOn', string>> = {
  ID: {
    identity: 'NIK',
    rfc: 'NIK',
    name: 'nama sesuai identitas',
    birthDate: 'tanggal lahir',
    street: 'alamat',
    postal: 'kode kabupaten/kota',
    phone: 'nomor telepon seluler',
    balance: 'baki debet',
    overdue: 'tunggakan',
    dpd: 'jumlah hari tunggakan',
    lastPaymentAmount: 'pembayaran terakhir',
    closedOn: 'tanggal kondisi',
    lastPaymentOn: 'tanggal pembayaran terakhir',
  },
  IN: {
    identity: 'PAN',
    rfc: 'PAN',
    name: 'consumer name',
    birthDate: 'date of birth',
    street: 'address line',
    postal: 'PIN code',
    phone: 'telephone number',
    balance: 'current balance',
    overdue: 'amount overdue',
    dpd: 'number of days past due',
    lastPaymentAmount: 'actual payment amount',
    closedOn: 'date closed',
    lastPaymentOn: 'date of last payment',
  },
  MX: {
    identity: 'CURP',
    rfc: 'RFC',
    name: 'nombre',
    birthDate: 'fecha de nacimiento',
    street: 'dirección',
    postal: 'código postal',
    phone: 'número de teléfono',
    balance: 'saldo actual',
    overdue: 'saldo vencido',
    dpd: 'número de días vencido',
    lastPaymentAmount: 'monto del último pago',
    closedOn: 'fecha de cierre',
    lastPaymentOn: 'fecha de último pago',
  },
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A yyyy-mm-dd date that exists on the calendar. */
function isRealDate(value: unknown): value is string {
  if (typeof value !== 'string') return false
  const m = ISO_DATE.exec(value)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.toISOString().slice(0, 10) === value
}

const isAmount = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0
const blank = (v: unknown) => typeof v !== 'string' || v.trim() === ''

/**
 * The findings of one record at `cutoffOn` (the period's last local day); none means it may be sent.
 * `market` names the fields when the subject is missing; otherwise the subject's market does.
 */
export function recordFindings(record: BureauRecord, cutoffOn: string, market: Market = record.subject?.market ?? 'ID'): RecordFinding[] {
  const out: RecordFinding[] = []
  const f = FIELD[market]
  const add = (problem: RecordProblem, field: string) => {
    if (!out.some((x) => x.problem === problem && x.field === field)) out.push({ problem, field })
  }
  const s = record.subject

  if (s === null) {
    add('identity_missing', f.identity)
  } else {
    const person = { birthDate: s.birthDate, gender: s.gender }
    if (s.market === 'ID') {
      if (checkNik(s.nik, person).length > 0) add('identity_invalid', f.identity)
    } else if (s.market === 'IN') {
      if (checkPan(s.pan).length > 0) add('identity_invalid', f.identity)
    } else {
      if (checkCurp(s.curp, person).length > 0) add('identity_invalid', f.identity)
      if (s.rfc !== null && checkRfc(s.rfc, { birthDate: s.birthDate }).length > 0) add('identity_invalid', f.rfc)
    }
    if (blank(s.fullName)) add('name_missing', f.name)
    // The borrower was of age when the loan was made; an age below it at the cut-off means a wrong date.
    if (!isRealDate(s.birthDate) || s.birthDate < '1900-01-01' || s.birthDate > cutoffOn || ageOn(s.birthDate, cutoffOn) < LEGAL_AGE[s.market]) add('birth_date_invalid', f.birthDate)
    if (blank(s.address.street)) add('address_missing', f.street)
    if (!postalCodeOk(s)) add('postal_code_invalid', f.postal)
    if (typeof s.phone !== 'string' || normalizeMobile(s.phone, s.market) === null) add('phone_invalid', f.phone)
  }

  const fig = record.figures
  if (!isAmount(fig.balance)) add('amount_invalid', f.balance)
  if (!isAmount(fig.overdue) || (isAmount(fig.balance) && fig.overdue > fig.balance)) add('amount_invalid', f.overdue)
  if (!Number.isSafeInteger(fig.daysPastDue) || fig.daysPastDue < 0) add('amount_invalid', f.dpd)
  if (fig.lastPayment !== null && !isAmount(fig.lastPayment.amount)) add('amount_invalid', f.lastPaymentAmount)

  if (fig.closedOn !== null && (!isRealDate(fig.closedOn) || fig.closedOn > cutoffOn)) add('date_invalid', f.closedOn)
  if (fig.lastPayment !== null && (!isRealDate(fig.lastPayment.on) || fig.lastPayment.on > cutoffOn)) add('date_invalid', f.lastPaymentOn)

  if ((fig.state === 'settled' || fig.state === 'settled_waived') && fig.balance > 0) add('settled_with_balance', f.balance)
  return out
}

/**
 * The code a layout needs for where the borrower lives: Indonesia's regency or city (4 digits, the
 * first two its province's), India's PIN code (6 digits, not starting with 0), Mexico's postal code.
 */
function postalCodeOk(s: NonNullable<BureauRecord['subject']>): boolean {
  if (s.market === 'ID') {
    const { provinceCode, cityCode } = s.address
    return /^\d{2}$/.test(provinceCode) && isIdProvinceCode(provinceCode) && /^\d{2}(?!00)\d{2}$/.test(cityCode) && cityCode.startsWith(provinceCode)
  }
  if (s.market === 'IN') return /^[1-9]\d{5}$/.test(s.address.pinCode)
  return /^\d{5}$/.test(s.address.postalCode)
}
