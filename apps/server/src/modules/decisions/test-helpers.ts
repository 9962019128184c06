import type { Database } from '../../db/client.js'
import { autoPayoutDays, autoPayoutLimits, creditPolicies, decisionSwitches, orderDecisions } from './decisions.schema.js'

/**
 * No policy, no limits, no switch and no kept decision: on a shared PostgreSQL the files of one
 * worker run one after another in one database, and a policy one of them published (or a draft it
 * left waiting) would decide, or refuse a draft, in the next.
 */
export async function emptyDecisions(database: Database): Promise<void> {
  await database.db.delete(orderDecisions)
  await database.db.delete(creditPolicies)
  await database.db.delete(decisionSwitches)
  await database.db.delete(autoPayoutLimits)
  await database.db.delete(autoPayoutDays)
}
