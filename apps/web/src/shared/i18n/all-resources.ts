import type { Locale } from '@kilat/domain'
import type { Resources, Texts } from './translator'

/** Every text in every language, bundled eagerly: for server rendering and tests, never the browser. */
const bundles = import.meta.glob<{ default: Texts }>('./locales/*/*.json', { eager: true })

export function allResources(): Resources {
  const out: Resources = {}
  for (const [path, module] of Object.entries(bundles)) {
    const [, lng, ns] = /\.\/locales\/(\w+)\/(\w+)\.json$/.exec(path) ?? []
    if (!lng || !ns) continue
    const language = (out[lng as Locale] ??= {})
    language[ns] = module.default
  }
  return out
}
