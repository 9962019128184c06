import type { BodyOf, CallDef, DataOf } from '@kilat/contract'
import { pageText } from '../i18n'
import { createApiClient, type CallOptions } from './client'
import { isApiError } from './errors'
import { getSharedParams } from './shared-params'
import { fetchTransport } from './transport'

/** A field the server refused: a path into the payload, the reason's key and the text in the caller's language. */
export interface FieldRefusal {
  field: string
  reason: string
  message: string
}

/** The server's refusal of a form: its code and message, and each refused field when it named any. */
export class FieldsRefused extends Error {
  override name = 'FieldsRefused'
  constructor(
    readonly code: number | string,
    message: string,
    readonly refusals: FieldRefusal[],
  ) {
    super(message)
  }
}

/**
 * Sends a form whose refusal names its fields in the failure envelope's `data.refusals`
 * (docs/product/identity-and-payout-account.md#calls), which the shared client's `ApiError` does not
 * carry (code and message only, all most screens need): a client of its own on the same `fetch`
 * transport keeps the answer's body. Quiet on failure: the form shows it by its fields.
 */
export async function sendWithFieldRefusals<C extends CallDef>(call: C, body: BodyOf<C>, options: Omit<CallOptions, 'toast'> = {}): Promise<DataOf<C>> {
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
    return await client.callApi(call, { body } as never, { ...options, toast: false })
  } catch (error) {
    if (!isApiError(error)) throw error
    const list = (answer as { data?: { refusals?: unknown } } | undefined)?.data?.refusals
    throw new FieldsRefused(error.code, error.message, Array.isArray(list) ? (list as FieldRefusal[]) : [])
  }
}
