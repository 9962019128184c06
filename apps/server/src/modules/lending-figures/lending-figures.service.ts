import type { LendingFigures } from '@kilat/contract'
import { MARKET_INFO, localDate, tkb90Bp, type Market } from '@kilat/domain'
import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import { lendingTotals } from '../orders/orders.service.js'

/**
 * The public lending figures (docs/product/registration.md#lending-figures). They change slowly and
 * every visitor of the public site reads the same ones, so each process keeps them this long; the
 * answer says when they were computed.
 */
export const FIGURES_TTL_MS = 5 * 60 * 1000

/** Which supervisor licenses the lender in each market, when a number is configured. */
function licenceOf(config: Pick<Config, 'OJK_LICENCE_NUMBER'>, market: Market): LendingFigures['licence'] {
  return market === 'ID' ? { authority: 'OJK', number: config.OJK_LICENCE_NUMBER } : null
}

export type FiguresConfig = Pick<Config, 'COMPANY' | 'SERVICE_PHONES' | 'SERVICE_EMAILS' | 'OJK_LICENCE_NUMBER'>

/** Computes a market's figures now, from the database. */
export async function computeLendingFigures(db: Db, config: FiguresConfig, market: Market, now = new Date()): Promise<LendingFigures> {
  const totals = await lendingTotals(db, market)
  return {
    market,
    currency: MARKET_INFO[market].currency,
    totalDisbursed: totals.totalDisbursed,
    borrowersServed: totals.borrowersServed,
    outstandingLoans: totals.outstandingLoans,
    tkb90Bp: tkb90Bp(totals.outstanding, totals.outstandingBeyond90),
    computedAt: now.toISOString(),
    computedDate: localDate(now, market),
    company: {
      name: config.COMPANY[market].name,
      phone: config.SERVICE_PHONES[market],
      email: config.SERVICE_EMAILS[market],
      address: config.COMPANY[market].address,
    },
    licence: licenceOf(config, market),
  }
}

export interface LendingFiguresSource {
  /** The market's figures, computed at most FIGURES_TTL_MS ago. */
  get(market: Market): Promise<LendingFigures>
  /** Forgets the kept figures (tests). */
  clear(): void
}

/**
 * One computation per market at a time: visitors arriving while the figures are being computed
 * wait for the same result rather than each querying the database.
 */
export function lendingFiguresSource(db: Db, config: FiguresConfig, ttlMs = FIGURES_TTL_MS): LendingFiguresSource {
  const kept = new Map<Market, { at: number; figures: Promise<LendingFigures> }>()
  return {
    get(market) {
      const entry = kept.get(market)
      if (entry && Date.now() - entry.at < ttlMs) return entry.figures
      const figures = computeLendingFigures(db, config, market)
      kept.set(market, { at: Date.now(), figures })
      // A failure is not kept: the next visitor tries again.
      figures.catch(() => {
        if (kept.get(market)?.figures === figures) kept.delete(market)
      })
      return figures
    },
    clear: () => kept.clear(),
  }
}
