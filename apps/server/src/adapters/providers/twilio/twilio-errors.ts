import type { SmsDeliveryState, SmsFailureReason } from '../../sms/sms-sender.js'

/**
 * Twilio's error codes (https://www.twilio.com/docs/api/errors) as our reasons: a 4xx answer to a
 * send names one in `code`, a failed delivery's status callback in `ErrorCode`. What a borrower sees
 * comes from the reason, never from Twilio's message.
 */
const REASONS: Record<string, SmsFailureReason> = {
  // Authenticate: the account SID or the auth token is wrong.
  '20003': 'keys-refused',
  // The 'To' number is not a valid phone number; not a mobile number (a landline).
  '21211': 'invalid-number',
  '21614': 'invalid-number',
  // Permission to send to this region is not enabled (the account's geo permissions).
  '21408': 'region-not-enabled',
  // The borrower replied STOP to our sender: no message reaches them until they reply START.
  '21610': 'unsubscribed',
  // No route from our sender to this number.
  '21612': 'unreachable',
  // Our sender: an invalid 'From', a 'From' that is not ours, a messaging service that is not ours or has no sender.
  '21212': 'sender-refused',
  '21606': 'sender-refused',
  '21659': 'sender-refused',
  '21701': 'sender-refused',
  '21703': 'sender-refused',
  '21704': 'sender-refused',
  '21705': 'sender-refused',
  // India: DltPEId, DltTemplateId invalid.
  '21900': 'dlt-refused',
  '21901': 'dlt-refused',
  // Delivery: unreachable handset, unknown destination, landline or unreachable carrier.
  '30003': 'unreachable',
  '30005': 'unreachable',
  '30006': 'unreachable',
  // Delivery: blocked by Twilio, filtered by the carrier.
  '30004': 'blocked',
  '30007': 'blocked',
}

/** Our reason for one of Twilio's codes; 'rejected' for any other (a missing field, a body too long, an unknown failure). */
export function reasonOfTwilioCode(code: string | number | null | undefined): SmsFailureReason {
  if (code === null || code === undefined) return 'rejected'
  const key = String(code)
  return Object.hasOwn(REASONS, key) ? (REASONS[key] ?? 'rejected') : 'rejected'
}

/**
 * Twilio's message statuses (MessageStatus) as our states. `receiving`/`received` are inbound
 * messages, never a status of one we sent: not in this table, so such a callback is malformed.
 */
const TWILIO_STATES: Record<string, SmsDeliveryState> = {
  accepted: 'queued',
  scheduled: 'queued',
  queued: 'queued',
  sending: 'queued',
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'failed',
  failed: 'failed',
  canceled: 'failed',
}

/** Our state for one of Twilio's MessageStatus values; null for an inbound or unknown one. */
export function stateOfTwilioStatus(status: string): SmsDeliveryState | null {
  return Object.hasOwn(TWILIO_STATES, status) ? (TWILIO_STATES[status] ?? null) : null
}
