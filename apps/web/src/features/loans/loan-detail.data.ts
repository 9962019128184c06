import { loadScreen } from '../../shared/api/screen-query'
import type { ScreenLoaderArgs } from '../../shared/router-context'
import { loanDetailsQuery } from './api/get-loan-details'
import { loanParams } from './params'

/** docs/product/screens.md#page-frame: the page title is the product's name, so the first HTML already carries it. */
export async function loader({ request, context: load }: ScreenLoaderArgs) {
  const { api } = load
  const { orderId, productId } = loanParams(new URL(request.url).search)
  if (!orderId) return { failed: 'missing' as const }
  return loadScreen(load, loanDetailsQuery(api, { orderId, productId }), { titleOf: (data) => data.productName })
}
