import { describe, expect, it } from 'vitest'
import type { AccountFigures, BureauRecord, BureauSubject } from './bureau.js'
import { recordFindings } from './bureau-checks.js'
import { curpCheckDigit } from './identity.js'
import type { Cents } from './money.js'

const c = (n: number) => n as Cents
const CURP17 = 'GOMJ900512HDFMRN0'
const SUBJECTS: Record<'ID' | 'IN' | 'MX', BureauSubject> = {
  ID: { market: 'ID', fullName: 'Budi Santoso', nik: '3273011205900001', birthDate: '1990-05-12', gender: 'male', placeOfBirth: 'Bandung', address: { street: 'Jl. Merdeka No. 10', provinceCode: '32', cityCode: '3273' }, phone: '+6281234567890' },
  IN: { market: 'IN', fullName: 'Priya Sharma', pan: 'ABCPS1234K', birthDate: '1992-08-20', gender: 'female', address: { street: '12 MG Road, Bengaluru', pinCode: '560001' }, phone: '+919876543210' },
  MX: { market: 'MX', fullName: 'Juan Gómez Mora', curp: `${CURP17}${curpCheckDigit(CURP17)}`, rfc: 'GOMJ900512AB1', birthDate: '1990-05-12', gender: 'male', address: { street: 'Av. Reforma 100', postalCode: '06600' }, phone: '+525512345678' },
}

const OPEN: AccountFigures = { state: 'open', balance: c(550_000_00), overdue: c(0), daysPastDue: 0, dueOn: '2026-03-02', lastPayment: null, closedOn: null }
const record = (market: keyof typeof SUBJECTS, over: Partial<BureauRecord> = {}, figures: Partial<AccountFigures> = {}): BureauRecord => ({
  accountNo: 'ORD0001',
  subjectNo: 'C0001',
  subject: SUBJECTS[market],
  installments: 2,
  termDays: 60,
  figures: { ...OPEN, ...figures },
  correction: false,
  ...over,
})
const withSubject = (market: keyof typeof SUBJECTS, s: Record<string, unknown>) => record(market, { subject: { ...SUBJECTS[market], ...s } as BureauSubject })
const withAddress = (market: keyof typeof SUBJECTS, a: Record<string, unknown>) => withSubject(market, { address: { ...SUBJECTS[market].address, ...a } })
const CUTOFF = '2026-02-28'
const problems = (r: BureauRecord) => recordFindings(r, CUTOFF)

describe('record checks', () => {
  it('pass a complete record in every market', () => {
    for (const m of ['ID', 'IN', 'MX'] as const) expect(problems(record(m))).toEqual([])
  })

  it('name the missing identity in the market own words', () => {
    expect(recordFindings(record('ID', { subject: null }), CUTOFF, 'ID')).toEqual([{ problem: 'identity_missing', field: 'NIK' }])
    expect(recordFindings(record('IN', { subject: null }), CUTOFF, 'IN')).toEqual([{ problem: 'identity_missing', field: 'PAN' }])
    expect(recordFindings(record('MX', { subject: null }), CUTOFF, 'MX')).toEqual([{ problem: 'identity_missing', field: 'CURP' }])
  })

  it('refuse an identity number the domain refuses', () => {
    expect(problems(withSubject('ID', { nik: '3273011205900000' }))).toEqual([{ problem: 'identity_invalid', field: 'NIK' }])
    expect(problems(withSubject('IN', { pan: 'ABCCS1234K' }))).toEqual([{ problem: 'identity_invalid', field: 'PAN' }])
    expect(problems(withSubject('MX', { curp: `${CURP17}${(curpCheckDigit(CURP17) + 1) % 10}` }))).toEqual([{ problem: 'identity_invalid', field: 'CURP' }])
    expect(problems(withSubject('MX', { rfc: 'GOMJ900513AB1' }))).toEqual([{ problem: 'identity_invalid', field: 'RFC' }])
    expect(problems(withSubject('MX', { rfc: null }))).toEqual([])
  })

  it('want a name', () => {
    expect(problems(withSubject('IN', { fullName: '  ' }))).toEqual([{ problem: 'name_missing', field: 'consumer name' }])
  })

  it('want a real birth date of someone of age at the cut-off', () => {
    expect(problems(withSubject('IN', { birthDate: '1992-02-30' }))).toEqual([{ problem: 'birth_date_invalid', field: 'date of birth' }])
    expect(problems(withSubject('IN', { birthDate: '2008-03-01' }))).toEqual([{ problem: 'birth_date_invalid', field: 'date of birth' }])
    expect(problems(withSubject('IN', { birthDate: '2008-02-28' }))).toEqual([])
  })

  it('want a street', () => {
    expect(problems(withAddress('MX', { street: '' }))).toEqual([{ problem: 'address_missing', field: 'dirección' }])
  })

  it('check the place codes each market uses', () => {
    expect(problems(withAddress('ID', { cityCode: '3173' }))).toEqual([{ problem: 'postal_code_invalid', field: 'kode kabupaten/kota' }])
    expect(problems(withAddress('ID', { provinceCode: '3' }))).toEqual([{ problem: 'postal_code_invalid', field: 'kode kabupaten/kota' }])
    expect(problems(withAddress('IN', { pinCode: '060001' }))).toEqual([{ problem: 'postal_code_invalid', field: 'PIN code' }])
    expect(problems(withAddress('MX', { postalCode: '6600' }))).toEqual([{ problem: 'postal_code_invalid', field: 'código postal' }])
  })

  it('want a mobile number of the market', () => {
    expect(problems(withSubject('ID', { phone: '+919876543210' }))).toEqual([{ problem: 'phone_invalid', field: 'nomor telepon seluler' }])
  })

  it('refuse amounts that are negative, fractional, or overdue beyond the balance', () => {
    expect(problems(record('IN', {}, { balance: c(-1) }))).toContainEqual({ problem: 'amount_invalid', field: 'current balance' })
    expect(problems(record('IN', {}, { overdue: c(1.5) }))).toEqual([{ problem: 'amount_invalid', field: 'amount overdue' }])
    expect(problems(record('IN', {}, { overdue: c(550_000_01) }))).toEqual([{ problem: 'amount_invalid', field: 'amount overdue' }])
  })

  it('refuse dates after the cut-off or not dates at all', () => {
    expect(problems(record('ID', {}, { state: 'settled', balance: c(0), closedOn: '2026-03-01' }))).toEqual([{ problem: 'date_invalid', field: 'tanggal kondisi' }])
    expect(problems(record('ID', {}, { lastPayment: { on: '2026-02-30', amount: c(100) } }))).toEqual([{ problem: 'date_invalid', field: 'tanggal pembayaran terakhir' }])
  })

  it('refuse a settled loan with a balance', () => {
    expect(problems(record('MX', {}, { state: 'settled_waived', closedOn: '2026-02-10' }))).toEqual([{ problem: 'settled_with_balance', field: 'saldo actual' }])
  })
})
