import { LOCALES, type Locale } from '@kilat/domain'
import type { PluralForms } from './catalogue.js'

/** Built once per language: a PluralRules instance costs far more to build than to use. */
const RULES = Object.fromEntries(LOCALES.map((l) => [l, new Intl.PluralRules(l)])) as Record<Locale, Intl.PluralRules>

/** `n` with its noun in the language's plural form: "1 minute", "5 minutes", "1 día", "3 hari". */
export function plural(locale: Locale, n: number, forms: PluralForms): string {
  const form = forms[RULES[locale].select(n)] ?? forms.other
  return form.replace('#', String(n))
}
