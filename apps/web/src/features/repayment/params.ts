/**
 * The repayment screens' own address parameters, checked before any call is made with them
 * (docs/product/screens.md#individual): a value that fails is treated as absent.
 */

import { ID_MAX, MAX_PERIODS, ORDER_NO, PAY_CODE } from '@kilat/contract'

export type PayType = 1 | 2

function intIn(raw: string | null, min: number, max: number): number | undefined {
  if (raw === null || !/^\d{1,10}$/.test(raw)) return undefined
  const value = Number(raw)
  return value >= min && value <= max ? value : undefined
}

export interface RepayParams {
  orderId: string | undefined
  productId: number | undefined
  /** How many of the oldest unpaid installments to pay (chosen on /installments); 0 for everything owed. */
  specificNum: number
  /** `extension` pays the extension fee (from /repay-delay). */
  purpose: 'repay' | 'extension'
  payType: PayType | undefined
  payCode: string | undefined
  /** 1 when the method is the one a fresh repayment starts with (docs/product/screens.md#individual), as /individual stored it. */
  isDefault: 0 | 1 | undefined
  /** The bank channel chosen on /individual: its step group opens first on /that. */
  group: number | undefined
}

export function repayParams(search: string): RepayParams {
  const params = new URLSearchParams(search)
  const orderId = params.get('orderId') ?? params.get('orderNo') ?? ''
  const payCode = params.get('payCode') ?? ''
  const payType = intIn(params.get('payType'), 1, 2)
  const isDefault = intIn(params.get('isDefault'), 0, 1)
  return {
    orderId: ORDER_NO.test(orderId) ? orderId : undefined,
    productId: intIn(params.get('productId'), 1, ID_MAX),
    specificNum: intIn(params.get('specificNum'), 0, MAX_PERIODS) ?? 0,
    purpose: params.get('purpose') === 'extension' ? 'extension' : 'repay',
    payType: payType === 1 || payType === 2 ? payType : undefined,
    payCode: PAY_CODE.test(payCode) ? payCode : undefined,
    isDefault: isDefault === 0 || isDefault === 1 ? isDefault : undefined,
    group: intIn(params.get('group'), 0, 20),
  }
}

// The stored choice is read by /that as well as /individual, so it sits with the address
// parameters every repayment screen loads; choosing and saving are /individual's alone (choice.ts).
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

export function storage(): Storage | undefined {
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
