import { MARKET_INFO, type Locale, type Market } from '@kilat/domain'
import { createContext, useContext, type ReactNode } from 'react'
import { useTranslation } from './i18n'

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

/**
 * docs/product/markets-and-formats.md#text-sets: each market has its own text set (its currency and
 * its claims). On the wire Mexico shares Indonesia's type (2): the app shell knows only two.
 */
export type TextSetName = 'india' | 'indonesia' | 'mexico'

const TEXT_SET_OF: Record<Market, TextSetName> = { IN: 'india', ID: 'indonesia', MX: 'mexico' }

export function textSetOf(market: Market): TextSetName {
  return TEXT_SET_OF[market]
}

/** The market whose amounts a text set quotes (its claims are in that currency). */
export const TEXT_SET_MARKET: Record<TextSetName, Market> = { india: 'IN', indonesia: 'ID', mexico: 'MX' }

/**
 * The amounts the text sets' marketing claims quote (docs/product/markets-and-formats.md#text-sets), in minor units of the text
 * set's currency: India 2,000 to 80,000 rupees, salaried from 12,000; Indonesia Rp 1.000.000 to
 * Rp 15.000.000, annual salary from Rp 5.000.000; Mexico $1,000 to $20,000 (the seeded products'
 * range), monthly income from $6,000.
 */
export const TEXT_SET_CLAIMS: Record<TextSetName, { min: number; max: number; salary: number }> = {
  india: { min: 2_000_00, max: 80_000_00, salary: 12_000_00 },
  indonesia: { min: 1_000_000_00, max: 15_000_000_00, salary: 5_000_000_00 },
  mexico: { min: 1_000_00, max: 20_000_00, salary: 6_000_00 },
}

/** `t` bound to this page's text set: `t('claimUsers')` reads `common:textSet.<set>.claimUsers`. */
export function useTextSet() {
  const { market } = useMarket()
  const name = textSetOf(market)
  const { t } = useTranslation('common', { keyPrefix: `textSet.${name}` })
  return { name, type: MARKET_INFO[market].textSetType, market: TEXT_SET_MARKET[name], t }
}
