import { logout } from '@kilat/contract'
import { useMutation } from '../../../shared/api/mutation'
import { useApi } from '../../../shared/api'

export function useLogout() {
  const api = useApi()
  return useMutation({
    mutationFn: (session: string) => api.callApi(logout, {}, { shared: session ? { tok: session } : undefined }),
  })
}
