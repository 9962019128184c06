/**
 * The payout state machine (docs/product/operations.md#payout-states): the states of a payout
 * request (a loan's disbursement or a refund's payout) and every move between them, each with its
 * event. The server changes a request's state only by one of these moves, through one function that
 * writes the guarded update, the payout history row and the audit row together; anything else is
 * refused. The operations page shows the same table, and a test compares the two.
 */

export const PAYOUT_STATUSES = ['pending', 'confirmed', 'sending', 'accepted', 'completed', 'failed', 'cancelled'] as const
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number]

/**
 * `request`: a finance member asks for a payout; `queue`: a payout asked for and confirmed in one
 * step (demo mode's job, a confirmed refund); `confirm`, `cancel`: the checker's decision, or either
 * member's withdrawal; `claim`: the outbox's worker takes it to send; `accept`: the provider took
 * it; `complete`, `fail`: the provider's result (its answer, its callback or its status).
 */
export const PAYOUT_EVENTS = ['request', 'queue', 'confirm', 'cancel', 'claim', 'accept', 'complete', 'fail'] as const
export type PayoutEvent = (typeof PAYOUT_EVENTS)[number]

export interface PayoutTransition {
  /** null: the request does not exist yet, the event creates it in `to`. */
  from: PayoutStatus | null
  event: PayoutEvent
  to: PayoutStatus
}

/** Every allowed move. A (state, event) pair appears at most once: the next state is never a choice. */
export const PAYOUT_TRANSITIONS: readonly PayoutTransition[] = [
  { from: null, event: 'request', to: 'pending' },
  { from: null, event: 'queue', to: 'confirmed' },
  { from: 'pending', event: 'confirm', to: 'confirmed' },
  { from: 'pending', event: 'cancel', to: 'cancelled' },
  { from: 'confirmed', event: 'claim', to: 'sending' },
  { from: 'sending', event: 'accept', to: 'accepted' },
  { from: 'sending', event: 'complete', to: 'completed' },
  { from: 'sending', event: 'fail', to: 'failed' },
  { from: 'accepted', event: 'complete', to: 'completed' },
  { from: 'accepted', event: 'fail', to: 'failed' },
]

/**
 * On its way to the borrower: confirmed and not finished. The order stays approved, no new request
 * is taken for it, the borrower reads "being paid out", and the outbox's worker has work to do.
 */
export const PAYOUT_IN_FLIGHT: readonly PayoutStatus[] = ['confirmed', 'sending', 'accepted']

/** Not finished: waiting for its checker, or on its way. At most one such request per order and purpose. */
export const PAYOUT_OPEN: readonly PayoutStatus[] = ['pending', ...PAYOUT_IN_FLIGHT]

export class PayoutTransitionError extends Error {
  override name = 'PayoutTransitionError'
  constructor(
    readonly status: PayoutStatus | null,
    readonly event: PayoutEvent,
  ) {
    super(status === null ? `a payout cannot be created by event ${event}` : `payout in state ${status} cannot take event ${event}`)
  }
}

function step(from: PayoutStatus | null, event: PayoutEvent): PayoutStatus | undefined {
  return PAYOUT_TRANSITIONS.find((t) => t.from === from && t.event === event)?.to
}

export function canPayoutTake(from: PayoutStatus | null, event: PayoutEvent): boolean {
  return step(from, event) !== undefined
}

/** The state `event` moves a request in `from` to (null: creates one); throws PayoutTransitionError when the table has no such move. */
export function nextPayoutStatus(from: PayoutStatus | null, event: PayoutEvent): PayoutStatus {
  const to = step(from, event)
  if (to === undefined) throw new PayoutTransitionError(from, event)
  return to
}

/** Events that create a request (from no state). */
export function createsPayout(event: PayoutEvent): boolean {
  return canPayoutTake(null, event)
}

export function isPayoutStatus(value: unknown): value is PayoutStatus {
  return typeof value === 'string' && (PAYOUT_STATUSES as readonly string[]).includes(value)
}

export function isPayoutInFlight(status: PayoutStatus): boolean {
  return PAYOUT_IN_FLIGHT.includes(status)
}

/** completed, failed, cancelled: no event moves the request any more (a failed payout is asked for again by a new request). */
export function isFinalPayoutStatus(status: PayoutStatus): boolean {
  return !PAYOUT_TRANSITIONS.some((t) => t.from === status)
}
