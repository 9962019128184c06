import { loadScreen } from '../../shared/api/screen-query'
import type { ScreenLoaderArgs } from '../../shared/router-context'
import { payoutAccountQuery } from './api/get-payout-account'

export async function loader({ context: load }: ScreenLoaderArgs) {
  return loadScreen(load, payoutAccountQuery(load.api))
}
