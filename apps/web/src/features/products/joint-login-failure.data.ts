import { loadScreen } from '../../shared/api/screen-query'
import type { ScreenLoaderArgs } from '../../shared/router-context'
import { standFailureQuery } from './api/get-stand-failure'

/** The shell opens the page with the product whose joint login failed and why, when it knows. */
export function failureInputOf(search: string): { productId?: number; reason?: string } {
  const params = new URLSearchParams(search)
  const productId = Number(params.get('productId'))
  const reason = params.get('reason')?.slice(0, 64)
  return {
    ...(Number.isSafeInteger(productId) && productId > 0 ? { productId } : {}),
    ...(reason ? { reason } : {}),
  }
}

export async function loader({ request, context: load }: ScreenLoaderArgs) {
  const { api } = load
  return loadScreen(load, standFailureQuery(api, failureInputOf(new URL(request.url).search)))
}
