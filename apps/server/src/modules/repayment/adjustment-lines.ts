import { formatMoney, type Locale, type Market } from '@kilat/domain'
import { textsFor } from '../../i18n/index.js'
import type { AdjustmentJson } from './adjustments.repo.js'

/**
 * Each confirmed waiver, refund and cooling-off release of an order as its own line in the
 * borrower's language (docs/product/waivers-and-refunds.md#what-the-borrower-sees): loan details
 * and the installment plan show them beside the figures they changed.
 */
export function adjustmentLines(rows: readonly AdjustmentJson[], market: Market, locale: Locale): Array<{ text: string; value: string }> {
  const t = textsFor(locale).adjustments
  return rows.map((row) => {
    const text = row.kind === 'refund' ? t.refund : row.kind === 'cooling_off' ? t.coolingOff : row.component === 'interest' ? t.interestWaived : t.lateChargeWaived
    const amount = formatMoney(Number(row.amount), market)
    // a refund is money paid back; a waiver or release lowers what is owed
    return { text, value: row.kind === 'refund' ? amount : `−${amount}` }
  })
}
