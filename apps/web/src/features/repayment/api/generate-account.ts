import { generateVcode, type VirtualAccount } from '@kilat/contract'
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../../shared/api'
import type { RepayParams } from '../params'

export type { VirtualAccount }

export type AccountRequest = Omit<RepayParams, 'orderId' | 'isDefault'> & {
  orderId: string
  isDefault: 0 | 1
}

/**
 * docs/product/money-rules.md#repayment: the account to pay for the address's order, method and
 * selection. The server answers the same open account again, so asking twice issues nothing new.
 * `isDefault` is not part of the key: with a method named it changes nothing, and the server's
 * render and the browser must agree on the key (the browser alone can read the stored choice).
 */
export function accountQuery(api: ApiClient, input: AccountRequest) {
  return queryOptions({
    queryKey: ['repayment', 'account', input.orderId, input.purpose, input.payType ?? 1, input.payCode ?? '', input.specificNum] as const,
    queryFn: (): Promise<VirtualAccount> =>
      api.callApi(
        generateVcode,
        {
          body: {
            orderId: input.orderId,
            productId: input.productId,
            payCode: input.payCode,
            pay_type: input.payType ?? 1,
            is_default: input.isDefault,
            is_display: 1,
            specific_num: input.specificNum,
            purpose: input.purpose,
          },
        },
        { toast: false },
      ),
  })
}
