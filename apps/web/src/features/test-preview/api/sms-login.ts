import { smsLogin } from '@kilat/contract'
import { useMutation } from '../../../shared/api/mutation'
import { useApi } from '../../../shared/api'

export function useSmsLogin(loading: string) {
  const api = useApi()
  return useMutation({
    mutationFn: (input: { phone: string; code: string }) => api.callApi(smsLogin, { body: input }, { loading }),
  })
}
