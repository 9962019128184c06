import type { LoaderFunctionArgs } from 'react-router'
import { loadScreen } from '../../shared/api/screen-query'
import { appContext } from '../../shared/router-context'
import { contactInfoQuery } from './api/get-contact-info'

export async function loader({ context }: LoaderFunctionArgs) {
  const load = context.get(appContext)
  return loadScreen(load, contactInfoQuery(load.api))
}
