import type { Market } from '@kilat/domain'
import { formatMoney } from '../../shared/format'
import { centsOfTyped } from './decision-texts'

/**
 * An amount as typed in the currency's main unit, written back as the market writes money: the
 * member sees that "1500000,5" is read as they meant. Nothing while the field is empty or not an amount.
 */
export function MoneyEcho({ text, market }: { text: string | undefined; market: Market }) {
  const cents = centsOfTyped(text)
  if (cents === null) return null
  return <div className="ops-small ops-nowrap">{formatMoney(cents, market)}</div>
}
