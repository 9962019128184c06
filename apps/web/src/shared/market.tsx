import { MARKET_INFO, type Locale, type Market } from '@kilat/domain'
import { createContext, useContext, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/** Market and language of this page load, decided once by the server and carried in the boot data. */
export interface PageMarket {
  market: Market
  locale: Locale
}

const MarketContext = createContext<PageMarket>({ market: 'ID', locale: 'id' })

export function MarketProvider({ value, children }: { value: PageMarket; children: ReactNode }) {
  return <MarketContext.Provider value={value}>{children}</MarketContext.Provider>
}

export function useMarket(): PageMarket {
  return useContext(MarketContext)
}

/** docs/product/markets-and-formats.md#text-sets: text set 1 (India, rupee) or 2 (Indonesia, Rp); Mexico uses the Indonesian set. */
export type TextSetName = 'india' | 'indonesia'

export function textSetOf(market: Market): TextSetName {
  return MARKET_INFO[market].textSetType === 1 ? 'india' : 'indonesia'
}

/** The market whose amounts a text set quotes (its claims are in that currency). */
export const TEXT_SET_MARKET: Record<TextSetName, Market> = { india: 'IN', indonesia: 'ID' }

/**
 * The amounts the text sets' marketing claims quote (docs/product/markets-and-formats.md#text-sets), in minor units of the text
 * set's currency: India 2,000 to 80,000 rupees, salaried from 12,000; Indonesia Rp 1.000.000 to
 * Rp 15.000.000, annual salary from Rp 5.000.000.
 */
export const TEXT_SET_CLAIMS: Record<TextSetName, { min: number; max: number; salary: number }> = {
  india: { min: 2_000_00, max: 80_000_00, salary: 12_000_00 },
  indonesia: { min: 1_000_000_00, max: 15_000_000_00, salary: 5_000_000_00 },
}

/** `t` bound to this page's text set: `t('claimUsers')` reads `common:textSet.<set>.claimUsers`. */
export function useTextSet() {
  const { market } = useMarket()
  const name = textSetOf(market)
  const { t } = useTranslation('common', { keyPrefix: `textSet.${name}` })
  return { name, type: MARKET_INFO[market].textSetType, market: TEXT_SET_MARKET[name], t }
}
