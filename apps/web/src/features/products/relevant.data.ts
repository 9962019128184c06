import { loadScreen } from '../../shared/api/screen-query'
import type { ScreenLoaderArgs } from '../../shared/router-context'
import { recommendedProductsQuery } from './api/get-recommended-products'

export function sceneOf(search: string): string {
  return (new URLSearchParams(search).get('scene') ?? '').slice(0, 64)
}

export async function loader({ request, context: load }: ScreenLoaderArgs) {
  const { api } = load
  return loadScreen(load, recommendedProductsQuery(api, sceneOf(new URL(request.url).search)))
}
