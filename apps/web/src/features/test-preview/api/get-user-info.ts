import { userInfo, type DataOf } from '@kilat/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { isSessionError, useApi, type ApiClient } from '../../../shared/api'

export type UserInfo = DataOf<typeof userInfo>

/**
 * Who a session belongs to; `null` when the API refuses it (a state to show, not an error to retry).
 * An empty `session` asks about the page's own session (shared parameters or cookie).
 */
export function userInfoQuery(api: ApiClient, session: string) {
  return queryOptions({
    queryKey: ['auth', 'userInfo', session],
    queryFn: async (): Promise<UserInfo | null> => {
      try {
        return await api.callApi(userInfo, {}, { toast: false, shared: session ? { tok: session } : undefined })
      } catch (error) {
        if (isSessionError(error)) return null
        throw error
      }
    },
  })
}

export function useUserInfo(session: string) {
  return useQuery(userInfoQuery(useApi(), session))
}
