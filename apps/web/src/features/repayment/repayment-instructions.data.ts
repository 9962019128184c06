import type { LoaderFunctionArgs } from 'react-router'
import { loadScreen } from '../../shared/api/screen-query'
import { appContext } from '../../shared/router-context'
import { payGuideQuery } from './api/get-pay-guide'

export async function loader({ context }: LoaderFunctionArgs) {
  const load = context.get(appContext)
  return loadScreen(load, payGuideQuery(load.api))
}
