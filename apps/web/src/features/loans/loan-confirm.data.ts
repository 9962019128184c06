import { loadScreen } from '../../shared/api/screen-query'
import type { ScreenLoaderArgs } from '../../shared/router-context'
import { contractsQuery } from './api/get-contracts'
import { loanConfirmQuery } from './api/get-loan-confirm'
import { loanParams } from './params'

/** The offer for the amount and installments in the address, so a reload keeps the borrower's choice. */
export async function loader({ request, context: load }: ScreenLoaderArgs) {
  const { api } = load
  const { productId, amount, periods } = loanParams(new URL(request.url).search)
  if (!productId) return { failed: 'missing' as const }
  return loadScreen(load, loanConfirmQuery(api, { productId, amount, periods }), { also: [contractsQuery(api, productId)] })
}
