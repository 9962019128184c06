import { loadScreen } from '../../shared/api/screen-query'
import type { ScreenLoaderArgs } from '../../shared/router-context'
import { payOptionsQuery } from './api/get-pay-options'
import { repayParams } from './params'

/** Both pay types' lists at once: a type whose list is empty (India's mini markets) has no tab. */
export async function loader({ request, context: load }: ScreenLoaderArgs) {
  const { orderId, productId } = repayParams(new URL(request.url).search)
  if (!orderId) return { failed: 'missing' as const }
  return loadScreen(load, payOptionsQuery(load.api, { orderId, productId, payType: 1 }), {
    also: [payOptionsQuery(load.api, { orderId, productId, payType: 2 })],
  })
}
