import type { Locale } from '@kilat/domain'
import { Translator, type Namespace, type Resources, type Texts, type TOptions } from './translator'

export { I18nProvider, useTranslation } from './react'
export type { Bundles, KeyOf, LooseTFunction, Namespace, QualifiedKey, Resources, Texts, TFunction, TOptions } from './translator'
export { Translator }

/**
 * Namespaces: `common` (shell, errors, route titles, text sets) is on every page; each feature has
 * its own, named like the feature in camelCase, loaded with the feature's route. Keys are the same in
 * id, en and es (a test compares them).
 */
export const NAMESPACES = ['common', 'testPreview', 'products', 'loans', 'complaints', 'publicSite', 'staticPages', 'registration', 'repayment', 'payoutAccount'] as const satisfies readonly Namespace[]

type LocaleModule = { default: Texts }

// One chunk per language and namespace: a page downloads only what it shows. The server bundles
// every text eagerly instead (all-resources.ts), so it has no use for these. The public pages'
// texts are the server's alone: those pages render without this app (docs/decisions/0011-public-pages.md).
const lazyBundles: Record<string, () => Promise<LocaleModule>> = import.meta.env.SSR
  ? {}
  : import.meta.glob<LocaleModule>(['./locales/*/*.json', '!./locales/*/publicSite.json', '!./locales/*/staticPages.json', '!./locales/*/registration.json'])

async function loadBundle(lng: Locale, ns: string): Promise<Texts> {
  const load = lazyBundles[`./locales/${lng}/${ns}.json`]
  if (!load) throw new Error(`no texts for ${lng}/${ns}`)
  // `common` arrives with the texts it shares with the server (apps/web/build/shared-texts.ts).
  return (await load()).default
}

export interface I18nInit {
  locale: Locale
  /** Texts already at hand (all of them on the server; the page's own from the boot data in the browser). */
  resources: Resources
  /** In the browser: load missing namespaces on demand. */
  lazy?: boolean
}

/** A translator with its texts at hand, so the first render has them. */
export function createTranslator({ locale, resources, lazy = false }: I18nInit): Translator {
  return new Translator(locale, resources[locale] ?? {}, lazy ? (ns) => loadBundle(locale, ns) : undefined)
}

// Texts shown outside React (toasts, the shell's stand-in notice, a lost connection): the page's
// translator, set once by the browser's start.
let pageTranslator: Translator | undefined

export function setPageTranslator(translator: Translator): void {
  pageTranslator = translator
}

/** A `common` text in the page's language; the key itself before the page has started. */
export function pageText(key: string, options?: TOptions): string {
  return pageTranslator ? pageTranslator.t(key, options) : key
}
