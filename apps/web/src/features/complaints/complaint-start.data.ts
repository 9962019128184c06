import { loadScreen } from '../../shared/api/screen-query'
import type { ScreenLoaderArgs } from '../../shared/router-context'
import { problemInitQuery } from './api/get-problem-init'
import { complaintParams } from './params'

/** The start page and the form read the same answer: the order asked for, or the latest. */
export async function loader({ request, context: load }: ScreenLoaderArgs) {
  return loadScreen(load, problemInitQuery(load.api, complaintParams(new URL(request.url).search).orderNo))
}
