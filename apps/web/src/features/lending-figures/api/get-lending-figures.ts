import { lendingFigures, type LendingFigures } from '@kilat/contract'
import type { Market } from '@kilat/domain'
import type { ApiClient } from '../../../shared/api'

export type { LendingFigures }

/**
 * docs/product/registration.md#lending-figures: the figures, company and licence of a market, the
 * same for every visitor. Null when they cannot be had: the page then renders without them.
 */
export async function getLendingFigures(api: ApiClient, market: Market): Promise<LendingFigures | null> {
  try {
    return await api.callApi(lendingFigures, { query: { market } }, { toast: false })
  } catch {
    return null
  }
}
