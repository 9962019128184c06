import { z } from 'zod'
import { ID_MAX } from './screens.js'

/**
 * What every four-eyes request shows, whatever it asks for (docs/product/operations.md#four-eyes):
 * who asked and when, who decided and when, and until when it can be confirmed. Each kind of
 * request (payouts, waivers and refunds, reconciliation resolutions, product versions, grants of
 * admin, credit policy versions, automatic payout limits) adds what it asks for to these fields.
 */
export const fourEyesFields = {
  /** The maker; null when the system asked (demo mode's payout, a cooling-off exit). */
  requestedBy: z.number().int().nullable(),
  requestedByEmail: z.string().nullable(),
  requestedAt: z.string(),
  /** The checker who confirmed, or the member who withdrew it. */
  decidedBy: z.number().int().nullable(),
  decidedByEmail: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** From then on nobody may confirm it: it is withdrawn and asked for again. */
  expiresAt: z.string(),
}

/** The checker's or a withdrawal's body, the same in every four-eyes call: the request it decides. */
export const fourEyesDecisionBody = z.object({ requestId: z.coerce.number().int().positive().max(ID_MAX) }).strict()
