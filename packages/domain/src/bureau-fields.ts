import type { BureauRecord, FileHeader, FileTotals } from './bureau.js'
import type { Cents } from './money.js'

/**
 * What the three layouts share (docs/product/credit-reporting.md#slik, #tudf, #intf): every field
 * is declared in a named list (its tag or position, its length, its name in the bureau's guide and
 * the function that gives its value), so a test can check a written line field by field.
 */

/**
 * A record as the layouts write it. bureau.ts's BureauRecord does not carry the loan's origin, which
 * every layout asks for (SLIK's plafon, TUDF's high credit, INTF's credit amount and opening date),
 * so the server adds it from the same AccountFacts the figures come from.
 */
export interface BureauAccount extends BureauRecord {
  /** The principal the loan was made for. */
  disbursed: Cents
  /** Market-local yyyy-mm-dd. */
  disbursedOn: string
}

/** A file's writer, called by the server while it streams the run's records (already ordered by subjectNo). */
export interface LayoutWriter {
  /** How the server ends each line, the last one included. */
  lineEnding: string
  header(h: FileHeader, t: FileTotals): string[]
  record(r: BureauAccount, h: FileHeader): string[]
  trailer(h: FileHeader, t: FileTotals): string[]
}

/** A delimited field (SLIK): its 1-based column, its name in the guide, its value. */
export interface ColumnField<C> {
  column: number
  name: string
  /** Most characters the guide allows; longer values are cut. */
  max?: number
  value: (c: C) => string
}

/** A tagged field (TUDF, INTF): tag, then two digits of length, then the value; left out when empty. */
export interface TaggedField<C> {
  tag: string
  name: string
  max: number
  /** Written even when empty (as length 00), where the guide wants the tag present. */
  always?: boolean
  value: (c: C) => string
}

/** A fixed-width field (the TUDF and INTF headers, the INTF trailer). */
export interface FixedField<C> {
  /** 1-based position of its first character. */
  position: number
  length: number
  name: string
  /** Numbers are right-aligned and zero-filled; text is left-aligned and space-filled. */
  kind: 'text' | 'number'
  value: (c: C) => string
}

/**
 * Cents to whole units (rupiah, rupees, pesos), rounding half up: none of the three files carries a
 * subunit, and rupiah have none in practice. Negative amounts round away from zero symmetrically.
 */
export function wholeUnits(amount: Cents | number): number {
  const sign = amount < 0 ? -1 : 1
  return sign * Math.floor((Math.abs(amount) + 50) / 100)
}

/** yyyy-mm-dd to the guides' date forms. */
export function ddmmyyyy(isoDate: string | null | undefined): string {
  if (!isoDate) return ''
  return `${isoDate.slice(8, 10)}${isoDate.slice(5, 7)}${isoDate.slice(0, 4)}`
}

export function yyyymmdd(isoDate: string | null | undefined): string {
  return isoDate ? isoDate.replace(/-/g, '') : ''
}

/**
 * Text as the bureaus' files take it: plain ASCII capitals (accents dropped, so `Ñ` becomes `N`, as
 * the Mexican and Indian guides ask), runs of spaces made one, no control characters.
 */
export function plainUpper(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^\x20-\x7E]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Digits only: phone numbers and codes. */
export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '')
}

export function writeColumns<C>(fields: readonly ColumnField<C>[], c: C, separator: string): string {
  return fields
    .map((f) => {
      const v = f.value(c).split(separator).join(' ')
      return f.max !== undefined ? v.slice(0, f.max) : v
    })
    .join(separator)
}

export function writeTagged<C>(fields: readonly TaggedField<C>[], c: C): string {
  let out = ''
  for (const f of fields) {
    const v = f.value(c).slice(0, Math.min(f.max, 99))
    if (v === '' && !f.always) continue
    out += `${f.tag}${String(v.length).padStart(2, '0')}${v}`
  }
  return out
}

export function writeFixed<C>(fields: readonly FixedField<C>[], c: C): string {
  let out = ''
  for (const f of fields) {
    if (out.length !== f.position - 1) throw new Error(`field ${f.name} starts at ${f.position}, not ${out.length + 1}`)
    const v = f.value(c)
    out += f.kind === 'number' ? v.slice(-f.length).padStart(f.length, '0') : v.slice(0, f.length).padEnd(f.length, ' ')
  }
  return out
}

/** Reads tag-length-value fields back, in order; for tests and for checking a file. */
export function readTagged(text: string, tagLength = 2): { tag: string; value: string }[] {
  const out: { tag: string; value: string }[] = []
  let i = 0
  while (i < text.length) {
    const tag = text.slice(i, i + tagLength)
    const len = Number(text.slice(i + tagLength, i + tagLength + 2))
    if (!Number.isInteger(len) || i + tagLength + 2 + len > text.length) throw new Error(`bad field at ${i}: ${text.slice(i, i + 12)}`)
    out.push({ tag, value: text.slice(i + tagLength + 2, i + tagLength + 2 + len) })
    i += tagLength + 2 + len
  }
  return out
}
