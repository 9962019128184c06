import type { AccountState, BureauSubject, FileHeader, FileTotals } from './bureau.js'
import { addDays } from './calendar.js'
import { ddmmyyyy, digitsOnly, plainUpper, wholeUnits, writeFixed, writeTagged, type BureauAccount, type FixedField, type LayoutWriter, type TaggedField } from './bureau-fields.js'
import { normalizeMobile } from './phone.js'

/**
 * Buró de Crédito's INTF format for consumers (docs/product/credit-reporting.md#intf), version 14,
 * which Círculo de Crédito also takes. A 150-character `INTF` header, one line per account with its
 * borrower's name (PN) and address (PA) segments and the account (TL, closed by `99 FIN`), and a
 * 253-character `TRLR` closing segment with the totals. Fields are a 2-character tag, a 2-digit
 * length and the value; the first field of a segment is tagged with the segment's own name.
 *
 * Buró's manual is given to members only; the layout follows version 14 as members' published
 * implementations write it. The employment segment (PE) is not written: we keep no employer, and
 * the manual lets a consumer without one go without it.
 *
 * A corrected account (docs/product/credit-reporting.md#corrections) is sent again in the next file with the same member code and account number;
 * Buró replaces what it holds for that account, so the file carries no correction flag.
 */

/** Each account on its own line, ended with CR LF as the Windows tools members use write them. */
export const INTF_LINE_ENDING = '\r\n'
export const INTF_VERSION = '14'

type Subject = Extract<BureauSubject, { market: 'MX' }>

function subjectOf(r: BureauAccount): Subject {
  if (r.subject === null || r.subject.market !== 'MX') throw new Error(`record ${r.accountNo} has no Mexican subject; checks should have held it back`)
  return r.subject
}

/** Words that belong to the surname after them: "de la Cruz", "del Valle". */
const PARTICLES = new Set(['DE', 'DEL', 'LA', 'LAS', 'LOS', 'Y', 'SAN', 'SANTA', 'MC', 'VAN', 'VON'])

/**
 * A Mexican name as written on the CURP, "Nombre(s) ApellidoPaterno ApellidoMaterno", in Buró's
 * parts. With two words there is no second surname; Buró asks for `NO PROPORCIONADO` then.
 */
export function splitMexicanName(fullName: string): { paterno: string; materno: string; nombres: string[] } {
  const words = plainUpper(fullName).split(' ').filter(Boolean)
  const takeSurname = (): string => {
    const parts = [words.pop()!]
    while (words.length > 1 && PARTICLES.has(words[words.length - 1]!)) parts.unshift(words.pop()!)
    return parts.join(' ')
  }
  if (words.length <= 1) return { paterno: words[0] ?? '', materno: 'NO PROPORCIONADO', nombres: [] }
  if (words.length === 2) return { paterno: words[1]!, materno: 'NO PROPORCIONADO', nombres: [words[0]!] }
  const materno = takeSurname()
  const paterno = words.length > 1 ? takeSurname() : materno
  return { paterno, materno: paterno === materno ? 'NO PROPORCIONADO' : materno, nombres: words }
}

/** The 150-character INTF header. */
export const INTF_HEADER_FIELDS: readonly FixedField<FileHeader>[] = [
  { position: 1, length: 4, name: 'Etiqueta del segmento', kind: 'text', value: () => 'INTF' },
  { position: 5, length: 2, name: 'Versión', kind: 'text', value: () => INTF_VERSION },
  { position: 7, length: 10, name: 'Clave del usuario (member code)', kind: 'text', value: (h) => h.memberId },
  { position: 17, length: 16, name: 'Nombre del usuario', kind: 'text', value: (h) => plainUpper(h.memberName) },
  { position: 33, length: 2, name: 'Número de ciclo', kind: 'text', value: () => '' },
  { position: 35, length: 8, name: 'Fecha del reporte', kind: 'text', value: (h) => ddmmyyyy(h.cutoffOn) },
  { position: 43, length: 10, name: 'Uso futuro', kind: 'number', value: () => '0' },
  { position: 53, length: 98, name: 'Información adicional del usuario', kind: 'text', value: () => '' },
]

export const INTF_PN_FIELDS: readonly TaggedField<BureauAccount>[] = [
  { tag: 'PN', name: 'Apellido paterno', max: 26, value: (r) => splitMexicanName(subjectOf(r).fullName).paterno },
  { tag: '00', name: 'Apellido materno', max: 26, value: (r) => splitMexicanName(subjectOf(r).fullName).materno },
  { tag: '02', name: 'Primer nombre', max: 26, value: (r) => splitMexicanName(subjectOf(r).fullName).nombres[0] ?? '' },
  { tag: '03', name: 'Segundo nombre', max: 26, value: (r) => splitMexicanName(subjectOf(r).fullName).nombres.slice(1).join(' ') },
  { tag: '04', name: 'Fecha de nacimiento', max: 8, value: (r) => ddmmyyyy(subjectOf(r).birthDate) },
  { tag: '05', name: 'RFC', max: 13, value: (r) => subjectOf(r).rfc ?? '' },
  { tag: '08', name: 'Nacionalidad', max: 2, value: () => 'MX' },
  // M or F; a borrower recorded as X has the field left out rather than a wrong letter.
  { tag: '12', name: 'Sexo', max: 1, value: (r) => ({ female: 'F', male: 'M', x: '' })[subjectOf(r).gender] },
  { tag: '15', name: 'Clave de identificación única (CURP)', max: 18, value: (r) => subjectOf(r).curp },
]

function streetLine(street: string, i: number): string {
  return plainUpper(street).slice(i * 40, (i + 1) * 40).trim()
}

/**
 * The address: the identity keeps the street and the postal code only, so the colonia, the
 * municipality, the city and the state are not written (Buró matches on the postal code).
 */
export const INTF_PA_FIELDS: readonly TaggedField<BureauAccount>[] = [
  { tag: 'PA', name: 'Primera línea de dirección', max: 40, value: (r) => streetLine(subjectOf(r).address.street, 0) },
  { tag: '00', name: 'Segunda línea de dirección', max: 40, value: (r) => streetLine(subjectOf(r).address.street, 1) },
  { tag: '05', name: 'Código postal', max: 5, value: (r) => subjectOf(r).address.postalCode },
  { tag: '07', name: 'Número de teléfono', max: 11, value: (r) => digitsOnly(normalizeMobile(subjectOf(r).phone, 'MX') ?? subjectOf(r).phone).slice(-10) },
  { tag: '12', name: 'Origen del domicilio', max: 2, value: () => 'MX' },
]

/**
 * Forma de pago actual (MOP) from whole days past due: 01 current, 02 1–29 days, 03 30–59, 04 60–89,
 * 05 90–119, 06 120–149, 07 150 days to 12 months, 96 beyond 12 months; 97 for debt left
 * unrecovered (written off, or settled for less).
 */
export function mopOf(state: AccountState, daysPastDue: number): string {
  if (state === 'written_off' || state === 'settled_waived') return '97'
  if (daysPastDue <= 0) return '01'
  if (daysPastDue < 30) return '02'
  if (daysPastDue < 60) return '03'
  if (daysPastDue < 90) return '04'
  if (daysPastDue < 120) return '05'
  if (daysPastDue < 150) return '06'
  if (daysPastDue < 365) return '07'
  return '96'
}

/** Clave de observación: CC account closed, LC settled for less than owed (our waiver), UP written off. */
export function observationOf(state: AccountState): string {
  return { open: '', settled: 'CC', settled_waived: 'LC', written_off: 'UP' }[state]
}

/** Frecuencia de pagos: K one payment, W weekly, C every fourteen days, S twice a month, M monthly. */
export function paymentFrequencyOf(installments: number, termDays: number): string {
  if (installments <= 1) return 'K'
  const days = termDays / installments
  if (days <= 8) return 'W'
  if (days <= 14) return 'C'
  if (days <= 16) return 'S'
  return 'M'
}

/** Buró's "no date" value, for dates that must be present. */
const NO_DATE = '01011900'

/** The first day an installment went unpaid: the day after the earliest overdue due date. */
function firstDefaultOn(r: BureauAccount, h: FileHeader): string | null {
  return r.figures.daysPastDue > 0 ? addDays(h.cutoffOn, 1 - r.figures.daysPastDue) : null
}

export const INTF_TL_FIELDS: readonly TaggedField<{ r: BureauAccount; h: FileHeader }>[] = [
  { tag: 'TL', name: 'Etiqueta del segmento', max: 2, value: () => 'TL' },
  { tag: '01', name: 'Clave del usuario', max: 10, value: ({ h }) => h.memberId },
  { tag: '02', name: 'Nombre del usuario', max: 16, value: ({ h }) => plainUpper(h.memberName) },
  { tag: '04', name: 'Número de cuenta', max: 25, value: ({ r }) => r.accountNo },
  { tag: '05', name: 'Tipo de responsabilidad', max: 1, value: () => 'I' }, // I = individual
  { tag: '06', name: 'Tipo de cuenta', max: 1, value: () => 'I' }, // I = fixed installments (pagos fijos)
  { tag: '07', name: 'Tipo de contrato', max: 2, value: () => 'PL' }, // PL = personal loan
  { tag: '08', name: 'Moneda', max: 2, value: () => 'MX' },
  { tag: '10', name: 'Número de pagos', max: 4, value: ({ r }) => String(r.installments) },
  { tag: '11', name: 'Frecuencia de pagos', max: 1, value: ({ r }) => paymentFrequencyOf(r.installments, r.termDays) },
  { tag: '13', name: 'Fecha de apertura', max: 8, value: ({ r }) => ddmmyyyy(r.disbursedOn) },
  // With no payment yet, the opening date, as members write it.
  { tag: '14', name: 'Fecha de último pago', max: 8, value: ({ r }) => ddmmyyyy(r.figures.lastPayment?.on ?? r.disbursedOn) },
  { tag: '15', name: 'Fecha de última compra', max: 8, value: ({ r }) => ddmmyyyy(r.disbursedOn) },
  { tag: '16', name: 'Fecha de cierre', max: 8, value: ({ r }) => ddmmyyyy(r.figures.closedOn) },
  { tag: '17', name: 'Fecha de reporte', max: 8, value: ({ h }) => ddmmyyyy(h.cutoffOn) },
  { tag: '21', name: 'Crédito máximo', max: 9, value: ({ r }) => String(wholeUnits(r.disbursed)) },
  { tag: '22', name: 'Saldo actual', max: 9, value: ({ r }) => String(wholeUnits(r.figures.balance)) },
  { tag: '24', name: 'Saldo vencido', max: 9, value: ({ r }) => String(wholeUnits(r.figures.overdue)) },
  { tag: '26', name: 'Forma de pago actual (MOP)', max: 2, value: ({ r }) => mopOf(r.figures.state, r.figures.daysPastDue) },
  { tag: '30', name: 'Clave de observación', max: 2, value: ({ r }) => observationOf(r.figures.state) },
  { tag: '43', name: 'Fecha de primer incumplimiento', max: 8, value: ({ r, h }) => ddmmyyyy(firstDefaultOn(r, h)) || NO_DATE },
  { tag: '45', name: 'Monto del último pago', max: 9, value: ({ r }) => (r.figures.lastPayment ? String(wholeUnits(r.figures.lastPayment.amount)) : '') },
  // The day the account reached 90 days past due, when it has.
  { tag: '46', name: 'Fecha de ingreso a cartera vencida', max: 8, value: ({ r, h }) => (r.figures.daysPastDue >= 90 ? ddmmyyyy(addDays(h.cutoffOn, 90 - r.figures.daysPastDue)) : NO_DATE) },
  { tag: '49', name: 'Número de días vencido', max: 3, value: ({ r }) => String(Math.min(999, r.figures.daysPastDue)) },
  { tag: '50', name: 'Plazo en meses', max: 6, value: ({ r }) => (r.termDays / 30.4).toFixed(2) },
  { tag: '51', name: 'Monto del crédito a la originación', max: 9, value: ({ r }) => String(wholeUnits(r.disbursed)) },
  { tag: '99', name: 'Fin del segmento TL', max: 3, value: () => 'FIN' },
]

/** What the closing segment counts, in the whole pesos the lines carry. */
export interface IntfCounts {
  balance: number
  overdue: number
  pn: number
  pa: number
  pe: number
  tl: number
}

/** The 253-character TRLR closing segment. */
export const INTF_TRAILER_FIELDS: readonly FixedField<{ h: FileHeader; c: IntfCounts }>[] = [
  { position: 1, length: 4, name: 'Etiqueta del segmento', kind: 'text', value: () => 'TRLR' },
  { position: 5, length: 14, name: 'Total de saldos actuales', kind: 'number', value: ({ c }) => String(c.balance) },
  { position: 19, length: 14, name: 'Total de saldos vencidos', kind: 'number', value: ({ c }) => String(c.overdue) },
  { position: 33, length: 3, name: 'Total de segmentos INTF', kind: 'number', value: () => '1' },
  { position: 36, length: 9, name: 'Total de segmentos PN', kind: 'number', value: ({ c }) => String(c.pn) },
  { position: 45, length: 9, name: 'Total de segmentos PA', kind: 'number', value: ({ c }) => String(c.pa) },
  { position: 54, length: 9, name: 'Total de segmentos PE', kind: 'number', value: ({ c }) => String(c.pe) },
  { position: 63, length: 9, name: 'Total de segmentos TL', kind: 'number', value: ({ c }) => String(c.tl) },
  { position: 72, length: 6, name: 'Contador de bloques', kind: 'number', value: () => '0' },
  { position: 78, length: 16, name: 'Nombre del otorgante', kind: 'text', value: ({ h }) => plainUpper(h.memberName) },
  { position: 94, length: 160, name: 'Domicilio para devoluciones', kind: 'text', value: () => '' },
]

/** One account's line: PN, PA and TL. */
export function intfRecord(r: BureauAccount, h: FileHeader): string {
  return writeTagged(INTF_PN_FIELDS, r) + writeTagged(INTF_PA_FIELDS, r) + writeTagged(INTF_TL_FIELDS, { r, h })
}

/**
 * The writer of one INTF file. The closing totals are summed from the whole pesos each line carries,
 * as the lines pass, so they always equal what Buró adds up (rounding each amount and then summing
 * can differ from rounding the run's total by a few pesos). Without lines written through it, the
 * run's totals are used.
 */
export function intfLayout(): LayoutWriter {
  const counts: IntfCounts = { balance: 0, overdue: 0, pn: 0, pa: 0, pe: 0, tl: 0 }
  return {
    lineEnding: INTF_LINE_ENDING,
    header: (h: FileHeader) => [writeFixed(INTF_HEADER_FIELDS, h)],
    record: (r: BureauAccount, h: FileHeader) => {
      const line = intfRecord(r, h)
      counts.balance += wholeUnits(r.figures.balance)
      counts.overdue += wholeUnits(r.figures.overdue)
      counts.pn += 1
      counts.pa += 1
      counts.tl += 1
      return [line]
    },
    trailer: (h: FileHeader, t: FileTotals) => {
      const c = counts.tl > 0 ? counts : { balance: wholeUnits(t.balance), overdue: wholeUnits(t.overdue), pn: t.records, pa: t.records, pe: 0, tl: t.records }
      return [writeFixed(INTF_TRAILER_FIELDS, { h, c })]
    },
  }
}
