import { SCREEN_PATHS, type ScreenId } from './screens.js'

/**
 * The screens served as public pages: plain HTML from the server with a small script or none
 * (docs/decisions/0011-public-pages.md). The web app maps each to its island; the server knows them
 * because such a page cannot take a session token out of its own address.
 */
export const PUBLIC_SCREEN_IDS = [
  'home',
  'policy',
  'loan',
  'about',
  'user',
  'contact',
  'aboutUs',
  'privacyPolicy',
  'privacy',
  'loanTerms',
  'register',
] as const satisfies readonly ScreenId[]

export type PublicScreenId = (typeof PUBLIC_SCREEN_IDS)[number]

export const PUBLIC_PAGE_PATHS: ReadonlySet<string> = /* @__PURE__ */ new Set(PUBLIC_SCREEN_IDS.map((id) => SCREEN_PATHS[id]))
