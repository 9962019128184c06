import type { LoaderFunctionArgs } from 'react-router'
import { loadScreen } from '../../shared/api/screen-query'
import { appContext } from '../../shared/router-context'
import { cardBanksQuery } from './api/bind-card'

export async function loader({ context }: LoaderFunctionArgs) {
  const load = context.get(appContext)
  return loadScreen(load, cardBanksQuery(load.api))
}
