import { loadScreen } from '../../shared/api/screen-query'
import type { ScreenLoaderArgs } from '../../shared/router-context'
import { complaintDetailQuery } from './api/get-complaint-detail'
import { complaintParams } from './params'

export async function loader({ request, context: load }: ScreenLoaderArgs) {
  const { problemId } = complaintParams(new URL(request.url).search)
  if (!problemId) return { failed: 'missing' as const }
  return loadScreen(load, complaintDetailQuery(load.api, problemId))
}
