import type { Locale } from '@kilat/domain'
import type { ServerTexts } from './catalogue.js'
import { en } from './en.js'
import { es } from './es.js'
import { id } from './id.js'
import { plural } from './plural.js'

/**
 * The server's texts, one catalogue per language (docs/product/markets-and-formats.md#languages).
 * Error messages live with the error catalogue in @kilat/contract, which the web shares.
 */
export const TEXTS: Readonly<Record<Locale, ServerTexts>> = { id, en, es }

export type { CoolingOffOfferFacts, HeadlineKind, NoticeFacts, PluralForms, ServerTexts } from './catalogue.js'
export { plural }
/** The catalogues by name, for content written in one language (the agreements). */
export { en, es, id }

export function textsFor(locale: Locale): ServerTexts {
  return TEXTS[locale]
}

/** A count of days, installments or minutes in the language: "1 day", "3 hari", "5 minutos". */
export function count(locale: Locale, n: number, what: keyof ServerTexts['counts']): string {
  return plural(locale, n, TEXTS[locale].counts[what])
}
