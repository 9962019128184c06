import type { IncomingHttpHeaders } from 'node:http'

/**
 * The outside world's SMS gateway, behind an interface (docs/product/platform.md#sandbox-adapters). The sandbox
 * implementation stores messages in an outbox; a real provider implements the same call.
 */
export interface SmsMessage {
  /** E.164 phone number. */
  to: string
  text: string
  /** Why it is sent, for example `login`. */
  purpose: string
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>
}

/**
 * A sender whose provider reports each message's delivery (a real provider; the sandbox outbox is
 * not one). A separate interface rather than optional members of SmsSender: with optional members,
 * the sandbox sender would no longer be a subtype of SmsSender for TypeScript's inference, and
 * `app.decorate('sms', sms ?? new OutboxSmsSender(…))` would stop compiling. Tell them apart with
 * `isTrackedSmsSender`.
 */
export interface TrackedSmsSender extends SmsSender {
  /** The provider's name ('twilio'), stored beside its message ids. */
  readonly name: string
  /**
   * `send` answering the provider's id of the message, so that the outbox can keep it and match
   * the delivery-status callbacks that name it. Same refusals and throws as `send`.
   */
  sendTracked(message: SmsMessage): Promise<SmsSent>
  /**
   * Checks that a delivery-status callback comes from the provider, from the raw bytes received
   * and the full address it called (a provider that signs its URL, as Twilio does, needs it; by
   * default the address the sender gives the provider), then reads it. Nothing is trusted before.
   */
  verifyStatusCallback(rawBody: Buffer, headers: IncomingHttpHeaders, url?: string): VerifiedSmsStatus
}

export function isTrackedSmsSender(sender: SmsSender): sender is TrackedSmsSender {
  const s = sender as Partial<TrackedSmsSender>
  return typeof s.sendTracked === 'function' && typeof s.verifyStatusCallback === 'function' && typeof s.name === 'string'
}

/** What a provider answered to a send it took: its id of the message. */
export interface SmsSent {
  provider: string
  messageId: string
}

/**
 * Why a provider would not take or deliver a message, in our words: each provider maps its own
 * codes to these, and the borrower is told ours (an invalid number, or "try again later").
 */
export type SmsFailureReason =
  /** Not a number the provider can send to (malformed, a landline). */
  | 'invalid-number'
  /** The borrower opted out (replied STOP) at the provider. */
  | 'unsubscribed'
  /** The handset or its carrier could not be reached: a later try may work. */
  | 'unreachable'
  /** Our account may not send to this country, or no sender is set up for it. */
  | 'region-not-enabled'
  /** The carrier or the provider filtered the message. */
  | 'blocked'
  /** Our sender (number, name or messaging service) was refused: a setting to fix. */
  | 'sender-refused'
  /** India: the DLT entity or template is missing or refused. */
  | 'dlt-refused'
  /** The provider refused our keys. */
  | 'keys-refused'
  /** Anything else the provider refused or failed to deliver. */
  | 'rejected'

/** Thrown by `send` when the provider refused the message: a definite answer, nothing was sent. */
export class SmsRefused extends Error {
  override readonly name = 'SmsRefused'
  constructor(
    readonly provider: string,
    readonly reason: SmsFailureReason,
    /** The provider's own code, for the log and the operator; never shown to a borrower. */
    readonly providerCode: string,
  ) {
    super(`${provider} refused the message: ${reason} (${providerCode})`)
  }
}

/** Where a message is, as the provider reported it; a message only moves forward (SMS_STATE_RANK). */
export type SmsDeliveryState = 'queued' | 'sent' | 'delivered' | 'failed'

/**
 * A later state replaces an earlier one, never the reverse: a callback that comes late or twice (a
 * `sent` after the `delivered`) changes nothing. `delivered` and `failed` are both final.
 */
export const SMS_STATE_RANK: Record<SmsDeliveryState, number> = { queued: 0, sent: 1, delivered: 2, failed: 2 }

/** A delivery-status callback, once verified. */
export interface SmsStatusEvent {
  provider: string
  /** The provider's id of the message, as `sendTracked` answered it. */
  messageId: string
  state: SmsDeliveryState
  /** Why it failed; null unless `failed`. */
  reason: SmsFailureReason | null
  /** The provider's code of the failure, for the operator; null when none. */
  providerCode: string | null
  /** The provider's own name of the state ('undelivered', …). */
  providerStatus: string
}

export type SmsStatusRefusal = 'missingSignature' | 'badSignature' | 'otherAccount' | 'malformed'

export type VerifiedSmsStatus = { ok: true; event: SmsStatusEvent } | { ok: false; reason: SmsStatusRefusal }
