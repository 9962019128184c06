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
