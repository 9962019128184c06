import { fourEyesExpiresAt, fourEyesRefusal, type FourEyesAction, type FourEyesDecision } from '@kilat/domain'
import { AppError } from '../../http/errors.js'
import type { StaffPrincipal } from '../../http/types.js'

/**
 * The one maker-checker (docs/product/operations.md#four-eyes), used by every action that needs it:
 * payouts, waivers and refunds, reconciliation resolutions, product versions and grants of admin.
 * Each keeps its requests in its own table and moves them through its own states; this is where the
 * rule between the maker and the checker is enforced, with one error for each refusal.
 */
export function checkFourEyes(
  action: FourEyesAction,
  request: { requestedBy: number | null; requestedAt: Date },
  checker: StaffPrincipal,
  decision: FourEyesDecision,
  now: Date,
): void {
  const refusal = fourEyesRefusal(action, request, checker.staffId, decision, now)
  if (refusal === 'sameMember') throw new AppError('fourEyesSameMember')
  if (refusal === 'expired') throw new AppError('fourEyesExpired')
}

/** Who asked and who decided a request, with their emails, and until when it can be confirmed: the fields every four-eyes view shows. */
export function fourEyesPeople(
  action: FourEyesAction,
  row: { requestedBy: number | null; requestedAt: Date; decidedBy: number | null; decidedAt: Date | null },
  emails: ReadonlyMap<number, string>,
): { requestedBy: number | null; requestedByEmail: string | null; requestedAt: string; decidedBy: number | null; decidedByEmail: string | null; decidedAt: string | null; expiresAt: string } {
  const emailOf = (id: number | null) => (id === null ? null : (emails.get(id) ?? null))
  return {
    requestedBy: row.requestedBy,
    requestedByEmail: emailOf(row.requestedBy),
    requestedAt: row.requestedAt.toISOString(),
    decidedBy: row.decidedBy,
    decidedByEmail: emailOf(row.decidedBy),
    decidedAt: row.decidedAt === null ? null : row.decidedAt.toISOString(),
    expiresAt: fourEyesExpiresAt(action, row.requestedAt).toISOString(),
  }
}
