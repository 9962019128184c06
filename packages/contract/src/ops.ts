import { z } from 'zod'
import { defineCall, type CallDef } from './call.js'
import { PERMISSIONS, type Permission } from './permissions.js'

/**
 * What every call of the operations console shares (docs/product/operations.md): its prefix, the
 * staff roles and how a call names the roles that may make it. Each area's ops calls sit in that
 * area's contract file; ops-calls.ts lists them all.
 */
export const OPS_API_PREFIX = '/ops-api'

/** docs/product/operations.md#roles */
export const STAFF_ROLES = ['agent', 'risk', 'finance', 'collector', 'admin'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

/**
 * Who may make a call of the console: `roles` (an empty list is a call made before signing in), or,
 * for an action that moves money or power, its own `permission`, whose roles the table names.
 */
type WhoMay = { roles: readonly StaffRole[]; permission?: never } | { permission: Permission; roles?: never }

type Empty = z.ZodObject<Record<never, z.ZodType>>

export function defineOpsCall<Q extends z.ZodType = Empty, B extends z.ZodType = Empty, D extends z.ZodType = z.ZodNull>(def: {
  method: 'GET' | 'POST'
  path: `${typeof OPS_API_PREFIX}/${string}`
  /** `multipart` for a call that uploads a file. */
  bodyType?: 'multipart'
  query?: Q
  body?: B
  data?: D
} & WhoMay): CallDef<Q, B, D> & { roles: readonly StaffRole[]; permission?: Permission } {
  const roles = def.permission ? PERMISSIONS[def.permission] : def.roles
  // The console sends its calls' bodies as JSON, where a list stays a list (docs/product/operations.md#calls).
  const { permission: _permission, ...rest } = def
  const call = defineCall<Q, B, D>({ ...rest, roles, bodyType: def.bodyType ?? 'json', family: 'code0', auth: roles.length > 0 ? 'staff' : 'none' })
  return { ...call, roles, ...(def.permission ? { permission: def.permission } : {}) }
}

