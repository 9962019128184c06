import type { Locale } from '@kilat/domain'
import type { BackendModule, i18n as I18n, Resource, ResourceLanguage } from 'i18next'

/**
 * Namespaces: `common` (shell, errors, route titles, text sets) is on every page; each feature has
 * its own, named like the feature in camelCase, loaded with the feature's route. Keys are the same in
 * id, en and es (a test compares them).
 */
export const NAMESPACES = ['common', 'testPreview', 'products', 'loans'] as const
export type Namespace = (typeof NAMESPACES)[number]

type LocaleModule = { default: ResourceLanguage[string] }

// One chunk per language and namespace: a page downloads only what it shows. The server bundles
// every text eagerly instead (all-resources.ts), so it has no use for these.
const lazyBundles: Record<string, () => Promise<LocaleModule>> = import.meta.env.SSR
  ? {}
  : import.meta.glob<LocaleModule>('./locales/*/*.json')

function bundlePath(lng: string, ns: string): string {
  return `./locales/${lng}/${ns}.json`
}

/** i18next backend that loads a namespace's chunk on demand (client navigations). */
export const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, ns, callback) {
    const load = lazyBundles[bundlePath(lng, ns)]
    if (!load) {
      callback(new Error(`no texts for ${lng}/${ns}`), false)
      return
    }
    load().then(
      (m) => callback(null, m.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    )
  },
}

export interface I18nInit {
  locale: Locale
  /** Texts already at hand (all of them on the server; the page's own from the boot data in the browser). */
  resources: Resource
  /** In the browser: load missing namespaces on demand. */
  lazy?: boolean
}

/** Initializes an instance synchronously, so the first render has its texts. */
export function initI18n(instance: I18n, { locale, resources, lazy = false }: I18nInit): I18n {
  if (lazy) instance.use(lazyBackend)
  void instance.init({
    lng: locale,
    fallbackLng: false,
    supportedLngs: ['id', 'en', 'es'],
    ns: Object.keys(resources[locale] ?? { common: {} }),
    defaultNS: 'common',
    resources,
    partialBundledLanguages: true,
    initAsync: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  return instance
}

/** The bundles of some namespaces in the instance's language, for the boot data. */
export function pickBundles(instance: I18n, namespaces: readonly string[]): ResourceLanguage {
  const out: ResourceLanguage = {}
  for (const ns of new Set(namespaces)) {
    const bundle = instance.getResourceBundle(instance.language, ns) as ResourceLanguage[string] | undefined
    if (bundle) out[ns] = bundle
  }
  return out
}
