import { addCents, applyBasisPoints, cents, type Cents } from './money.js'
import type { Market } from './markets.js'

/**
 * What our contract with the payment gateway lets it keep of each payment it collects, per market
 * (docs/product/operations.md#gateway-fees): a fixed amount plus a share in basis points. The one
 * place the contract's fee is written: the sandbox reports it, reconciliation checks the gateway's
 * report against it.
 */
export interface GatewayFeeTerms {
  /** Cents of the market's currency, per payment. */
  fixed: Cents
  /** Basis points of the payment's amount (1 bp = 0.01 %), rounded half up by applyBasisPoints. */
  bps: number
}

export const GATEWAY_FEES: Record<Market, GatewayFeeTerms> = {
  // Indonesia: a flat Rp 4.000 per virtual-account or mini-market payment.
  ID: { fixed: cents(400_000), bps: 0 },
  // India: 0.5 % of the payment (UPI and bank transfers are priced as a share).
  IN: { fixed: cents(0), bps: 50 },
  // Mexico: $8.00 per SPEI or OXXO payment plus 0.3 %.
  MX: { fixed: cents(800), bps: 30 },
}

/** The fee the contract allows for one payment of `amount` in `market`. */
export function contractFee(market: Market, amount: Cents): Cents {
  const terms = GATEWAY_FEES[market]
  return addCents(terms.fixed, applyBasisPoints(amount, terms.bps))
}
