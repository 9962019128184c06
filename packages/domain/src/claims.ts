import type { Market } from './markets.js'
import type { Cents } from './money.js'

/**
 * The amounts each market's marketing claims quote (docs/product/markets-and-formats.md#text-sets),
 * in cents of the market's currency, written once for the public site, the promotion landing pages
 * and the chatbot's answers: the claims' words are in packages/domain/src/texts.ts, and every amount
 * is shown through the market's formatter. The ranges are the seeded products' own.
 */
export interface MarketClaims {
  /** The smallest and largest loan. */
  min: Cents
  max: Cents
  /** The income from which a borrower is eligible (India, Indonesia: salary; Mexico: monthly income). */
  salary: Cents
}

export const MARKET_CLAIMS: Readonly<Record<Market, MarketClaims>> = {
  ID: { min: 1_000_000_00 as Cents, max: 15_000_000_00 as Cents, salary: 5_000_000_00 as Cents },
  IN: { min: 2_000_00 as Cents, max: 80_000_00 as Cents, salary: 12_000_00 as Cents },
  MX: { min: 1_000_00 as Cents, max: 20_000_00 as Cents, salary: 6_000_00 as Cents },
}
