import { formatMoney, type Locale, type Market } from '@kilat/domain'
import { textsFor } from '../../i18n/index.js'
import type { AdjustmentJson } from '../repayment/repayment.service.js'

/**
 * Each confirmed waiver, refund and cooling-off release of an order as its own line in the
 * borrower's language (docs/product/waivers-and-refunds.md#what-the-borrower-sees): loan details
 * and the installment plan show them beside the figures they changed.
 */
type LineTexts = ReturnType<typeof textsFor>['adjustments']

const LINE_TEXT: Record<AdjustmentJson['kind'], (t: LineTexts, component: AdjustmentJson['component']) => string> = {
  waiver: (t, component) => (component === 'interest' ? t.interestWaived : t.lateChargeWaived),
  refund: (t) => t.refund,
  cooling_off: (t) => t.coolingOff,
  refund_returned: (t) => t.refundReturned,
}

export function adjustmentLines(rows: readonly AdjustmentJson[], market: Market, locale: Locale): Array<{ text: string; value: string }> {
  const t = textsFor(locale).adjustments
  return rows.map((row) => {
    const text = LINE_TEXT[row.kind](t, row.component)
    const amount = formatMoney(Number(row.amount), market)
    // a refund is money paid back; a waiver or release lowers what is owed; a returned refund undoes its refund
    return { text, value: row.kind === 'refund' ? amount : `−${amount}` }
  })
}
