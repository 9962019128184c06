import type { Locale } from '@kilat/domain'
import type { SharedTexts } from '@kilat/domain/texts'
import type common from './locales/en/common.json'
import type loans from './locales/en/loans.json'
import type products from './locales/en/products.json'
import type testPreview from './locales/en/testPreview.json'
import type complaints from './locales/en/complaints.json'
import type publicSite from './locales/en/publicSite.json'
import type registration from './locales/en/registration.json'
import type staticPages from './locales/en/staticPages.json'
import type repayment from './locales/en/repayment.json'
import type payoutAccount from './locales/en/payoutAccount.json'

/**
 * The texts a borrower reads (docs/product/platform.md#rendering-and-speed): one bundle of nested keys per
 * namespace and language, `{{name}}` placeholders, plurals as `key_one` / `key_other` chosen by the
 * language's plural rules. It does what the screens need and nothing more, in about 1 KiB: a
 * general i18n library cost 17 KiB of every page's first load (docs/decisions/0009-own-translator.md).
 */
export interface Texts {
  [key: string]: string | Texts
}
/** One language's bundles, by namespace. */
export type Bundles = Record<string, Texts>
/** Every language's bundles. */
export type Resources = Partial<Record<Locale, Bundles>>

/** Keys are checked against the English texts; a test keeps id and es in step. */
interface Catalog {
  common: typeof common & SharedTexts
  testPreview: typeof testPreview
  products: typeof products
  loans: typeof loans
  complaints: typeof complaints
  publicSite: typeof publicSite
  staticPages: typeof staticPages
  registration: typeof registration
  repayment: typeof repayment
  payoutAccount: typeof payoutAccount
}
export type Namespace = keyof Catalog

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other'
type Singular<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${Singular<K>}` : Leaves<T[K], `${Prefix}${K}.`>
}[keyof T & string]

type Keys = { [NS in Namespace]: Leaves<Catalog[NS]> }
/** A key of one namespace. */
export type KeyOf<NS extends Namespace> = Keys[NS]
/** A key of another namespace, written `ns:key`. */
export type QualifiedKey = { [NS in Namespace]: `${NS}:${KeyOf<NS>}` }[Namespace]

export type TOptions = Record<string, string | number> & { count?: number }
export type TFunction<NS extends Namespace = 'common'> = (key: KeyOf<NS> | QualifiedKey, options?: TOptions) => string
/** For keys built at run time under a prefix (`textSet.india.…`): checked by the key-set tests only. */
export type LooseTFunction = (key: string, options?: TOptions) => string

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g

export class Translator {
  private readonly bundles: Bundles
  private readonly plurals: Intl.PluralRules
  private readonly loading = new Map<string, Promise<void>>()

  /** `load` fetches a namespace not at hand (the browser's per-screen chunks). */
  constructor(
    readonly language: Locale,
    bundles: Bundles,
    private readonly load?: (ns: string) => Promise<Texts>,
  ) {
    this.bundles = { ...bundles }
    this.plurals = new Intl.PluralRules(language)
  }

  /** A text with its placeholders filled; the key itself when there is no such text (never blank). */
  readonly t = (key: string, options?: TOptions): string => {
    const [ns, path] = splitKey(key, 'common')
    return this.text(ns, path, options) ?? key
  }

  /** `t` of one namespace (its keys need no `ns:`), optionally under a key prefix. */
  fixedT(ns: Namespace, keyPrefix?: string): LooseTFunction {
    const prefix = keyPrefix ? `${keyPrefix}.` : ''
    return (key, options) => {
      const [own, path] = splitKey(key, ns)
      return this.text(own, own === ns ? prefix + path : path, options) ?? key
    }
  }

  exists(key: string): boolean {
    const [ns, path] = splitKey(key, 'common')
    return typeof lookup(this.bundles[ns], path) === 'string'
  }

  hasNamespace(ns: string): boolean {
    return ns in this.bundles
  }

  /** The bundles of some namespaces, those at hand (for the page's boot data). */
  pick(namespaces: readonly string[]): Bundles {
    const out: Bundles = {}
    for (const ns of namespaces) {
      const bundle = this.bundles[ns]
      if (bundle) out[ns] = bundle
    }
    return out
  }

  /** Makes sure the namespaces are at hand; one request per namespace however often it is asked. */
  async loadNamespaces(namespaces: readonly string[]): Promise<void> {
    await Promise.all(namespaces.filter((ns) => !this.hasNamespace(ns)).map((ns) => this.loadOne(ns)))
  }

  private loadOne(ns: string): Promise<void> {
    const { load } = this
    if (!load) return Promise.reject(new Error(`no texts for ${this.language}/${ns}`))
    let pending = this.loading.get(ns)
    if (!pending) {
      pending = load(ns).then(
        (bundle) => {
          this.bundles[ns] = bundle
        },
        (error: unknown) => {
          this.loading.delete(ns)
          throw error
        },
      )
      this.loading.set(ns, pending)
    }
    return pending
  }

  private text(ns: string, path: string, options?: TOptions): string | undefined {
    const bundle = this.bundles[ns]
    const count = options?.count
    const found =
      (count === undefined ? undefined : lookup(bundle, `${path}_${this.plurals.select(count)}`) ?? lookup(bundle, `${path}_other`)) ??
      lookup(bundle, path)
    if (typeof found !== 'string') return undefined
    if (!options) return found
    return found.replace(PLACEHOLDER, (whole, name: string) => (name in options ? String(options[name]) : whole))
  }
}

function splitKey(key: string, ns: string): [string, string] {
  const colon = key.indexOf(':')
  return colon > 0 ? [key.slice(0, colon), key.slice(colon + 1)] : [ns, key]
}

function lookup(bundle: Texts | undefined, path: string): string | Texts | undefined {
  let node: string | Texts | undefined = bundle
  for (const part of path.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined
    node = node[part]
  }
  return node
}
