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

/** `t` bound to this page's text set: `t('loanMore')` reads `common:textSet.<set>.loanMore`. */
export function useTextSet() {
  const { market } = useMarket()
  const name = textSetOf(market)
  const { t } = useTranslation('common', { keyPrefix: `textSet.${name}` })
  return { name, type: MARKET_INFO[market].textSetType, market: TEXT_SET_MARKET[name], t }
}
