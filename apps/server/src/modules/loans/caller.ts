import type { Locale, Market } from '@kilat/domain'
import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import type { Borrower } from '../auth/auth.service.js'

export interface LoanDeps {
  db: Db
  config: Pick<Config, 'SERVICE_PHONES' | 'STORE_URL'>
}

/**
 * Who is asking, in which language and text set (docs/product/markets-and-formats.md#text-sets:
 * isNeedPop picks the set), and when.
 */
export interface Caller {
  borrower: Borrower
  locale: Locale
  /** The request's market: its text set decides the India agreement popup. */
  textMarket: Market
  now: Date
}
