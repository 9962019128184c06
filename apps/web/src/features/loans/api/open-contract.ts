import { contractJump } from '@kilat/contract'
import { useMutation } from '../../../shared/api/mutation'
import { useApi } from '../../../shared/api'
import { CONTRACT_SCENE } from './get-contracts'

/**
 * Where an agreement is read (contract-jump, docs/product/loans.md#contract-jump): our contract
 * page, filled with the offer the borrower is confirming (its amount and installments) or the order.
 */
export function useOpenContract(loading: string) {
  const api = useApi()
  return useMutation({
    mutationFn: (input: { productId: number; position: number; orderId?: string; amount?: number; periods?: number }) =>
      api.callApi(contractJump, { body: { ...input, scene: CONTRACT_SCENE } }, { loading }),
  })
}
