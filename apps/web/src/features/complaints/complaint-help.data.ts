import type { LoaderFunctionArgs } from 'react-router'
import { loadScreen } from '../../shared/api/screen-query'
import { appContext } from '../../shared/router-context'
import { helpTopicsQuery } from './api/get-help-topics'
import { problemInitQuery } from './api/get-problem-init'
import { complaintParams } from './params'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const load = context.get(appContext)
  const { orderNo } = complaintParams(new URL(request.url).search)
  return loadScreen(load, problemInitQuery(load.api, orderNo, 'v3'), { also: [helpTopicsQuery(load.api, orderNo)] })
}
