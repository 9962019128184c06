import { loadScreen } from '../../shared/api/screen-query'
import type { ScreenLoaderArgs } from '../../shared/router-context'
import { helpTopicsQuery } from './api/get-help-topics'
import { problemInitQuery } from './api/get-problem-init'
import { complaintParams } from './params'

export async function loader({ request, context: load }: ScreenLoaderArgs) {
  const { orderNo } = complaintParams(new URL(request.url).search)
  return loadScreen(load, problemInitQuery(load.api, orderNo, 'v3'), { also: [helpTopicsQuery(load.api, orderNo)] })
}
