import type { LoaderFunctionArgs } from 'react-router'
import { loadScreen } from '../../shared/api/screen-query'
import { appContext } from '../../shared/router-context'
import { installmentPlanQuery } from './api/get-installment-plan'
import { repayParams } from './params'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const load = context.get(appContext)
  const { orderId, productId } = repayParams(new URL(request.url).search)
  if (!orderId) return { failed: 'missing' as const }
  return loadScreen(load, installmentPlanQuery(load.api, { orderId, productId }))
}
