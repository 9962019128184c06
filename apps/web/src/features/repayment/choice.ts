import type { PayType } from './params'

/**
 * The repay method saved locally (docs/product/screens.md#individual;
 * docs/product/screens.md#individual): what /individual chose, read again by /that for `is_default`.
 */
export interface RepayChoice {
  payType: PayType
  /** The bank's or market's code; empty until one is chosen. */
  payCode: string
  /** Installments chosen on /installments; 0 for everything owed. */
  specificNum: number
  /** 1 while the borrower has not chosen by hand since the repayment started, else 0. */
  isDefault: 0 | 1
}

export const CHOICE_STORAGE_KEY = 'kilat.repayMethod'
/** docs/product/screens.md#individual: a repayment starts with bank (1). */
export const DEFAULT_PAY_TYPE: PayType = 1

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    // A WebView with storage switched off throws on access: the choice then lasts the page only.
    return undefined
  }
}

/** The stored choice, or null when there is none or it is not one this app wrote. */
export function readChoice(): RepayChoice | null {
  try {
    const raw = storage()?.getItem(CHOICE_STORAGE_KEY)
    if (!raw) return null
    const value = JSON.parse(raw) as Partial<RepayChoice>
    if (value.payType !== 1 && value.payType !== 2) return null
    if (typeof value.payCode !== 'string' || !Number.isInteger(value.specificNum) || (value.isDefault !== 0 && value.isDefault !== 1)) return null
    return { payType: value.payType, payCode: value.payCode, specificNum: value.specificNum ?? 0, isDefault: value.isDefault }
  } catch {
    return null
  }
}

export function saveChoice(choice: RepayChoice): void {
  try {
    storage()?.setItem(CHOICE_STORAGE_KEY, JSON.stringify(choice))
  } catch {
    // Full or refused storage: the choice still travels in /that's address.
  }
}

/**
 * Opening /individual starts a fresh repayment: isDefault 1. The last pay type and method stay as
 * the page's first selection (the borrower usually pays the same way); no pay type yet means bank.
 */
export function freshChoice(stored: RepayChoice | null, specificNum: number): RepayChoice {
  return { payType: stored?.payType ?? DEFAULT_PAY_TYPE, payCode: stored?.payCode ?? '', specificNum, isDefault: 1 }
}

/** Another pay type clears the method chosen before (docs/product/screens.md#individual); a manual choice: isDefault 0. */
export function choosePayType(choice: RepayChoice, payType: PayType): RepayChoice {
  if (payType === choice.payType) return choice
  return { payType, payCode: '', specificNum: choice.specificNum, isDefault: 0 }
}

/** A bank or market chosen by hand: isDefault 0. */
export function choosePayCode(choice: RepayChoice, payCode: string): RepayChoice {
  return { ...choice, payCode, isDefault: 0 }
}
