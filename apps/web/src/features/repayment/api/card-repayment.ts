import { repaymentCommit, repaymentConfirm, repaymentHuichao, repaymentWay, type BankCard, type DataOf } from '@kilat/contract'
import type { QueryClient } from '@tanstack/react-query'
import type { ApiClient } from '../../../shared/api'
import { repaymentWayKey, type RepaymentWay } from './get-repayment-way'

export type CommitAnswer = DataOf<typeof repaymentCommit>

/**
 * Commits a card repayment (docs/product/screens.md#repay-card). A repayToken is good for one commit: a second commit (a new
 * SMS code) first asks repayment-way for a fresh one, which also refreshes the amount owed.
 */
export async function commitCardRepayment(
  api: ApiClient,
  queryClient: QueryClient,
  input: { orderId: string; card: BankCard; way: RepaymentWay; freshToken: boolean },
): Promise<CommitAnswer> {
  let way = input.way
  if (input.freshToken) {
    way = await api.callApi(repaymentWay, { body: { orderId: input.orderId } }, { toast: false })
    queryClient.setQueryData<RepaymentWay>(repaymentWayKey(input.orderId), way)
  }
  const { card } = input
  return api.callApi(
    repaymentCommit,
    {
      body: {
        orderId: input.orderId,
        repayToken: way.repayToken,
        cardId: card.id,
        cardNo: card.cardNo,
        bankName: card.bankName,
        bankCode: card.bankCode,
        amount: way.amount,
        sendMsg: 1,
      },
    },
    { toast: false },
  )
}

/** Confirms the committed repayment with the SMS code (docs/product/envelopes-and-errors.md#error-codes: 800006 wrong code, 800005 sent twice). */
export function confirmCardRepayment(api: ApiClient, input: { orderId: string; verifyCode: string; repaymentRecordId: number }): Promise<unknown> {
  return api.callApi(repaymentConfirm, { body: input }, { toast: false })
}

/** The hosted card payment page's address (repayment-huichao), for the amount owed now. */
export async function cardPageUrl(api: ApiClient, input: { orderId: string; amount: number }, loading: string): Promise<string> {
  const { url } = await api.callApi(repaymentHuichao, { body: input }, { loading })
  return url
}
