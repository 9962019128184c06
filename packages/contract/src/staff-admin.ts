import { MARKETS } from '@kilat/domain'
import { z } from 'zod'
import { fourEyesDecisionBody, fourEyesFields } from './four-eyes.js'
import { STAFF_ROLES, defineOpsCall } from './ops.js'
import { staffAccountSchema } from './staff.js'

/**
 * Staff administration (docs/product/operations.md#staff-administration): a member's role and
 * markets, granting `admin` by four eyes, a new second factor, ending a member's sessions.
 */
const staffId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const markets = z.array(z.enum(MARKETS)).min(1).max(MARKETS.length).refine((m) => new Set(m).size === m.length, 'repeated market')

export const staffRoleRequestSchema = z.object({
  id: z.number().int(),
  staffId: z.number().int(),
  email: z.string(),
  /** The role and markets the member has now. */
  fromRole: z.enum(STAFF_ROLES),
  fromMarkets: z.array(z.enum(MARKETS)),
  role: z.enum(STAFF_ROLES),
  markets: z.array(z.enum(MARKETS)),
  ...fourEyesFields,
})
export type StaffRoleRequestView = z.infer<typeof staffRoleRequestSchema>

/** Pending grants of `admin` the admin may see (sharing a market), oldest first. */
export const staffRoleRequests = defineOpsCall({
  method: 'GET',
  path: '/ops-api/staff/role-requests',
  roles: ['admin'],
  data: z.object({ requests: z.array(staffRoleRequestSchema) }),
})

/**
 * A new role and markets. A change that ends in `admin` waits for another admin (`pending`); any
 * other applies at once (`pending` null).
 */
export const staffRoleChange = defineOpsCall({
  method: 'POST',
  path: '/ops-api/staff/accounts/role',
  permission: 'staffRole.request',
  body: z.object({ staffId, role: z.enum(STAFF_ROLES), markets }),
  data: z.object({ account: staffAccountSchema, pending: staffRoleRequestSchema.nullable() }),
})

/** Another admin confirms a pending grant: it applies now. */
export const staffRoleConfirm = defineOpsCall({
  method: 'POST',
  path: '/ops-api/staff/role-requests/confirm',
  permission: 'staffRole.confirm',
  body: fourEyesDecisionBody,
  data: z.object({ account: staffAccountSchema }),
})

/** Withdraws (the proposer) or turns down (another admin) a pending grant. */
export const staffRoleCancel = defineOpsCall({
  method: 'POST',
  path: '/ops-api/staff/role-requests/cancel',
  permission: 'staffRole.cancel',
  body: fourEyesDecisionBody,
})

/** A new authenticator: the old secret stops at once, the member's sessions end, a new enrolment link (shown once). */
export const staffResetFactor = defineOpsCall({
  method: 'POST',
  path: '/ops-api/staff/accounts/reset-factor',
  roles: ['admin'],
  body: z.object({ staffId }),
  data: z.object({ account: staffAccountSchema, enrolmentPath: z.string(), enrolmentExpiresAt: z.string() }),
})

/** Ends every session of the member at once; the account stays usable. */
export const staffEndSessions = defineOpsCall({
  method: 'POST',
  path: '/ops-api/staff/accounts/end-sessions',
  roles: ['admin'],
  body: z.object({ staffId }),
  data: z.object({ account: staffAccountSchema, ended: z.number().int() }),
})

/** Staff administration's calls, in the console's access matrix (ops-calls.ts). */
export const STAFF_ADMIN_OPS_CALLS = [staffRoleRequests, staffRoleChange, staffRoleConfirm, staffRoleCancel, staffResetFactor, staffEndSessions] as const
