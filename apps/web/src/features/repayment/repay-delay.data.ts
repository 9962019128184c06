import type { LoaderFunctionArgs } from 'react-router'
import { loadScreen } from '../../shared/api/screen-query'
import { appContext } from '../../shared/router-context'
import { extensionDetailQuery } from './api/get-extension-detail'
import { repayParams } from './params'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const load = context.get(appContext)
  const { orderId, productId } = repayParams(new URL(request.url).search)
  if (!orderId) return { failed: 'missing' as const }
  return loadScreen(load, extensionDetailQuery(load.api, { orderId, productId }))
}
