import { loadScreen } from '../../shared/api/screen-query'
import type { ScreenLoaderArgs } from '../../shared/router-context'
import { repaymentWayQuery } from './api/get-repayment-way'
import { repayParams } from './params'

export async function loader({ request, context: load }: ScreenLoaderArgs) {
  const { orderId } = repayParams(new URL(request.url).search)
  if (!orderId) return { failed: 'missing' as const }
  return loadScreen(load, repaymentWayQuery(load.api, orderId))
}
