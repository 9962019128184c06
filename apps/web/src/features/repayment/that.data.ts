import { loadScreen } from '../../shared/api/screen-query'
import type { ScreenLoaderArgs } from '../../shared/router-context'
import { accountQuery, type AccountRequest } from './api/generate-account'
import { readChoice } from './params'
import { repayParams } from './params'

/** The account's request from the address; `is_default` as /individual stored it (docs/product/screens.md#individual). */
export function accountRequest(search: string): AccountRequest | undefined {
  const params = repayParams(search)
  if (!params.orderId) return undefined
  // The address carries it from /individual; the stored choice is the browser's alone; a link
  // naming no method asks for the market's default one.
  const isDefault = params.isDefault ?? readChoice()?.isDefault ?? (params.payCode ? 0 : 1)
  return { ...params, orderId: params.orderId, isDefault }
}

/** The account (issued or the same open one again), with its order's market. */
export async function loader({ request, context: load }: ScreenLoaderArgs) {
  const input = accountRequest(new URL(request.url).search)
  if (!input) return { failed: 'missing' as const }
  return loadScreen(load, accountQuery(load.api, input))
}
