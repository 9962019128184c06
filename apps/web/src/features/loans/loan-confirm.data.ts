import { loadScreen } from '../../shared/api/screen-query'
import type { ScreenLoaderArgs } from '../../shared/router-context'
import { contractsQuery } from './api/get-contracts'
import { loanConfirmQuery } from './api/get-loan-confirm'
import { payoutAccountQuery } from './api/get-payout-account'
import { loanParams } from './params'

/** The offer for the amount and installments in the address, so a reload keeps the borrower's choice. */
export async function loader({ request, context: load }: ScreenLoaderArgs) {
  const { api, queryClient } = load
  const { productId, amount, periods } = loanParams(new URL(request.url).search)
  if (!productId) return { failed: 'missing' as const }
  // Where the money goes is one line of the screen: asked beside the offer, never in its way, and
  // its failure never the screen's. The server's page waits for it as for the offer (no line moves
  // in after the first paint); a failure there is dropped, so that the server's line and the
  // browser's first one both say "loading" and the browser asks again. In the browser nothing waits.
  const accountQuery = payoutAccountQuery(api)
  const account = queryClient.prefetchQuery(accountQuery).then(() => {
    if (queryClient.getQueryState(accountQuery.queryKey)?.status === 'error') queryClient.removeQueries({ queryKey: accountQuery.queryKey, exact: true })
  })
  const [screen] = await Promise.all([
    loadScreen(load, loanConfirmQuery(api, { productId, amount, periods }), { also: [contractsQuery(api, productId)] }),
    load.server ? account : undefined,
  ])
  return screen
}
