import { OPS_ERROR_CODES, type AdjustmentView } from '@kilat/contract'
import { isCode } from '../app/api'
import type { OpsT } from '../app/i18n'

/** What an adjustment is, by name in the staff member's language. */
export function kindName(t: OpsT, a: Pick<AdjustmentView, 'kind' | 'component'>): string {
  return t(`adjustments.kinds.${a.kind === 'waiver' ? (a.component ?? 'late_charge') : a.kind}`)
}

/** The server's refusals of the desk, in words (the same member confirming: `isSameMemberRefusal`). */
export function adjustmentError(error: unknown, t: OpsT): string | undefined {
  if (isCode(error, OPS_ERROR_CODES.waiverTooLarge)) return t('adjustments.errors.waiverTooLarge')
  if (isCode(error, OPS_ERROR_CODES.refundTooLarge)) return t('adjustments.errors.refundTooLarge')
  if (isCode(error, OPS_ERROR_CODES.adjustmentAlreadyRequested)) return t('adjustments.errors.alreadyRequested')
  if (isCode(error, OPS_ERROR_CODES.adjustmentNotPending)) return t('adjustments.errors.notPending')
  if (isCode(error, OPS_ERROR_CODES.orderNotRepaying)) return t('adjustments.errors.notRepaying')
  return undefined
}

/**
 * A typed amount in the currency's main unit ("1500", "1500.50" or "1500,5") as integer cents, by
 * its digits: never through a float. null when it is not such an amount or not above zero.
 */
export function centsOf(text: string): number | null {
  const m = /^(\d{1,13})(?:[.,](\d{1,2}))?$/.exec(text.trim())
  if (!m) return null
  const value = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
  return value > 0 ? value : null
}
