import { identitySet, payoutAccountSet, type BodyOf, type CallDef, type DataOf } from '@kilat/contract'
import { createApiClient, fetchTransport, getSharedParams, isApiError } from '../../../shared/api'
import { pageText } from '../../../shared/i18n'

/** A step the server refused: its message, and each refused field (a path into the payload) with the reason in words. */
export class StepRefused extends Error {
  override name = 'StepRefused'
  constructor(
    message: string,
    readonly refusals: { field: string; message: string }[],
  ) {
    super(message)
  }
}

/**
 * Sends a step as the app shell would, with the session in the fields. A refusal names its fields in
 * the failure envelope's `data`, which the shared client's `ApiError` does not carry (code and
 * message only), so the call goes through a client of its own on the same `fetch` transport that
 * keeps the answer's body.
 */
async function sendStep<C extends CallDef>(call: C, body: BodyOf<C>, session: string): Promise<DataOf<C>> {
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
    return await client.callApi(call, { body }, { toast: false, shared: session ? { tok: session } : undefined })
  } catch (error) {
    if (!isApiError(error)) throw error
    const refusals = (answer as { data?: { refusals?: unknown } } | undefined)?.data?.refusals
    throw new StepRefused(error.message, Array.isArray(refusals) ? refusals : [])
  }
}

/** The identity (KYC) step: keeps, or corrects, the borrower's identity. */
export const sendIdentity = (body: BodyOf<typeof identitySet>, session: string) => sendStep(identitySet, body, session)

/** The bank step: the account the borrower's loan is paid into. */
export const sendPayoutAccount = (body: BodyOf<typeof payoutAccountSet>, session: string) => sendStep(payoutAccountSet, body, session)
