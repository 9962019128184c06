import { payoutAccountSet, type BodyOf } from '@kilat/contract'
import { sendWithFieldRefusals } from '../../../shared/api'
import type { PayoutAccountView } from './get-payout-account'

export type PayoutAccountInput = BodyOf<typeof payoutAccountSet>

/** Saves the account; a refusal is thrown as `FieldsRefused`, shown by the form under its fields. */
export async function sendPayoutAccount(input: PayoutAccountInput): Promise<PayoutAccountView> {
  return (await sendWithFieldRefusals(payoutAccountSet, input)).account
}
