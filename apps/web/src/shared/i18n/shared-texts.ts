import type { SharedTexts } from '@kilat/domain/texts'
import type { Texts } from './translator'

/**
 * `common` with the texts the server shows too (packages/domain/src/texts.ts), written there once:
 * `figures.*`, `statuses.*` and `plan.*` read like any other common text.
 */
export function withSharedTexts(common: Texts, shared: SharedTexts): Texts {
  return { ...common, ...(shared as unknown as Texts) }
}

export type { SharedTexts }
