import type { ScreenId } from '../../shared/screens'

/**
 * The marketing site's sections in page order (docs/product/screens.md#marketing-site): the
 * screen whose path opens it, the section's element id and its name in the navigation.
 */
export const MARKETING_SECTIONS = [
  { screen: 'home', id: 'home', nav: 'home' },
  { screen: 'about', id: 'about', nav: 'about' },
  { screen: 'user', id: 'user', nav: 'user' },
  { screen: 'policy', id: 'policy', nav: 'policy' },
  { screen: 'loan', id: 'loan', nav: 'loan' },
  { screen: 'contact', id: 'contact', nav: 'contact' },
] as const satisfies readonly { screen: ScreenId; id: string; nav: string }[]

export type MarketingScreen = (typeof MARKETING_SECTIONS)[number]['screen']

export function isMarketingScreen(id: string): id is MarketingScreen {
  return MARKETING_SECTIONS.some((section) => section.screen === id)
}
