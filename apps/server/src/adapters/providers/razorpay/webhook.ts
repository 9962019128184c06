import { createHmac, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { z } from 'zod'

/**
 * Razorpay's webhooks (docs/operations/providers/razorpay.md#callbacks): `X-Razorpay-Signature` is
 * the hex HMAC-SHA256 of the raw body with the webhook's secret, `X-Razorpay-Event-Id` the event's
 * id (the same on every redelivery). The signature has no timestamp: an old event is told by its
 * own `created_at`, which a redelivery keeps, so the window is wider than Razorpay's redeliveries
 * (they go on for a day); inside it a replay is a duplicate, which the webhook takes once.
 */

export const SIGNATURE_HEADER = 'x-razorpay-signature'
export const EVENT_ID_HEADER = 'x-razorpay-event-id'

/** Older than this (or this far in the future) is refused as stale: past Razorpay's redeliveries. */
export const EVENT_TOLERANCE_SECONDS = 48 * 60 * 60
/** Razorpay's clock may run ahead of ours by this much. */
const FUTURE_TOLERANCE_SECONDS = 5 * 60

export function signRazorpayBody(secret: string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex')
}

export function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

/** Razorpay sends empty notes as `[]` (its API is PHP): read either as a record. */
export const notesSchema = z
  .union([z.record(z.string(), z.unknown()), z.array(z.unknown()).max(0)])
  .nullish()
  .transform((n): Record<string, unknown> => (n && !Array.isArray(n) ? n : {}))

const envelope = z.object({
  entity: z.literal('event'),
  account_id: z.string().min(1).max(40),
  event: z.string().min(1).max(60),
  payload: z.record(z.string(), z.unknown()),
  created_at: z.number().int().positive(),
})

export type WebhookRefusal = 'missingSignature' | 'badSignature' | 'staleTimestamp' | 'malformed'

/**
 * The signature first, compared in constant time, so that nothing of an unsigned body is read;
 * then the envelope, its age, and the event's own schema. `events`: the event names this webhook
 * takes; any other one is refused as malformed (the webhook subscribes only to these).
 */
export function verifyRazorpayWebhook<T>(
  secret: string,
  rawBody: Buffer,
  headers: IncomingHttpHeaders,
  now: Date,
  events: readonly string[],
  payload: z.ZodType<T>,
): { ok: true; event: string; eventId: string | undefined; createdAt: Date; payload: T; raw: unknown } | { ok: false; reason: WebhookRefusal } {
  const signature = header(headers, SIGNATURE_HEADER)
  if (!signature) return { ok: false, reason: 'missingSignature' }
  const expected = Buffer.from(signRazorpayBody(secret, rawBody), 'hex')
  const given = /^[0-9a-f]+$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0)
  // timingSafeEqual throws on buffers of different lengths: a wrong length is simply wrong.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'badSignature' }
  let raw: unknown
  try {
    raw = JSON.parse(rawBody.toString('utf8'))
  } catch {
    return { ok: false, reason: 'malformed' }
  }
  const outer = envelope.safeParse(raw)
  if (!outer.success || !events.includes(outer.data.event)) return { ok: false, reason: 'malformed' }
  const age = now.getTime() / 1000 - outer.data.created_at
  if (age > EVENT_TOLERANCE_SECONDS || age < -FUTURE_TOLERANCE_SECONDS) return { ok: false, reason: 'staleTimestamp' }
  const inner = payload.safeParse(outer.data.payload)
  if (!inner.success) return { ok: false, reason: 'malformed' }
  const eventId = header(headers, EVENT_ID_HEADER)
  return {
    ok: true,
    event: outer.data.event,
    eventId: eventId && /^[A-Za-z0-9_.-]{1,100}$/.test(eventId) ? eventId : undefined,
    createdAt: new Date(outer.data.created_at * 1000),
    payload: inner.data,
    raw,
  }
}
