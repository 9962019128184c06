import { loadScreen } from '../../shared/api/screen-query'
import type { ScreenLoaderArgs } from '../../shared/router-context'
import { installmentPlanQuery } from './api/get-installment-plan'
import { repayParams } from './params'

export async function loader({ request, context: load }: ScreenLoaderArgs) {
  const { orderId, productId } = repayParams(new URL(request.url).search)
  if (!orderId) return { failed: 'missing' as const }
  return loadScreen(load, installmentPlanQuery(load.api, { orderId, productId }))
}
