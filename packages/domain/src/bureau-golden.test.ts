import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { AccountFigures, Bureau, BureauFileKind, BureauSubject, FileHeader } from './bureau.js'
import { runTotals } from './bureau-account.js'
import { readTagged, wholeUnits, type BureauAccount } from './bureau-fields.js'
import { bureauLayout, fileName } from './bureau-files.js'
import { INTF_TRAILER_FIELDS } from './bureau-intf.js'
import { SLIK_D01_FIELDS, SLIK_F01_FIELDS, SLIK_HEADER_FIELDS } from './bureau-slik.js'
import { TUDF_HEADER_FIELDS } from './bureau-tudf.js'
import { curpCheckDigit } from './identity.js'
import type { Cents } from './money.js'

/**
 * The three layouts against golden files (src/bureau-golden/), and each written line read back field
 * by field. A golden file changes only when a layout is meant to change: review the diff against
 * the guide before accepting it.
 */

const c = (n: number) => n as Cents
const CURP17 = 'GOMJ900512HDFMRN0'

const SUBJECTS = {
  ID: [
    { market: 'ID', fullName: 'Budi Santoso', nik: '3273011205900001', birthDate: '1990-05-12', gender: 'male', placeOfBirth: 'Bandung', address: { street: 'Jl. Merdeka No. 10', provinceCode: '32', cityCode: '3273' }, phone: '+6281234567890' },
    { market: 'ID', fullName: 'Siti Rahayu', nik: '3578015203880002', birthDate: '1988-03-12', gender: 'female', placeOfBirth: 'Surabaya', address: { street: 'Jl. Pemuda 5|B', provinceCode: '35', cityCode: '3578' }, phone: '+6285712345678' },
  ],
  IN: [
    { market: 'IN', fullName: 'Priya Sharma', pan: 'ABCPS1234K', birthDate: '1992-08-20', gender: 'female', address: { street: '12 MG Road, Bengaluru', pinCode: '560001' }, phone: '+919876543210' },
    { market: 'IN', fullName: 'Venkata Ramana Subrahmanyam Chandrasekhar', pan: 'BCDPR5678L', birthDate: '1985-01-02', gender: 'male', address: { street: 'Flat 4B, Lakshmi Residency, Plot 22, Jubilee Hills Road No. 36, Hyderabad', pinCode: '500033' }, phone: '+919123456780' },
  ],
  MX: [
    { market: 'MX', fullName: 'Juan Gómez Mora', curp: `${CURP17}${curpCheckDigit(CURP17)}`, rfc: 'GOMJ900512AB1', birthDate: '1990-05-12', gender: 'male', address: { street: 'Av. Reforma 100', postalCode: '06600' }, phone: '+525512345678' },
    { market: 'MX', fullName: 'María José de la Cruz Peña', curp: 'CUPM950101MJCRXR03', rfc: null, birthDate: '1995-01-01', gender: 'female', address: { street: 'Calle Hidalgo 45 Int. 2', postalCode: '44100' }, phone: '+523312345678' },
  ],
} as const satisfies Record<string, readonly BureauSubject[]>

const HEADERS: Record<'slik' | 'cibil' | 'buro', FileHeader> = {
  slik: { market: 'ID', bureau: 'slik', memberId: '600123', memberName: 'PT Kilat Dana', period: '2026-01', cutoffOn: '2026-01-31', reportedOn: '2026-02-03' },
  cibil: { market: 'IN', bureau: 'cibil', memberId: 'NB12340001', memberName: 'Kilat Finance', period: '2026-01-2', cutoffOn: '2026-01-31', reportedOn: '2026-02-02' },
  buro: { market: 'MX', bureau: 'buro', memberId: 'KK12340001', memberName: 'Kilat Credito', period: '2026-01', cutoffOn: '2026-01-31', reportedOn: '2026-02-03' },
}

const fig = (f: Partial<AccountFigures>): AccountFigures => ({ state: 'open', balance: c(0), overdue: c(0), daysPastDue: 0, dueOn: '2026-02-15', lastPayment: null, closedOn: null, ...f })

/** Every state, per market: current, overdue in two buckets, settled, settled with a waiver, written off, a correction. */
function accounts(market: keyof typeof SUBJECTS, unit: number): BureauAccount[] {
  const [a, b] = SUBJECTS[market]
  const base = { installments: 2, termDays: 60, disbursed: c(1_000 * unit), disbursedOn: '2025-12-17', correction: false }
  return [
    { ...base, accountNo: 'ORD1001', subjectNo: 'C0001', subject: a, figures: fig({ balance: c(1_100 * unit) }) },
    { ...base, accountNo: 'ORD1002', subjectNo: 'C0001', subject: a, figures: fig({ balance: c(1_100 * unit + 50), overdue: c(550 * unit + 49), daysPastDue: 15, dueOn: '2026-02-15', lastPayment: { on: '2026-01-10', amount: c(100 * unit) } }) },
    { ...base, accountNo: 'ORD1003', subjectNo: 'C0002', subject: b, installments: 1, termDays: 30, disbursedOn: '2025-09-01', figures: fig({ balance: c(1_100 * unit), overdue: c(1_100 * unit), daysPastDue: 122, dueOn: '2025-10-01' }) },
    { ...base, accountNo: 'ORD1004', subjectNo: 'C0002', subject: b, figures: fig({ state: 'settled', dueOn: '2026-01-20', lastPayment: { on: '2026-01-20', amount: c(1_100 * unit) }, closedOn: '2026-01-20' }) },
    { ...base, accountNo: 'ORD1005', subjectNo: 'C0002', subject: b, installments: 4, termDays: 28, figures: fig({ state: 'settled_waived', dueOn: '2026-01-14', lastPayment: { on: '2026-01-25', amount: c(900 * unit) }, closedOn: '2026-01-25' }) },
    { ...base, accountNo: 'ORD1006', subjectNo: 'C0002', subject: b, disbursedOn: '2025-03-01', figures: fig({ state: 'written_off', balance: c(1_100 * unit), overdue: c(1_100 * unit), daysPastDue: 200, dueOn: '2025-05-01', closedOn: '2026-01-31' }) },
    { ...base, accountNo: 'ORD0999', subjectNo: 'C0002', subject: b, correction: true, figures: fig({ balance: c(550 * unit), overdue: c(0), dueOn: '2026-02-15', lastPayment: { on: '2026-01-15', amount: c(550 * unit) } }) },
  ]
}

const RECORDS = { slik: accounts('ID', 100_000_00), cibil: accounts('IN', 10_00), buro: accounts('MX', 5_00) }

/** The file as the server streams it: header, records in order, trailer, each line ended by the layout's ending. */
function writeFile(bureau: Bureau, file: BureauFileKind, h: FileHeader, records: readonly BureauAccount[]): string {
  const w = bureauLayout(bureau, file)
  const totals = runTotals(records.map((r) => r.figures), new Set(records.map((r) => r.subjectNo)).size)
  const lines = [...w.header(h, totals), ...records.flatMap((r) => w.record(r, h)), ...w.trailer(h, totals)]
  return lines.map((l) => l + w.lineEnding).join('')
}

const golden = (name: string) => readFileSync(new URL(`./bureau-golden/${name}`, import.meta.url), 'latin1')

describe('golden files', () => {
  it.each([
    ['slik', 'D01', 'slik-D01.txt'],
    ['slik', 'F01', 'slik-F01.txt'],
    ['cibil', 'TUDF', 'cibil-TUDF.txt'],
    ['buro', 'INTF', 'buro-INTF.txt'],
  ] as const)('%s %s matches %s', (bureau, file, name) => {
    expect(writeFile(bureau, file, HEADERS[bureau], RECORDS[bureau])).toBe(golden(name))
  })

  it('name the files', () => {
    expect(fileName(HEADERS.slik, 'F01')).toBe('0301.600123.2026.01.F01.txt')
    expect(fileName(HEADERS.cibil, 'TUDF')).toBe('cibil-2026-01-2-TUDF.txt')
    expect(bureauLayout('circulo', 'INTF').lineEnding).toBe('\r\n')
    expect(() => bureauLayout('slik', 'TUDF')).toThrow(RangeError)
  })
})

// ——— small parsers, one per layout ———

function parseSlik(line: string, fields: readonly { column: number; name: string }[]): Record<string, string> {
  const cols = line.split('|')
  expect(cols).toHaveLength(fields.length)
  return Object.fromEntries(fields.map((f) => [f.name, cols[f.column - 1]!]))
}

interface Segment {
  tag: string
  id: string
  fields: Record<string, string>
}

/** A TUDF account item: segments of tag, 2-digit length, segment tag, then digit-tagged fields, ending with ES02**. */
function parseTudfAccount(text: string): Segment[] {
  const out: Segment[] = []
  let i = 0
  while (i < text.length) {
    if (text.startsWith('ES02**', i)) {
      out.push({ tag: 'ES', id: '**', fields: {} })
      i += 6
      continue
    }
    const tag = text.slice(i, i + 2)
    const idLen = Number(text.slice(i + 2, i + 4))
    const id = text.slice(i + 4, i + 4 + idLen)
    i += 4 + idLen
    const fields: Record<string, string> = {}
    while (i < text.length && /^\d\d$/.test(text.slice(i, i + 2))) {
      const len = Number(text.slice(i + 2, i + 4))
      fields[text.slice(i, i + 2)] = text.slice(i + 4, i + 4 + len)
      i += 4 + len
    }
    out.push({ tag, id, fields })
  }
  return out
}

/** An INTF line: tagged fields, a new segment starting at each lettered tag. */
function parseIntfLine(line: string): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {}
  let current = ''
  for (const { tag, value } of readTagged(line)) {
    if (/^[A-Z]{2}$/.test(tag)) current = tag
    out[current] = { ...out[current], [tag]: value }
  }
  return out
}

function parseFixed(line: string, fields: readonly { position: number; length: number; name: string }[]): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f.name, line.slice(f.position - 1, f.position - 1 + f.length)]))
}

const DDMMYYYY = /^(0[1-9]|[12]\d|3[01])(0[1-9]|1[0-2])(19|20)\d\d$/

describe('SLIK, field by field', () => {
  const d01 = golden('slik-D01.txt').split('\r\n').slice(0, -1)
  const f01 = golden('slik-F01.txt').split('\r\n').slice(0, -1)

  it('heads each file with its segment and row count', () => {
    expect(parseSlik(d01[0]!, SLIK_HEADER_FIELDS)).toEqual({ 'Flag Header': 'H', 'Kode Jenis Pelapor': '0301', 'Kode Pelapor': '600123', 'Tahun Data': '2026', 'Bulan Data': '01', 'Jenis Segmen': 'D01', 'Jumlah Data': '2' })
    expect(parseSlik(f01[0]!, SLIK_HEADER_FIELDS)['Jumlah Data']).toBe('7')
    expect(d01).toHaveLength(1 + 2)
    expect(f01).toHaveLength(1 + 7)
  })

  it('writes each debtor once, with the identity as on the KTP', () => {
    const siti = parseSlik(d01[2]!, SLIK_D01_FIELDS)
    expect(siti).toMatchObject({ 'Flag Detail': 'D', 'Nomor CIF Debitur': 'C0002', 'Jenis Identitas': '1', 'NIK/Paspor': '3578015203880002', 'Jenis Kelamin': 'P', 'Tanggal Lahir': '19880312', 'Kode Kabupaten/Kota (Dati II)': '3578', 'Nomor Telepon Seluler': '085712345678', 'Operasi Data': 'C' })
    // A `|` in the street cannot split the row.
    expect(siti['Alamat']).toBe('JL. PEMUDA 5 B')
  })

  it('grades collectibility and conditions, in whole rupiah', () => {
    const rows = f01.slice(1).map((l) => parseSlik(l, SLIK_F01_FIELDS))
    expect(rows.map((r) => r['Kode Kualitas Kredit'])).toEqual(['1', '2', '4', '1', '1', '5', '1'])
    expect(rows.map((r) => r['Kode Kondisi'])).toEqual(['00', '00', '00', '02', '12', '03', '00'])
    expect(rows.map((r) => r['Operasi Data'])).toEqual(['C', 'C', 'C', 'C', 'C', 'C', 'U'])
    expect(rows[1]).toMatchObject({ 'Baki Debet': '110000001', 'Tunggakan Pokok': '55000000', 'Jumlah Hari Tunggakan': '15', Plafon: '100000000', 'Tanggal Jatuh Tempo': '20260215' })
    expect(rows[3]).toMatchObject({ 'Baki Debet': '0', 'Tanggal Kondisi': '20260120' })
    for (const r of rows) expect(r['Kode Valuta']).toBe('IDR')
  })
})

describe('TUDF, field by field', () => {
  const file = golden('cibil-TUDF.txt')
  const header = parseFixed(file.slice(0, 146), TUDF_HEADER_FIELDS)
  const items = file.slice(146, -4).split(/(?<=ES02\*\*)/)

  it('opens with the 146-character header and closes with TRLR', () => {
    expect(header).toMatchObject({ 'Segment Tag': 'TUDF', Version: '12', 'Cycle Identification': '2 ', 'Date Reported and Certified': '31012026', 'Authentication Method': 'L' })
    expect(header['Reporting Member User ID']!.trimEnd()).toBe('NB12340001')
    expect(file.endsWith('ES02**TRLR')).toBe(true)
    expect(items).toHaveLength(7)
  })

  it('writes the borrower and the account in tagged segments', () => {
    const segs = parseTudfAccount(items[1]!)
    expect(segs.map((s) => `${s.tag}${s.id}`)).toEqual(['PNN01', 'IDI01', 'PTT01', 'PAA01', 'TLT001', 'ES**'])
    expect(segs[0]!.fields).toEqual({ '01': 'PRIYA SHARMA', '07': '20081992', '08': '1' })
    expect(segs[1]!.fields).toEqual({ '01': '01', '02': 'ABCPS1234K' })
    expect(segs[2]!.fields).toEqual({ '01': '9876543210', '03': '01' })
    const tl = segs[4]!.fields
    expect(tl).toMatchObject({ '03': 'ORD1002', '04': '69', '05': '1', '08': '17122025', '09': '10012026', '11': '31012026', '12': '10000', '13': '11001', '14': '5500', '15': '015' })
    for (const tag of ['07', '08', '09', '10', '11'] as const) if (tl[tag]) expect(tl[tag]).toMatch(DDMMYYYY)
  })

  it('splits a long name and address without cutting words', () => {
    const [pn, , , pa] = parseTudfAccount(items[2]!)
    expect(pn!.fields['01']).toBe('VENKATA RAMANA')
    expect(pn!.fields['02']).toBe('SUBRAHMANYAM CHANDRASEKHAR')
    expect(pn!.fields['03']).toBeUndefined()
    for (const v of Object.values(pa!.fields)) expect(v.length).toBeLessThanOrEqual(40)
  })

  it('marks written-off and settled accounts', () => {
    const status = items.map((it) => parseTudfAccount(it)[4]!.fields['22'] ?? '')
    expect(status).toEqual(['', '', '', '', '03', '02', ''])
    expect(parseTudfAccount(items[3]!)[4]!.fields['10']).toBe('20012026')
  })
})

describe('INTF, field by field', () => {
  const lines = golden('buro-INTF.txt').split('\r\n').slice(0, -1)
  const trailer = parseFixed(lines[lines.length - 1]!, INTF_TRAILER_FIELDS)

  it('opens with the 150-character INTF header and closes with the 253-character TRLR', () => {
    expect(lines[0]).toHaveLength(150)
    expect(lines[0]!.slice(0, 6)).toBe('INTF14')
    expect(lines[0]!.slice(34, 42)).toBe('31012026')
    expect(lines[lines.length - 1]).toHaveLength(253)
    expect(lines).toHaveLength(1 + 7 + 1)
  })

  it('splits a Mexican name into surnames and given names', () => {
    expect(parseIntfLine(lines[1]!)['PN']).toMatchObject({ PN: 'GOMEZ', '00': 'MORA', '02': 'JUAN', '04': '12051990', '05': 'GOMJ900512AB1', '12': 'M' })
    expect(parseIntfLine(lines[3]!)['PN']).toMatchObject({ PN: 'DE LA CRUZ', '00': 'PENA', '02': 'MARIA', '03': 'JOSE', '12': 'F' })
  })

  it('reports state, MOP and observation per account, in whole pesos', () => {
    const tls = lines.slice(1, -1).map((l) => parseIntfLine(l)['TL']!)
    expect(tls.map((t) => t['26'])).toEqual(['01', '02', '06', '01', '97', '97', '01'])
    expect(tls.map((t) => t['30'] ?? '')).toEqual(['', '', '', 'CC', 'LC', 'UP', ''])
    expect(tls[1]).toMatchObject({ '04': 'ORD1002', '22': '5501', '24': '2750', '13': '17122025', '99': 'FIN' })
    expect(tls[2]).toMatchObject({ '11': 'K', '43': '02102025', '46': '30122025' })
  })

  it('totals the lines in the closing segment', () => {
    const tls = lines.slice(1, -1).map((l) => parseIntfLine(l)['TL']!)
    expect(Number(trailer['Total de saldos actuales'])).toBe(tls.reduce((s, t) => s + Number(t['22']), 0))
    expect(Number(trailer['Total de saldos vencidos'])).toBe(tls.reduce((s, t) => s + Number(t['24']), 0))
    expect(Number(trailer['Total de segmentos TL'])).toBe(7)
  })
})

// ——— properties: what a line says is what the figures say ———

const amount = fc.integer({ min: 0, max: 99_999_999_99 })
const figures = fc
  .record({ balance: amount, share: fc.double({ min: 0, max: 1, noNaN: true }), dpd: fc.integer({ min: 0, max: 2000 }), state: fc.constantFrom('open', 'settled', 'settled_waived', 'written_off') as fc.Arbitrary<AccountFigures['state']> })
  .map(({ balance, share, dpd, state }) => {
    const settled = state === 'settled' || state === 'settled_waived'
    const bal = settled ? 0 : balance
    const overdue = Math.floor(bal * share)
    return fig({ state, balance: c(bal), overdue: c(overdue), daysPastDue: overdue > 0 ? Math.max(1, dpd) : 0, closedOn: state === 'open' ? null : '2026-01-20' })
  })

describe('any figures', () => {
  it('read back from every layout as they were written', () => {
    fc.assert(
      fc.property(figures, fc.integer({ min: 0, max: 6 }), (f, i) => {
        const slik = { ...RECORDS.slik[i]!, figures: f }
        const row = parseSlik(bureauLayout('slik', 'F01').record(slik, HEADERS.slik)[0]!, SLIK_F01_FIELDS)
        expect([Number(row['Baki Debet']), Number(row['Tunggakan Pokok']) + Number(row['Tunggakan Bunga']), Number(row['Jumlah Hari Tunggakan'])]).toEqual([wholeUnits(f.balance), wholeUnits(f.overdue), f.daysPastDue])

        const tl = parseTudfAccount(bureauLayout('cibil', 'TUDF').record({ ...RECORDS.cibil[i]!, figures: f }, HEADERS.cibil)[0]!)[4]!.fields
        expect([Number(tl['13']), Number(tl['14']), Number(tl['15'])]).toEqual([wholeUnits(f.balance), wholeUnits(f.overdue), Math.min(900, f.daysPastDue)])

        const intf = parseIntfLine(bureauLayout('buro', 'INTF').record({ ...RECORDS.buro[i]!, figures: f }, HEADERS.buro)[0]!)['TL']!
        expect([Number(intf['22']), Number(intf['24']), Number(intf['49'])]).toEqual([wholeUnits(f.balance), wholeUnits(f.overdue), Math.min(999, f.daysPastDue)])
      }),
    )
  })

  it('give closing totals and counts equal to the records', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(figures, fc.integer({ min: 0, max: 6 })), { maxLength: 30 }), (rows) => {
        const recs = rows.map(([f, i]) => ({ ...RECORDS.buro[i]!, figures: f }))
        const w = bureauLayout('buro', 'INTF')
        const totals = runTotals(recs.map((r) => r.figures))
        recs.forEach((r) => w.record(r, HEADERS.buro))
        const t = parseFixed(w.trailer(HEADERS.buro, totals)[0]!, INTF_TRAILER_FIELDS)
        expect(Number(t['Total de saldos actuales'])).toBe(recs.reduce((s, r) => s + wholeUnits(r.figures.balance), 0))
        expect(Number(t['Total de saldos vencidos'])).toBe(recs.reduce((s, r) => s + wholeUnits(r.figures.overdue), 0))
        expect(Number(t['Total de segmentos TL'])).toBe(recs.length)

        const slikRecs = rows.map(([f, i]) => ({ ...RECORDS.slik[i]!, figures: f })).sort((a, b) => (a.subjectNo < b.subjectNo ? -1 : a.subjectNo > b.subjectNo ? 1 : 0))
        const subjects = new Set(slikRecs.map((r) => r.subjectNo)).size
        const slikTotals = runTotals(slikRecs.map((r) => r.figures), subjects)
        const d01 = bureauLayout('slik', 'D01')
        expect(slikRecs.flatMap((r) => d01.record(r, HEADERS.slik))).toHaveLength(subjects)
        expect(parseSlik(d01.header(HEADERS.slik, slikTotals)[0]!, SLIK_HEADER_FIELDS)['Jumlah Data']).toBe(String(subjects))
        expect(parseSlik(bureauLayout('slik', 'F01').header(HEADERS.slik, slikTotals)[0]!, SLIK_HEADER_FIELDS)['Jumlah Data']).toBe(String(recs.length))
      }),
    )
  })
})
