import type { Locale, Market } from '@kilat/domain'
import type { DehydratedState } from '@tanstack/react-query'
import type { Bundles } from '../shared/i18n'
import type { HydrationData } from '../shared/router'

/**
 * What the server hands the browser for hydration, in a JSON data block (not executable, but still
 * carrying the request's nonce): the page's market and language, the texts it shows, the query
 * cache its loaders filled, and the router's loader data.
 */
export interface BootData {
  locale: Locale
  market: Market
  texts: Bundles
  queries: DehydratedState
  router: HydrationData
}

export const BOOT_ELEMENT_ID = 'kilat-boot'

const UNSAFE_IN_SCRIPT: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
}

/** JSON that cannot close its script element or start a comment, whatever the data holds. */
export function serializeBoot(data: BootData): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => UNSAFE_IN_SCRIPT[c] ?? c)
}

export function bootScript(data: BootData, nonce: string): string {
  return `<script type="application/json" id="${BOOT_ELEMENT_ID}" nonce="${nonce}">${serializeBoot(data)}</script>`
}

export function readBoot(doc: Document = document): BootData | undefined {
  const text = doc.getElementById(BOOT_ELEMENT_ID)?.textContent
  return text ? (JSON.parse(text) as BootData) : undefined
}
