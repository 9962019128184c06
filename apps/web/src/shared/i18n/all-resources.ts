import type { Locale } from '@kilat/domain'
import { SHARED_TEXTS } from '@kilat/domain/texts'
import { withSharedTexts } from './shared-texts'
import type { Resources, Texts } from './translator'

/** Every text in every language, bundled eagerly: for server rendering and tests, never the browser. */
const bundles = import.meta.glob<{ default: Texts }>('./locales/*/*.json', { eager: true })

export function allResources(): Resources {
  const out: Resources = {}
  for (const [path, module] of Object.entries(bundles)) {
    const [, lng, ns] = /\.\/locales\/(\w+)\/(\w+)\.json$/.exec(path) ?? []
    if (!lng || !ns) continue
    const language = (out[lng as Locale] ??= {})
    language[ns] = ns === 'common' ? withSharedTexts(module.default, SHARED_TEXTS[lng as Locale]) : module.default
  }
  return out
}
