import type { Plugin } from 'vite'
import { SHARED_TEXTS } from '../../../packages/domain/src/texts.ts'

const COMMON = /[\\/]locales[\\/](id|en|es)[\\/]common\.json$/

/**
 * The texts the server shows too are written once, in packages/domain/src/texts.ts; the web reads
 * them as part of its `common` namespace. They join each language's common.json when the file is
 * loaded (build, server render and tests alike), so no code in the browser merges them and a page
 * that arrives without `common` loads it as one chunk, as before.
 */
export function sharedTexts(): Plugin {
  return {
    name: 'kilat-shared-texts',
    enforce: 'pre',
    transform(code, id) {
      const lng = COMMON.exec(id)?.[1] as keyof typeof SHARED_TEXTS | undefined
      if (!lng) return null
      const own = JSON.parse(code) as Record<string, unknown>
      const clash = Object.keys(SHARED_TEXTS[lng]).find((key) => key in own)
      if (clash) this.error(`${id}: "${clash}" is written in packages/domain/src/texts.ts; remove it here`)
      return { code: JSON.stringify({ ...own, ...SHARED_TEXTS[lng] }), map: null }
    },
  }
}
