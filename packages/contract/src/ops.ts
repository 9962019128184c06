import { z } from 'zod'
import { defineCall, type CallDef } from './call.js'

/**
 * What every call of the operations console shares (docs/product/operations.md): its prefix, the
 * staff roles and how a call names the roles that may make it. Each area's ops calls sit in that
 * area's contract file; ops-calls.ts lists them all.
 */
export const OPS_API_PREFIX = '/ops-api'

/** docs/product/operations.md#roles */
export const STAFF_ROLES = ['agent', 'risk', 'finance', 'collector', 'admin'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

/** A call of the console: `roles` may make it; an empty list is a call made before signing in. */
type Empty = z.ZodObject<Record<never, z.ZodType>>

export function defineOpsCall<Q extends z.ZodType = Empty, B extends z.ZodType = Empty, D extends z.ZodType = z.ZodNull>(def: {
  method: 'GET' | 'POST'
  path: `${typeof OPS_API_PREFIX}/${string}`
  roles: readonly StaffRole[]
  /** `multipart` for a call that uploads a file. */
  bodyType?: 'multipart'
  query?: Q
  body?: B
  data?: D
}): CallDef<Q, B, D> & { roles: readonly StaffRole[] } {
  // The console sends its calls' bodies as JSON, where a list stays a list (docs/product/operations.md#calls).
  const call = defineCall<Q, B, D>({ ...def, bodyType: def.bodyType ?? 'json', family: 'code0', auth: def.roles.length > 0 ? 'staff' : 'none' })
  return { ...call, roles: def.roles }
}

