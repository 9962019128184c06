import { isLocale, type Locale } from '@kilat/domain'
import type { Locale as AntdLocale } from 'antd/es/locale'
import { createContext, use, useMemo, type ReactNode } from 'react'
import { I18nProvider, useTranslation } from '../../shared/i18n/react'
import { Translator, type Namespace, type Texts, type TOptions } from '../../shared/i18n/translator'
import type en from '../locales/en.json'

/**
 * The console's texts: one `ops` namespace per language, its own chunks, read through the borrower
 * app's translator (docs/decisions/0009-own-translator.md). They are never in the borrower app's
 * bundles, and the borrower's never here. Keys are checked against the English texts; a test keeps
 * id and es in step.
 */
type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other'
type Singular<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${Singular<K>}` : Leaves<T[K], `${Prefix}${K}.`>
}[keyof T & string]

export type OpsKey = Leaves<typeof en>
export type OpsT = (key: OpsKey, options?: TOptions) => string

const NS = 'ops' as Namespace

const bundles = import.meta.glob<{ default: Texts }>('../locales/*.json')
// Ant Design's own texts (pagination, empty tables, date pickers) in the same language.
const antdLocales: Record<Locale, () => Promise<{ default: AntdLocale }>> = {
  en: () => import('antd/es/locale/en_US'),
  id: () => import('antd/es/locale/id_ID'),
  es: () => import('antd/es/locale/es_ES'),
}

export interface OpsLanguage {
  translator: Translator
  antd: AntdLocale
}

/** The console's texts and Ant Design's in one language. */
export async function loadOpsLanguage(locale: Locale): Promise<OpsLanguage> {
  const load = bundles[`../locales/${locale}.json`]
  if (!load) throw new Error(`no console texts for ${locale}`)
  const [texts, antd] = await Promise.all([load(), antdLocales[locale]()])
  return { translator: new Translator(locale, { [NS]: texts.default }), antd: antd.default }
}

/**
 * The language an address's `?lang=` asks for, if it is one of the console's: it overrides the
 * staff member's own (docs/product/operations.md#sessions).
 */
export function askedLanguage(lang: string | null | undefined): Locale | undefined {
  return isLocale(lang) ? lang : undefined
}

/** `path` with the `?lang=` the console was asked in, unless it names one itself. */
export function keepLanguage(path: string, lang: string | null | undefined): string {
  const locale = askedLanguage(lang)
  if (!locale) return path
  const [pathname = '', search = ''] = path.split('?', 2)
  const params = new URLSearchParams(search)
  if (params.has('lang')) return path
  params.set('lang', locale)
  return `${pathname}?${params.toString()}`
}

/** Changes the console's language (the staff member's choice, docs/product/operations.md#sessions). */
const SwitchContext = createContext<(locale: Locale) => Promise<void>>(async () => {})

export function OpsI18nProvider({ language, onSwitch, children }: { language: OpsLanguage; onSwitch: (locale: Locale) => Promise<void>; children: ReactNode }) {
  return (
    <SwitchContext value={onSwitch}>
      <I18nProvider translator={language.translator}>{children}</I18nProvider>
    </SwitchContext>
  )
}

export function useOpsText(): { t: OpsT; locale: Locale; switchLanguage: (locale: Locale) => Promise<void> } {
  const { i18n } = useTranslation()
  const switchLanguage = use(SwitchContext)
  const t = useMemo(() => i18n.fixedT(NS) as OpsT, [i18n])
  return { t, locale: i18n.language, switchLanguage }
}
