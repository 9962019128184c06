import { vcodeStatus, type DataOf } from '@kilat/contract'
import type { ApiClient } from '../../../shared/api'

export type AccountStatus = DataOf<typeof vcodeStatus>

/** docs/product/money-rules.md#repayment: whether the account was paid, quietly (the page asks again). */
export function getAccountStatus(api: ApiClient, accountId: number, signal?: AbortSignal): Promise<AccountStatus> {
  return api.callApi(vcodeStatus, { query: { accountId } }, { toast: false, signal })
}
