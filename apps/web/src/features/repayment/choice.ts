import { CHOICE_STORAGE_KEY, DEFAULT_PAY_TYPE, storage, type PayType, type RepayChoice } from './params'

export { CHOICE_STORAGE_KEY, DEFAULT_PAY_TYPE, readChoice, type RepayChoice } from './params'

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
