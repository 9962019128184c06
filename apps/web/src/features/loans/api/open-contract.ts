import { contractJump } from '@kilat/contract'
import { useMutation } from '@tanstack/react-query'
import { useApi } from '../../../shared/api'
import { CONTRACT_SCENE } from './get-contracts'

/** Where an agreement is read (spec.md 7.5 contract-jump): our contract page, filled with the loan. */
export function useOpenContract(loading: string) {
  const api = useApi()
  return useMutation({
    mutationFn: (input: { productId: number; position: number; orderId?: string }) =>
      api.callApi(contractJump, { body: { ...input, scene: CONTRACT_SCENE } }, { loading }),
  })
}
