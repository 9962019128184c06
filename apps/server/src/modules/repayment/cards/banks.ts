import type { Market } from '@kilat/domain'
import { methodsOf } from '../methods/methods.js'

/**
 * The banks whose cards a borrower can bind (docs/decisions/0012-payment-gateway.md#cards).
 * Indonesia's are the banks of its virtual accounts (methods.ts, one list for both); India's and
 * Mexico's repayment methods name no bank (UPI, a transfer, SPEI, OXXO), so their card issuers are
 * listed here: the largest of each market, as their gateways' card products accept them.
 */
export interface CardBank {
  bankCode: string
  bankName: string
}

const ISSUERS: Readonly<Record<Exclude<Market, 'ID'>, readonly CardBank[]>> = Object.freeze({
  IN: Object.freeze([
    { bankCode: 'SBI', bankName: 'State Bank of India' },
    { bankCode: 'HDFC', bankName: 'HDFC Bank' },
    { bankCode: 'ICICI', bankName: 'ICICI Bank' },
    { bankCode: 'AXIS', bankName: 'Axis Bank' },
  ]),
  MX: Object.freeze([
    { bankCode: 'BBVA', bankName: 'BBVA México' },
    { bankCode: 'BANORTE', bankName: 'Banorte' },
    { bankCode: 'SANTANDER', bankName: 'Santander México' },
    { bankCode: 'BANAMEX', bankName: 'Banamex' },
  ]),
})

/** The market's card banks, in display order. */
export function cardBanksOf(market: Market): CardBank[] {
  if (market !== 'ID') return ISSUERS[market].map((b) => ({ ...b }))
  // the banks with a virtual-account range are Indonesia's banks; mini markets and transfers are not
  return methodsOf(market, 1)
    .filter((m) => m.vaPrefix !== undefined)
    .map((m) => ({ bankCode: m.code, bankName: m.name }))
}

export function findCardBank(market: Market, bankCode: string): CardBank | undefined {
  return cardBanksOf(market).find((b) => b.bankCode === bankCode)
}
