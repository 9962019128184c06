import { payoutAccountSet, type BodyOf } from '@kilat/contract'
import { createApiClient, fetchTransport, getSharedParams, isApiError, type ApiError } from '../../../shared/api'
import { pageText } from '../../../shared/i18n'
import type { PayoutAccountView } from './get-payout-account'

export type PayoutAccountInput = BodyOf<typeof payoutAccountSet>

/** A field the server refused: the field's name, the reason's key and the text in the borrower's language. */
export interface FieldRefusal {
  field: string
  reason: string
  message: string
}

/** The server's refusal: its code and message, and each refused field when it named any. */
export class AccountRefused extends Error {
  override name = 'AccountRefused'
  readonly code: number | string
  readonly refusals: FieldRefusal[]

  constructor(error: ApiError, refusals: FieldRefusal[]) {
    super(error.message)
    this.code = error.code
    this.refusals = refusals
  }
}

function refusalsOf(body: unknown): FieldRefusal[] {
  const list = (body as { data?: { refusals?: unknown } } | undefined)?.data?.refusals
  return Array.isArray(list) ? (list as FieldRefusal[]) : []
}

/**
 * Saves the account. A refusal names its fields in the failure envelope's `data`, which the shared
 * client's `ApiError` does not carry (code and message only), so this call goes through a client of
 * its own on the same `fetch` transport that keeps the answer's body. A failure is thrown as
 * `AccountRefused`, and shown by the form rather than a toast.
 */
export async function sendPayoutAccount(input: PayoutAccountInput): Promise<PayoutAccountView> {
  const transport = fetchTransport()
  let answer: unknown
  const client = createApiClient({
    transport: async (request) => {
      const response = await transport(request)
      answer = response.body
      return response
    },
    sharedParams: getSharedParams,
    networkErrorMessage: () => pageText('common:errors.network'),
  })
  try {
    return (await client.callApi(payoutAccountSet, { body: input }, { toast: false })).account
  } catch (error) {
    throw isApiError(error) ? new AccountRefused(error, refusalsOf(answer)) : error
  }
}
