// The payment gateway as the scripts play it (bench:callbacks, chaos): the webhook's path and
// headers (apps/server/src/modules/repayment/repayment.routes.ts,
// apps/server/src/adapters/payments/sandbox-gateway.ts) and a callback signed as the sandbox signs
// it: unix seconds, and the hex HMAC-SHA256 of `${timestamp}.${body}` with PAYMENT_CALLBACK_SECRET.
import { createHmac, randomBytes } from 'node:crypto'

export const CALLBACK_PATH = '/h5-api/v3/payments/callback'
const TIMESTAMP_HEADER = 'x-callback-timestamp'
const SIGNATURE_HEADER = 'x-callback-signature'

/** A new key for one run, given to the server it starts. */
export const newCallbackSecret = () => randomBytes(32).toString('hex')

/** The callback the sandbox would send for a payment of a whole account (`vcode`, `accountId`, `amount`). */
export function callbackOf(account, idPrefix) {
  const id = `${idPrefix}_${randomBytes(12).toString('hex')}`
  const body = JSON.stringify({
    id,
    account_no: account.vcode,
    external_id: String(account.accountId),
    amount: account.amount,
    paid_at: new Date().toISOString(),
    method: 'BCA',
  })
  return { id, body }
}

/** The request's headers for `body`, signed with `secret` at the time of sending. */
export function signedHeaders(body, secret) {
  const timestamp = Math.floor(Date.now() / 1000)
  const signature = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex')
  return { 'content-type': 'application/json', [TIMESTAMP_HEADER]: String(timestamp), [SIGNATURE_HEADER]: signature }
}
