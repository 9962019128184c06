import type { BureauSubject, FileHeader, FileTotals } from './bureau.js'
import { digitsOnly, plainUpper, wholeUnits, writeColumns, yyyymmdd, type BureauAccount, type ColumnField, type LayoutWriter } from './bureau-fields.js'
import { normalizeMobile } from './phone.js'

/**
 * OJK's SLIK (docs/product/credit-reporting.md#slik): one text file per segment and month, fields
 * separated by `|`, a header row and then one row per debtor (D01) or per facility (F01). Field
 * order and codes follow OJK's SLIK reporting guide (Pedoman Penyusunan Laporan, SEOJK on SLIK,
 * Lampiran I); where a field is about something we do not have (a spouse, an employer, collateral),
 * it is left empty in its place, as the guide allows for non-mandatory fields.
 */

export const SLIK_SEPARATOR = '|'
/** The SLIK client is a Windows application; its files end lines with CR LF. */
export const SLIK_LINE_ENDING = '\r\n'

/**
 * Kode Jenis Pelapor. The guide's list names banks, finance companies and "Lembaga Jasa Keuangan
 * Lainnya" (0301); our licence's own code, if OJK gives lenders like us one, replaces this.
 */
export const SLIK_REPORTER_TYPE = '0301'

type SlikSegment = 'D01' | 'F01'
type Subject = Extract<BureauSubject, { market: 'ID' }>

interface HeaderContext {
  h: FileHeader
  segment: SlikSegment
  rows: number
}

/** Header row: what the file holds. A segment with no rows is still sent, with a count of 0. */
export const SLIK_HEADER_FIELDS: readonly ColumnField<HeaderContext>[] = [
  { column: 1, name: 'Flag Header', value: () => 'H' },
  { column: 2, name: 'Kode Jenis Pelapor', value: () => SLIK_REPORTER_TYPE },
  { column: 3, name: 'Kode Pelapor', value: ({ h }) => h.memberId },
  { column: 4, name: 'Tahun Data', value: ({ h }) => h.period.slice(0, 4) },
  { column: 5, name: 'Bulan Data', value: ({ h }) => h.period.slice(5, 7) },
  { column: 6, name: 'Jenis Segmen', value: ({ segment }) => segment },
  { column: 7, name: 'Jumlah Data', value: ({ rows }) => String(rows) },
]

/** Operasi Data: C creates the data in SLIK, U updates data reported before (a correction, docs/product/credit-reporting.md#corrections). */
export function slikOperation(r: BureauAccount): 'C' | 'U' {
  return r.correction ? 'U' : 'C'
}

function subjectOf(r: BureauAccount): Subject {
  if (r.subject === null || r.subject.market !== 'ID') throw new Error(`record ${r.accountNo} has no Indonesian subject; checks should have held it back`)
  return r.subject
}

/** A mobile number in the national form SLIK shows (0812…), from the E.164 form we keep. */
function nationalPhone(phone: string): string {
  const e164 = normalizeMobile(phone, 'ID')
  const digits = digitsOnly(e164 ?? phone)
  return digits.startsWith('62') ? `0${digits.slice(2)}` : digits
}

const empty = () => ''

/**
 * Kualitas kredit (collectibility) from whole days past due, as OJK grades consumer loans: 1 current,
 * 2 up to 90 days, 3 up to 120, 4 up to 180, 5 beyond.
 */
export function collectibilityOf(daysPastDue: number): '1' | '2' | '3' | '4' | '5' {
  if (daysPastDue <= 0) return '1'
  if (daysPastDue <= 90) return '2'
  if (daysPastDue <= 120) return '3'
  if (daysPastDue <= 180) return '4'
  return '5'
}

/** D01, Debitur Perseorangan: one row per borrower (CIF). */
export const SLIK_D01_FIELDS: readonly ColumnField<BureauAccount>[] = [
  { column: 1, name: 'Flag Detail', value: () => 'D' },
  { column: 2, name: 'Nomor CIF Debitur', max: 20, value: (r) => r.subjectNo.replace(/[^A-Za-z0-9]/g, '') },
  { column: 3, name: 'Jenis Identitas', value: () => '1' }, // 1 = KTP
  { column: 4, name: 'NIK/Paspor', value: (r) => subjectOf(r).nik },
  { column: 5, name: 'Nama Sesuai Identitas', max: 150, value: (r) => plainUpper(subjectOf(r).fullName) },
  { column: 6, name: 'Nama Lengkap', max: 150, value: (r) => plainUpper(subjectOf(r).fullName) },
  { column: 7, name: 'Kode Status Pendidikan/Gelar Debitur', value: empty },
  { column: 8, name: 'Jenis Kelamin', value: (r) => (subjectOf(r).gender === 'female' ? 'P' : 'L') },
  { column: 9, name: 'Tempat Lahir', max: 100, value: (r) => plainUpper(subjectOf(r).placeOfBirth) },
  { column: 10, name: 'Tanggal Lahir', value: (r) => yyyymmdd(subjectOf(r).birthDate) },
  { column: 11, name: 'NPWP', value: empty },
  { column: 12, name: 'Alamat', max: 300, value: (r) => plainUpper(subjectOf(r).address.street) },
  { column: 13, name: 'Kelurahan', value: empty },
  { column: 14, name: 'Kecamatan', value: empty },
  { column: 15, name: 'Kode Kabupaten/Kota (Dati II)', value: (r) => subjectOf(r).address.cityCode },
  // The identity keeps no postal code; the guide asks for it only when there is one.
  { column: 16, name: 'Kode Pos', value: empty },
  { column: 17, name: 'Nomor Telepon', value: empty },
  { column: 18, name: 'Nomor Telepon Seluler', value: (r) => nationalPhone(subjectOf(r).phone) },
  { column: 19, name: 'Alamat Email', value: empty },
  { column: 20, name: 'Kode Negara Domisili', value: () => 'ID' },
  { column: 21, name: 'Kode Pekerjaan', value: empty },
  { column: 22, name: 'Tempat Bekerja', value: empty },
  { column: 23, name: 'Kode Bidang Usaha Tempat Bekerja', value: empty },
  { column: 24, name: 'Alamat Tempat Bekerja', value: empty },
  { column: 25, name: 'Penghasilan Kotor per Tahun', value: empty },
  { column: 26, name: 'Kode Sumber Penghasilan', value: empty },
  { column: 27, name: 'Jumlah Tanggungan', value: empty },
  { column: 28, name: 'Kode Hubungan dengan Pelapor', value: () => 'N' }, // N = not related to the reporter
  { column: 29, name: 'Kode Golongan Debitur', value: empty },
  { column: 30, name: 'Status Perkawinan Debitur', value: empty },
  { column: 31, name: 'Nomor Identitas Pasangan', value: empty },
  { column: 32, name: 'Nama Pasangan', value: empty },
  { column: 33, name: 'Tanggal Lahir Pasangan', value: empty },
  { column: 34, name: 'Perjanjian Pisah Harta', value: empty },
  { column: 35, name: 'Melanggar BMPK/BMPD/BMPP', value: () => 'N' }, // N = not relevant to a non-bank lender
  { column: 36, name: 'Melampaui BMPK/BMPD/BMPP', value: () => 'N' },
  { column: 37, name: 'Nama Gadis Ibu Kandung', value: empty },
  { column: 38, name: 'Kode Kantor Cabang', value: () => '001' },
  { column: 39, name: 'Operasi Data', value: slikOperation },
]

/** Kode Kondisi: 00 active, 02 paid off, 03 written off, 12 paid off with a discount (our waiver). */
export const SLIK_CONDITION = { open: '00', settled: '02', written_off: '03', settled_waived: '12' } as const

/**
 * F01, Kredit: one row per loan. Tunggakan pokok and bunga split the overdue amount as the ledger
 * does; the figures carry only its total, so the server passes the split when it has it and
 * otherwise the whole overdue amount is reported as principal.
 */
export const SLIK_F01_FIELDS: readonly ColumnField<BureauAccount & { overduePrincipal?: number; overdueInterest?: number }>[] = [
  { column: 1, name: 'Flag Detail', value: () => 'D' },
  { column: 2, name: 'Nomor Rekening Fasilitas', max: 25, value: (r) => r.accountNo.replace(/[^A-Za-z0-9]/g, '') },
  { column: 3, name: 'Nomor CIF Debitur', max: 20, value: (r) => r.subjectNo.replace(/[^A-Za-z0-9]/g, '') },
  { column: 4, name: 'Kode Sifat Kredit', value: () => '9' }, // 9 = other (not restructured, taken over or subordinated)
  { column: 5, name: 'Kode Jenis Kredit', value: () => 'P11' }, // P11 = Dana Tunai (cash loan)
  { column: 6, name: 'Kode Skim/Akad Pembiayaan', value: () => '000' }, // 000 = conventional
  { column: 7, name: 'Nomor Akad Awal', value: (r) => r.accountNo },
  { column: 8, name: 'Tanggal Akad Awal', value: (r) => yyyymmdd(r.disbursedOn) },
  { column: 9, name: 'Nomor Akad Akhir', value: (r) => r.accountNo },
  { column: 10, name: 'Tanggal Akad Akhir', value: (r) => yyyymmdd(r.disbursedOn) },
  { column: 11, name: 'Frekuensi Perpanjangan Fasilitas', value: () => '0' },
  { column: 12, name: 'Tanggal Awal Kredit', value: (r) => yyyymmdd(r.disbursedOn) },
  { column: 13, name: 'Tanggal Mulai', value: (r) => yyyymmdd(r.disbursedOn) },
  { column: 14, name: 'Tanggal Jatuh Tempo', value: (r) => yyyymmdd(r.figures.dueOn) },
  { column: 15, name: 'Kode Kategori Debitur', value: () => 'NU' }, // NU = not an MSME borrower
  { column: 16, name: 'Kode Jenis Penggunaan', value: () => '3' }, // 3 = consumption
  { column: 17, name: 'Kode Orientasi Penggunaan', value: () => '3' }, // 3 = other (neither export nor import)
  { column: 18, name: 'Kode Sektor Ekonomi', value: empty },
  { column: 19, name: 'Kode Kabupaten/Kota Lokasi Proyek', value: (r) => subjectOf(r).address.cityCode },
  { column: 20, name: 'Nilai Proyek', value: empty },
  { column: 21, name: 'Kode Valuta', value: () => 'IDR' },
  { column: 22, name: 'Suku Bunga atau Imbalan', value: empty },
  { column: 23, name: 'Jenis Suku Bunga atau Imbalan', value: () => '1' }, // 1 = fixed
  { column: 24, name: 'Kredit Program Pemerintah', value: () => '10' }, // 10 = not a government programme
  { column: 25, name: 'Asal Kredit atau Pembiayaan Takeover', value: empty },
  { column: 26, name: 'Sumber Dana', value: empty },
  { column: 27, name: 'Plafon Awal', value: (r) => String(wholeUnits(r.disbursed)) },
  { column: 28, name: 'Plafon', value: (r) => String(wholeUnits(r.disbursed)) },
  { column: 29, name: 'Realisasi/Pencairan Bulan Berjalan', value: empty },
  { column: 30, name: 'Denda', value: () => '0' },
  { column: 31, name: 'Baki Debet', value: (r) => String(wholeUnits(r.figures.balance)) },
  { column: 32, name: 'Nilai dalam Mata Uang Asal', value: (r) => String(wholeUnits(r.figures.balance)) },
  { column: 33, name: 'Kode Kualitas Kredit', value: (r) => collectibilityOf(r.figures.daysPastDue) },
  { column: 34, name: 'Tanggal Macet', value: empty },
  { column: 35, name: 'Kode Sebab Macet', value: empty },
  { column: 36, name: 'Tunggakan Pokok', value: (r) => String(wholeUnits(r.overduePrincipal ?? r.figures.overdue)) },
  { column: 37, name: 'Tunggakan Bunga', value: (r) => String(wholeUnits(r.overdueInterest ?? 0)) },
  { column: 38, name: 'Jumlah Hari Tunggakan', value: (r) => String(r.figures.daysPastDue) },
  { column: 39, name: 'Frekuensi Tunggakan', value: (r) => (r.figures.daysPastDue > 0 ? '1' : '0') },
  { column: 40, name: 'Frekuensi Restrukturisasi', value: () => '0' },
  { column: 41, name: 'Tanggal Restrukturisasi Awal', value: empty },
  { column: 42, name: 'Tanggal Restrukturisasi Akhir', value: empty },
  { column: 43, name: 'Kode Cara Restrukturisasi', value: empty },
  { column: 44, name: 'Kode Kondisi', value: (r) => SLIK_CONDITION[r.figures.state] },
  { column: 45, name: 'Tanggal Kondisi', value: (r) => yyyymmdd(r.figures.closedOn) },
  { column: 46, name: 'Keterangan', value: empty },
  { column: 47, name: 'Kode Kantor Cabang', value: () => '001' },
  { column: 48, name: 'Operasi Data', value: slikOperation },
]

/**
 * The writer of one SLIK file. D01 writes a debtor once: the server streams records ordered by
 * subjectNo, so a record of the subject just written adds nothing. The writer remembers only that
 * last subject, so one writer serves one file.
 */
export function slikLayout(segment: SlikSegment): LayoutWriter {
  let lastSubject: string | null = null
  return {
    lineEnding: SLIK_LINE_ENDING,
    header: (h: FileHeader, t: FileTotals) => [writeColumns(SLIK_HEADER_FIELDS, { h, segment, rows: segment === 'D01' ? t.subjects : t.records }, SLIK_SEPARATOR)],
    record: (r: BureauAccount) => {
      if (segment === 'F01') return [writeColumns(SLIK_F01_FIELDS, r, SLIK_SEPARATOR)]
      if (r.subjectNo === lastSubject) return []
      lastSubject = r.subjectNo
      return [writeColumns(SLIK_D01_FIELDS, r, SLIK_SEPARATOR)]
    },
    // SLIK files have no closing row: the header's count is the control.
    trailer: () => [],
  }
}

/** SLIK names a segment file by reporter type, reporter, year, month and segment. */
export function slikFileName(h: FileHeader, segment: SlikSegment): string {
  return `${SLIK_REPORTER_TYPE}.${h.memberId}.${h.period.slice(0, 4)}.${h.period.slice(5, 7)}.${segment}.txt`
}
