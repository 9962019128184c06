import { loadScreen } from '../../shared/api/screen-query'
import type { ScreenLoaderArgs } from '../../shared/router-context'
import { contractViewQuery } from './api/get-contract-view'
import { loanParams } from './params'

/**
 * What the agreement is filled with: the order's own figures (`orderId`), or the offer for the
 * amount and installments the borrower chose on the confirmation (docs/product/loans.md#contract-view).
 * Without a product there is no agreement to show.
 */
export function contractInputOf(search: string) {
  const { productId, position, orderId, amount, periods } = loanParams(search)
  return productId ? { productId, position, orderId, amount, periods } : undefined
}

/** The page title is the agreement's own. */
export async function loader({ request, context: load }: ScreenLoaderArgs) {
  const { api } = load
  const input = contractInputOf(new URL(request.url).search)
  if (!input) return { failed: 'missing' as const }
  return loadScreen(load, contractViewQuery(api, input), { titleOf: (data) => data.title })
}
