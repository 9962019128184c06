import type { PublicScreenId } from '@kilat/contract'
import type { Island } from './islands'

/**
 * The screens served as public pages (docs/decisions/0011-public-pages.md), and the island each
 * loads (null: no script at all). Kept apart from the renderer: the app's route table reads it.
 */
export const PUBLIC_SCREENS = {
  home: 'public-site',
  policy: 'public-site',
  loan: 'public-site',
  about: 'public-site',
  user: 'public-site',
  contact: 'public-site',
  aboutUs: null,
  privacyPolicy: null,
  privacy: null,
  loanTerms: null,
  register: 'register',
} as const satisfies Record<PublicScreenId, Island | null>

export type PublicScreen = keyof typeof PUBLIC_SCREENS

export function isPublicScreen(id: string): id is PublicScreen {
  return Object.hasOwn(PUBLIC_SCREENS, id)
}
