import { loadScreen } from '../../shared/api/screen-query'
import type { ScreenLoaderArgs } from '../../shared/router-context'
import { cardBanksQuery } from './api/bind-card'

export async function loader({ context: load }: ScreenLoaderArgs) {
  return loadScreen(load, cardBanksQuery(load.api))
}
