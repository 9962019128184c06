import type { Resource, ResourceLanguage } from 'i18next'

/** Every text in every language, bundled eagerly: for server rendering and tests, never the browser. */
const bundles = import.meta.glob<{ default: ResourceLanguage[string] }>('./locales/*/*.json', { eager: true })

export function allResources(): Resource {
  const out: Resource = {}
  for (const [path, module] of Object.entries(bundles)) {
    const [, lng, ns] = /\.\/locales\/(\w+)\/(\w+)\.json$/.exec(path) ?? []
    if (!lng || !ns) continue
    out[lng] ??= {}
    out[lng][ns] = module.default
  }
  return out
}
