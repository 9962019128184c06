import { identitySet, payoutAccountSet, type BodyOf, type CallDef, type DataOf } from '@kilat/contract'
import { sendWithFieldRefusals } from '../../../shared/api'

/** Sends a step as the app shell would, with the session in the fields; a refusal is thrown as `FieldsRefused`. */
function sendStep<C extends CallDef>(call: C, body: BodyOf<C>, session: string): Promise<DataOf<C>> {
  return sendWithFieldRefusals(call, body, session ? { shared: { tok: session } } : {})
}

/** The identity (KYC) step: keeps, or corrects, the borrower's identity. */
export const sendIdentity = (body: BodyOf<typeof identitySet>, session: string) => sendStep(identitySet, body, session)

/** The bank step: the account the borrower's loan is paid into. */
export const sendPayoutAccount = (body: BodyOf<typeof payoutAccountSet>, session: string) => sendStep(payoutAccountSet, body, session)
