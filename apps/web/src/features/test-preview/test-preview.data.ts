import type { LoaderFunctionArgs } from 'react-router'
import { appContext } from '../../shared/router-context'
import { userInfoQuery } from './api/get-user-info'
import { loginInitQuery } from './api/login-init'
import { fieldsFromSearch } from './fields'

/**
 * Login settings and the session's owner, fetched before the first render (on the server for the
 * first load). A refused session is data (`null`), so the browser never retries it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, queryClient } = context.get(appContext)
  const session = fieldsFromSearch(new URL(request.url).search).sessionId ?? ''
  await Promise.all([queryClient.prefetchQuery(loginInitQuery(api)), queryClient.prefetchQuery(userInfoQuery(api, session))])
  return null
}
