import { randomInt } from 'node:crypto'
import type { DataOf, ParsedBodyOf, loanDetailPush } from '@kilat/contract'
import { ORDER_STATUS, cents, lateChargeTermsOf, localDate, type Market } from '@kilat/domain'
import { uniqueViolation } from '../../db/errors.js'
import { AppError } from '../../http/errors.js'
import { insertOrder, unsettledOrderNo } from '../orders/orders.service.js'
import { lineageOf, loanDetailUrl } from '../products/products.service.js'
import type { Caller, LoanDeps } from './caller.js'
import { applicationsSubmitted } from '../../telemetry/metrics.js'
import { chosenLoan, offerOf, ownProduct, type Offer } from './quote.js'

/** 'K', the market-local date and 8 random digits: unique by the index, retried on a collision. */
export function newOrderNo(now: Date, market: Market): string {
  return `K${localDate(now, market).replace(/-/g, '')}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`
}

const ORDER_NO_ATTEMPTS = 5

/** The figures an order keeps from its offer: what the borrower signs is what the order holds. */
function signedFigures({ terms, quote }: Offer) {
  return {
    principal: quote.principal,
    fee: quote.fee,
    received: quote.received,
    interest: quote.interest,
    totalRepay: quote.totalRepay,
    termUnit: terms.termUnit,
    termDays: quote.termDays,
    periods: terms.periods,
    dailyRateBps: terms.dailyRateBps,
  }
}

/**
 * Submits a loan (docs/product/loans.md#loan-submission): the order, under review, with the chosen
 * amount and installments priced again, the product's late-charge terms copied and its schedule, in
 * one transaction. The partial unique index on unsettled orders makes "one running loan per
 * product" hold even for two pushes at the same instant.
 */
export async function pushLoan(
  deps: LoanDeps,
  caller: Caller,
  input: ParsedBodyOf<typeof loanDetailPush>,
): Promise<DataOf<typeof loanDetailPush>> {
  const { borrower, now } = caller
  const product = await ownProduct(deps.db, borrower, input.productId)
  const choice = chosenLoan(product, { amount: input.amount, periods: input.periods })
  if (input.termUnit !== product.termUnit) throw new AppError('termMismatch')
  const offer = offerOf(product, choice, now)
  const late = lateChargeTermsOf(product)

  for (let attempt = 1; ; attempt++) {
    const orderNo = newOrderNo(now, product.market)
    try {
      await deps.db.transaction(async (tx) => {
        if (await unsettledOrderNo(tx, borrower.id, lineageOf(product))) throw new AppError('orderInProgress')
        await insertOrder(
          tx,
          {
            orderNo,
            borrowerId: borrower.id,
            productId: product.id,
            productLineageId: product.lineageId,
            status: ORDER_STATUS.submitted,
            ...signedFigures(offer),
            // the option to extend, as the product offers it when the borrower signs
            isDelay: product.termUnit === 'day' && product.extensionFee > 0,
            lateFeeNew: late.feeNew,
            lateFeeRepeat: late.feeRepeat,
            lateTiers: [...late.tiers],
            lateCapBps: late.capBps,
            appliedAt: now,
            createdAt: now,
            updatedAt: now,
          },
          offer.schedule.map((p) => ({
            periodNo: p.periodNo,
            dueAt: p.dueAt,
            principal: p.principal,
            interest: p.interest,
            total: p.total,
            paid: cents(0),
            status: 'unpaid' as const,
            paidAt: null,
          })),
        )
      })
      applicationsSubmitted.inc({ market: product.market })
      return { lendDetailsUrl: loanDetailUrl(product.id, orderNo), orderNo }
    } catch (error) {
      const constraint = uniqueViolation(error)
      if (constraint === 'orders_one_unsettled_per_product_key') throw new AppError('orderInProgress')
      if (constraint === 'orders_order_no_key' && attempt < ORDER_NO_ATTEMPTS) continue
      throw error
    }
  }
}
