import { loadScreen } from '../../shared/api/screen-query'
import type { ScreenLoaderArgs } from '../../shared/router-context'
import { complaintListQuery } from './api/get-complaint-list'

export async function loader({ context: load }: ScreenLoaderArgs) {
  return loadScreen(load, complaintListQuery(load.api))
}
