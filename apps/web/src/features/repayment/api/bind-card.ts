import { bindCard, cardBanks, type BankCard, type BodyOf } from '@kilat/contract'
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { ApiClient } from '../../../shared/api'

/** The banks a card can be added from, in the borrower's market. */
export function cardBanksQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['repayment', 'card-banks'] as const,
    queryFn: () => api.callApi(cardBanks, {}, { toast: false }),
  })
}

/** Adds a bank card; the card repay screen's list then shows it. */
export async function addBankCard(api: ApiClient, queryClient: QueryClient, input: BodyOf<typeof bindCard>, loading: string): Promise<BankCard> {
  const card = await api.callApi(bindCard, { body: input }, { loading, toast: false })
  await queryClient.invalidateQueries({ queryKey: ['repayment', 'card'] })
  return card
}
