import { cents, type ProductFields } from '@kilat/domain'
import type { NewProduct } from '../modules/products/products.schema.js'

/** A product's row as the domain's pricing fields, the database's defaults filled in. */
export function productFields(values: NewProduct): ProductFields {
  return {
    market: values.market,
    termUnit: values.termUnit,
    termDays: values.termDays,
    periods: values.periods ?? 1,
    periodDays: values.periodDays,
    periodOptions: values.periodOptions ?? [],
    dailyRateBps: values.dailyRateBps,
    adminFeeBps: values.adminFeeBps ?? 0,
    extensionFee: values.extensionFee ?? 0,
    minAmount: values.minAmount ?? 0,
    maxAmount: values.maxAmount ?? 0,
    amountStep: values.amountStep ?? 0,
    lateFeeNew: values.lateFeeNew ?? cents(0),
    lateFeeRepeat: values.lateFeeRepeat ?? cents(0),
    lateTiers: values.lateTiers ?? [],
    lateCapBps: values.lateCapBps ?? 10_000,
    isPartner: values.isPartner ?? false,
    partnerUrl: values.partnerUrl ?? null,
  }
}
