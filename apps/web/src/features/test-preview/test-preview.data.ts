import type { ScreenLoaderArgs } from '../../shared/router-context'
import { demoOrdersQuery } from './api/get-demo-orders'
import { userInfoQuery } from './api/get-user-info'
import { loginInitQuery } from './api/login-init'
import { fieldsFromSearch } from './fields'

/**
 * Login settings, the session's owner and, in demo mode, their orders, fetched before the first
 * render (on the server for the first load). A refused session is data (`null`), so the browser
 * never retries it.
 */
export async function loader({ request, context }: ScreenLoaderArgs) {
  const { api, queryClient } = context
  const session = fieldsFromSearch(new URL(request.url).search).sessionId ?? ''
  await Promise.all([queryClient.prefetchQuery(loginInitQuery(api)), queryClient.prefetchQuery(userInfoQuery(api, session))])
  const settings = queryClient.getQueryData(loginInitQuery(api).queryKey)
  if (settings?.demo && queryClient.getQueryData(userInfoQuery(api, session).queryKey)) {
    await queryClient.prefetchQuery(demoOrdersQuery(api, session))
  }
  return null
}
