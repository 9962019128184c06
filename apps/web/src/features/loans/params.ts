import { ID_MAX, MAX_PERIODS, ORDER_NO } from '@kilat/contract'

/** The loan screens' own address parameters, checked before any call is made with them. */

function positiveInt(raw: string | null, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (raw === null || !/^\d{1,15}$/.test(raw)) return undefined
  const value = Number(raw)
  return value > 0 && value <= max ? value : undefined
}

export function loanParams(search: string) {
  const params = new URLSearchParams(search)
  const orderId = params.get('orderId') ?? params.get('orderNo') ?? ''
  const position = params.get('position')
  return {
    productId: positiveInt(params.get('productId'), ID_MAX),
    orderId: ORDER_NO.test(orderId) ? orderId : undefined,
    /** The borrower's chosen amount, in cents as on the wire (docs/product/money-rules.md#choosing-the-amount-and-installments). */
    amount: positiveInt(params.get('amount')),
    /** The borrower's chosen number of installments. */
    periods: positiveInt(params.get('periods'), MAX_PERIODS),
    position: position !== null && /^\d{1,2}$/.test(position) ? Number(position) : 0,
  }
}

/** The amount and installments a loan is confirmed with, carried by every link that shows its figures. */
export interface LoanChoice {
  amount: number
  periods: number
}

/**
 * An agreement address of ours with the borrower's choice on it, so the agreement shows the amount
 * and term being confirmed. What the address already says wins; another site's address is untouched.
 */
export function withLoanChoice(url: string, choice: LoanChoice): string {
  if (!url.startsWith('/')) return url
  const parsed = new URL(url, 'http://kilat.local')
  if (!parsed.searchParams.has('amount')) parsed.searchParams.set('amount', String(choice.amount))
  if (!parsed.searchParams.has('periods')) parsed.searchParams.set('periods', String(choice.periods))
  return `${parsed.pathname}${parsed.search}${parsed.hash}`
}
