import { type Cents, cents } from './money.js'

/**
 * docs/product/products.md#module-ids: the recommended list reports which module it was shown in. The banner and
 * popup of the "jingzhun" (precision) campaign are module 301, those of the "fudai" (lucky bag)
 * campaign 302, every other scene (the plain list included) 300.
 */
export type RecommendModuleId = 300 | 301 | 302

const SCENE_MODULES: Readonly<Record<string, RecommendModuleId>> = {
  banner_jingzhun: 301,
  tanchuang_jingzhun: 301,
  tanchuang_fudai: 302,
  banner_fudai: 302,
}

export function recommendModuleId(scene: string | null | undefined): RecommendModuleId {
  if (!scene) return 300
  return Object.hasOwn(SCENE_MODULES, scene) ? SCENE_MODULES[scene]! : 300
}

/** docs/product/products.md#module-ids: the borrow-more event of the loan-details screen. */
export const BORROW_MORE_MODULE_ID = 30
/** docs/product/loans.md#contract-list: the contract calls use scene 3. */
export const CONTRACT_SCENE = 3

/** A product's amount limits: an amount is offered from `min` to `max` in steps of `step` from `min`. */
export interface AmountLimits {
  min: number
  max: number
  step: number
}

export function amountAllowed(amount: number, limits: AmountLimits): boolean {
  if (!Number.isSafeInteger(amount) || amount < limits.min || amount > limits.max) return false
  return limits.step > 0 && (amount - limits.min) % limits.step === 0
}

/**
 * A product offers at most this many amounts: a chooser with more stops is of no use to a borrower,
 * and the caps check prices every one of them.
 */
export const MAX_AMOUNT_CHOICES = 1000

/** How many amounts the limits offer (min, min + step, … up to max). */
export function amountChoiceCount(limits: AmountLimits): number {
  if (!(limits.step > 0 && limits.max >= limits.min)) return 0
  return Math.floor((limits.max - limits.min) / limits.step) + 1
}

/** Every amount the borrower may choose, smallest first. */
export function allowedAmounts(limits: AmountLimits): Cents[] {
  const count = amountChoiceCount(limits)
  if (count > MAX_AMOUNT_CHOICES) throw new Error(`a product offers at most ${MAX_AMOUNT_CHOICES} amounts, not ${count}`)
  return Array.from({ length: count }, (_, i) => cents(limits.min + i * limits.step))
}

/** The largest amount the limits offer: the maximum, or the last step below it when it is off-step. */
export function largestAmount(limits: AmountLimits): Cents {
  if (amountChoiceCount(limits) === 0) throw new Error('the limits offer no amount')
  return cents(limits.min + Math.floor((limits.max - limits.min) / limits.step) * limits.step)
}
