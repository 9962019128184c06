import { loadScreen } from '../../shared/api/screen-query'
import type { ScreenLoaderArgs } from '../../shared/router-context'
import { contactInfoQuery } from './api/get-contact-info'

export async function loader({ context: load }: ScreenLoaderArgs) {
  return loadScreen(load, contactInfoQuery(load.api))
}
