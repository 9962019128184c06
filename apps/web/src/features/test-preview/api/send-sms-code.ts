import { sendSmsCode } from '@kilat/contract'
import { useMutation } from '../../../shared/api/mutation'
import { useApi } from '../../../shared/api'

export function useSendSmsCode(loading: string) {
  const api = useApi()
  return useMutation({
    mutationFn: (phone: string) => api.callApi(sendSmsCode, { body: { phone } }, { loading }),
  })
}
