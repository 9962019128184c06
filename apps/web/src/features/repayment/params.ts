/**
 * The repayment screens' own address parameters, checked before any call is made with them
 * (docs/product/screens.md#individual): a value that fails is treated as absent.
 */

import { MAX_PERIODS, ORDER_NO, PAY_CODE } from '@kilat/contract'

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
    productId: intIn(params.get('productId'), 1, 2_147_483_647),
    specificNum: intIn(params.get('specificNum'), 0, MAX_PERIODS) ?? 0,
    purpose: params.get('purpose') === 'extension' ? 'extension' : 'repay',
    payType: payType === 1 || payType === 2 ? payType : undefined,
    payCode: PAY_CODE.test(payCode) ? payCode : undefined,
    isDefault: isDefault === 0 || isDefault === 1 ? isDefault : undefined,
    group: intIn(params.get('group'), 0, 20),
  }
}
