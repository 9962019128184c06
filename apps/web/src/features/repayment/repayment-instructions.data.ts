import { loadScreen } from '../../shared/api/screen-query'
import type { ScreenLoaderArgs } from '../../shared/router-context'
import { payGuideQuery } from './api/get-pay-guide'

export async function loader({ context: load }: ScreenLoaderArgs) {
  return loadScreen(load, payGuideQuery(load.api))
}
