import { eq } from 'drizzle-orm'
import { isDecisionReason, type DataOf, type opsOrderDecision } from '@kilat/contract'
import type { Executor } from '../../db/client.js'
import { AppError } from '../../http/errors.js'
import { assertStaffMarket } from '../../http/route.js'
import type { StaffPrincipal } from '../../http/types.js'
import { orderRefByNo } from '../orders/orders.service.js'
import { creditPolicies, orderDecisions } from './decisions.schema.js'

/** The order screen's decision panel: how the system decided the order, with the version that did. */
export async function orderDecisionOf(db: Executor, staff: StaffPrincipal, orderNo: string): Promise<DataOf<typeof opsOrderDecision>> {
  const ref = await orderRefByNo(db, orderNo)
  if (!ref) throw new AppError('notFound')
  assertStaffMarket(staff, ref.market)
  const [row] = await db
    .select({ decision: orderDecisions, version: creditPolicies.version })
    .from(orderDecisions)
    .leftJoin(creditPolicies, eq(creditPolicies.id, orderDecisions.policyId))
    .where(eq(orderDecisions.orderKey, ref.orderKey))
  if (!row) return { decision: null }
  const d = row.decision
  return {
    decision: {
      band: d.band,
      policyVersion: row.version ?? null,
      asked: d.asked,
      approvedAmount: d.approvedAmount,
      reasons: d.reasons.filter(isDecisionReason),
      fired: d.fired,
      inputs: staff.role === 'agent' ? withoutAge(d.inputs) : d.inputs,
      autoPayout: d.autoPayout ?? null,
      decidedAt: d.decidedAt.toISOString(),
      micros: d.micros,
    },
  }
}

/**
 * An agent sees of a borrower's identity the name and the masked number only
 * (docs/product/identity-and-payout-account.md#staff): the age the policy read, which comes from
 * the sealed birth date, is left out of what the policy saw.
 */
function withoutAge(inputs: Record<string, unknown>): Record<string, unknown> {
  const identity = inputs.identity as Record<string, unknown> | undefined
  if (!identity) return inputs
  const { age: _age, ...rest } = identity
  return { ...inputs, identity: rest }
}
