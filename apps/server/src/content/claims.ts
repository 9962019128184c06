import { formatMoneyWhole, type Market } from '@kilat/domain'

/**
 * The amounts the markets' claims quote (the promotion pages, the chatbot's answer on how much one
 * can borrow), in cents of each currency, written through the one formatter: in the market's own
 * grouping whatever the language (₹80,000 on India's page in Indonesian too,
 * docs/product/markets-and-formats.md), the sign joined to its number.
 */
function claimAmounts<K extends string>(market: Market, amounts: Record<K, number>): Record<K, string> {
  const out = {} as Record<K, string>
  for (const key of Object.keys(amounts) as K[]) out[key] = formatMoneyWhole(amounts[key], market)
  return out
}

export const RP = claimAmounts('ID', { min: 1_000_000_00, max: 15_000_000_00, income: 5_000_000_00 })
export const INR = claimAmounts('IN', { min: 2_000_00, max: 80_000_00, salary: 12_000_00 })
export const MXN = claimAmounts('MX', { min: 1_000_00, max: 20_000_00 })
