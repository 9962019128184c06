/** The markets we lend in. Indonesia is the first and the default. */
export const MARKETS = ['ID', 'IN', 'MX'] as const
export type Market = (typeof MARKETS)[number]

export const LOCALES = ['id', 'en', 'es'] as const
export type Locale = (typeof LOCALES)[number]

export interface MarketInfo {
  market: Market
  /** Language used when the address names none (docs/product/markets-and-formats.md#choosing-the-market-and-language). */
  defaultLocale: Locale
  currency: 'IDR' | 'INR' | 'MXN'
  currencySign: string
  timeZone: string
  callingCode: string
  /** Text set (docs/product/markets-and-formats.md#text-sets): 1 India, 2 Indonesia (Mexico shares the Indonesian set). */
  textSetType: 1 | 2
}

export const MARKET_INFO: Record<Market, MarketInfo> = {
  ID: { market: 'ID', defaultLocale: 'id', currency: 'IDR', currencySign: 'Rp', timeZone: 'Asia/Jakarta', callingCode: '62', textSetType: 2 },
  IN: { market: 'IN', defaultLocale: 'en', currency: 'INR', currencySign: '₹', timeZone: 'Asia/Kolkata', callingCode: '91', textSetType: 1 },
  MX: { market: 'MX', defaultLocale: 'es', currency: 'MXN', currencySign: '$', timeZone: 'America/Mexico_City', callingCode: '52', textSetType: 2 },
}

export function isMarket(value: unknown): value is Market {
  return typeof value === 'string' && (MARKETS as readonly string[]).includes(value)
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/**
 * `isNeedPop=1` selects India and `market=MX` Mexico; anything else is Indonesia
 * (docs/product/markets-and-formats.md#choosing-the-market-and-language).
 */
export function marketFrom(params: { isNeedPop?: string | number | null; market?: string | null }): Market {
  const named = params.market?.toUpperCase()
  if (isMarket(named)) return named
  return String(params.isNeedPop ?? '') === '1' ? 'IN' : 'ID'
}

/** The `lang` parameter when it names a language we have, else the market's language. */
export function localeFrom(params: { lang?: string | null }, market: Market): Locale {
  const lang = params.lang?.toLowerCase().slice(0, 2)
  return isLocale(lang) ? lang : MARKET_INFO[market].defaultLocale
}

/**
 * The cooling-off period of each market, in days after the payout: within it the borrower may end
 * the loan by repaying the principal and the interest of the days used, with no penalty
 * (docs/product/money-rules.md#cooling-off). 0: the market has none. India's directions ask for at
 * least one day and leave the length to the lender's board; we give three.
 */
export const COOLING_OFF_DAYS: Record<Market, number> = { ID: 0, IN: 3, MX: 0 }
