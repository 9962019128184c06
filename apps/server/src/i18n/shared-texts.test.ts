import { readdirSync, readFileSync } from 'node:fs'
import { LOCALES, type Locale } from '@kilat/domain'
import { SHARED_TEXTS } from '@kilat/domain/texts'
import { describe, expect, it } from 'vitest'
import { TEXTS } from './index.js'

/**
 * One home per text (packages/domain/src/texts.ts): a text the server and the web both show is
 * written there once and read by both. Two texts are the same text when they read the same in every
 * language; the web's own texts are its locale files, read here as files (the server never imports
 * the web).
 */

type Catalogue = Record<Locale, unknown>

/** Every string leaf of a catalogue, by path. */
function strings(value: unknown, path = ''): Map<string, string> {
  const out = new Map<string, string>()
  if (typeof value === 'string') out.set(path, value)
  else if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) for (const [p, s] of strings(child, path ? `${path}.${key}` : key)) out.set(p, s)
  }
  return out
}

/** A text in all three languages, as one key. */
function byText(catalogue: Catalogue): Map<string, string[]> {
  const leaves = Object.fromEntries(LOCALES.map((lng) => [lng, strings(catalogue[lng])])) as Record<Locale, Map<string, string>>
  const out = new Map<string, string[]>()
  for (const path of leaves.en.keys()) {
    const key = JSON.stringify(LOCALES.map((lng) => leaves[lng].get(path) ?? null))
    out.set(key, [...(out.get(key) ?? []), path])
  }
  return out
}

/** The pairs of paths, one in each catalogue, whose texts read the same in every language. */
function repeatedTexts(a: Catalogue, b: Catalogue): string[] {
  const inB = byText(b)
  return [...byText(a)].flatMap(([text, paths]) => paths.flatMap((p) => (inB.get(text) ?? []).map((q) => `${p} = ${q}`)))
}

const WEB_LOCALES = new URL('../../../web/src/shared/i18n/locales/', import.meta.url)

function webTexts(): Catalogue {
  const read = (lng: Locale) =>
    Object.fromEntries(
      readdirSync(new URL(`${lng}/`, WEB_LOCALES))
        .filter((file) => file.endsWith('.json'))
        .map((file) => [file.replace(/\.json$/, ''), JSON.parse(readFileSync(new URL(`${lng}/${file}`, WEB_LOCALES), 'utf8')) as unknown]),
    )
  return { id: read('id'), en: read('en'), es: read('es') }
}

/**
 * The same words naming different things: a screen's title is keyed by its screen, the agreement's
 * title by its document; a single payment's own title is not the agreement table's column heading.
 */
const SAME_WORDS_OTHER_THING = new Set([
  'agreement.loanTermsTitle = common.routes.loan',
  'agreement.loanTermsTitle = common.routes.loanTerms',
  'agreement.loanTermsTitle = publicSite.nav.loan',
  'loan.singlePayment = loans.contract.columns.title',
])

describe('texts shown by both the server and the web', () => {
  it('are written once: neither catalogue repeats a text of the other', () => {
    const repeated = repeatedTexts(TEXTS, webTexts()).filter((pair) => !SAME_WORDS_OTHER_THING.has(pair))
    expect(repeated).toEqual([])
  })

  it('are not copied back into the web from their home', () => {
    expect(repeatedTexts(SHARED_TEXTS, webTexts())).toEqual([])
  })

  it('are what the server shows', () => {
    for (const lng of LOCALES) {
      expect(TEXTS[lng].figures.headline).toBe(SHARED_TEXTS[lng].figures.headline)
      expect(TEXTS[lng].loan.notice.overdue.title).toBe(SHARED_TEXTS[lng].statuses.overdue)
    }
  })

  it('finds a text repeated in every language, and not one that only reads the same in one', () => {
    const server = { id: { a: { b: 'Jumlah' } }, en: { a: { b: 'Amount' } }, es: { a: { b: 'Monto' } } }
    const web = { id: { x: 'Jumlah', y: 'Nominal' }, en: { x: 'Amount', y: 'Amount' }, es: { x: 'Monto', y: 'Importe' } }
    expect(repeatedTexts(server, web)).toEqual(['a.b = x'])
  })

  it('keeps the list of same-words-other-things to pairs that still exist', () => {
    const all = new Set(repeatedTexts(TEXTS, webTexts()))
    for (const pair of SAME_WORDS_OTHER_THING) expect(all, pair).toContain(pair)
  })
})
