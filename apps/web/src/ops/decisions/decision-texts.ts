import { DECISION_REASON_TEXTS, isDecisionReason, OPS_ERROR_CODES, POLICY_INPUTS, type DecisionBand, type PolicyInputField } from '@kilat/contract'
import type { Locale } from '@kilat/domain'
import { centsOf } from '../adjustments/adjustment-texts'
import { isCode } from '../app/api'
import type { OpsT } from '../app/i18n'

/** Every query of the two decisions screens and the order screen's panel. */
export const DECISIONS_KEY = ['ops', 'decisions'] as const

/** A band's colour, always beside its words (never the colour alone). */
export const BAND_COLORS: Readonly<Record<DecisionBand, string>> = { approve: 'green', refer: 'gold', reject: 'red' }

/** A decision's reason in the staff member's language; a reason the console does not know, as the server wrote it. */
export function reasonText(reason: string, locale: Locale): string {
  return isDecisionReason(reason) ? DECISION_REASON_TEXTS[reason][locale] : reason
}

const INPUT_TYPES = new Map<string, (typeof POLICY_INPUTS)[number]['type']>(POLICY_INPUTS.map((i) => [i.field, i.type]))

export const isPolicyInput = (field: string): field is PolicyInputField => INPUT_TYPES.has(field)

/** The kind of value an input holds: what its conditions look like. */
export const inputType = (field: PolicyInputField) => INPUT_TYPES.get(field) ?? 'string'

/** An input amount is in cents, as the engine reads it. */
export const isAmountInput = (field: string) => field === 'application.amount'

/** An input of the policy in words; a field the console does not know, as its path. */
export function inputName(t: OpsT, field: string): string {
  return isPolicyInput(field) ? t(`decisions.inputs.${field}`) : field
}

/** The refusals of the decisions calls in words (the same member publishing: `isSameMemberRefusal`). */
export function decisionsError(error: unknown, t: OpsT): string | undefined {
  if (isCode(error, OPS_ERROR_CODES.policyVersionPending)) return t('decisions.errors.versionPending')
  if (isCode(error, OPS_ERROR_CODES.policyVersionNotPending)) return t('decisions.errors.versionNotPending')
  if (isCode(error, OPS_ERROR_CODES.autoPayoutLimitsPending)) return t('decisions.errors.limitsPending')
  if (isCode(error, OPS_ERROR_CODES.autoPayoutLimitsNotPending)) return t('decisions.errors.limitsNotPending')
  return undefined
}

/** Cents as typed in the currency's main unit, for an input that edits them ("1500000", "1500000.5"). */
export const textOfCents = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`)

/**
 * A typed amount in the currency's main unit ("1500000", "1500000,5") as integer cents, read by the
 * console's own reader (never through a float); a zero too, which a limit may be. null when it is
 * not such an amount.
 */
export function centsOfTyped(text: string | undefined): number | null {
  const typed = (text ?? '').trim()
  return centsOf(typed) ?? (/^0+(?:[.,]0{1,2})?$/.test(typed) ? 0 : null)
}
