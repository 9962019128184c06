/**
 * Four eyes (docs/product/operations.md#four-eyes): one staff member asks for an action that moves
 * money or power, another confirms it. The actions that need it, and the one rule they share:
 * the member who asked never confirms, and a request left waiting past its action's limit is not
 * confirmed any more (it is asked for again, with what is true then). Either member may withdraw
 * or reject it at any time while it waits.
 */

export const FOUR_EYES_ACTIONS = ['payout', 'adjustment', 'reconResolution', 'productVersion', 'staffRole', 'creditPolicy', 'autoPayoutLimits', 'bureauSent'] as const
export type FourEyesAction = (typeof FOUR_EYES_ACTIONS)[number]

const HOUR = 3_600_000
const DAY = 24 * HOUR

/**
 * How long a request may wait for its checker. A payout and a grant of power are decided the same
 * working days or asked again; a waiver, a refund or a resolution is looked into over a week; a
 * product version, reviewed with care, over two.
 */
export const FOUR_EYES_EXPIRY_MS: Readonly<Record<FourEyesAction, number>> = {
  payout: 3 * DAY,
  adjustment: 7 * DAY,
  reconResolution: 7 * DAY,
  productVersion: 14 * DAY,
  staffRole: 3 * DAY,
  creditPolicy: 14 * DAY,
  autoPayoutLimits: 3 * DAY,
  bureauSent: 7 * DAY,
}

/** The checker's decision: `confirm` carries the action out; `reject` (or a withdrawal) ends the request. */
export type FourEyesDecision = 'confirm' | 'reject'

/** Why the checker's decision is refused: the maker confirming their own request, or a request waiting too long. */
export type FourEyesRefusal = 'sameMember' | 'expired'

export interface FourEyesRequest {
  /** The maker; null when the system asked (it needs no checker then). */
  requestedBy: number | null
  requestedAt: Date
}

/** When a request stops being confirmable. */
export function fourEyesExpiresAt(action: FourEyesAction, requestedAt: Date): Date {
  return new Date(requestedAt.getTime() + FOUR_EYES_EXPIRY_MS[action])
}

/**
 * The one rule of four eyes, for a request still waiting: null when `checker` may take
 * `decision` at `now`. Only a confirmation is refused; anyone allowed to act may reject.
 */
export function fourEyesRefusal(action: FourEyesAction, request: FourEyesRequest, checker: number, decision: FourEyesDecision, now: Date): FourEyesRefusal | null {
  if (decision !== 'confirm') return null
  if (request.requestedBy === checker) return 'sameMember'
  if (now.getTime() >= fourEyesExpiresAt(action, request.requestedAt).getTime()) return 'expired'
  return null
}
