import type { FourEyesAction } from '@kilat/domain'
import type { StaffRole } from './ops.js'

/**
 * One permission per action that moves money or power (docs/product/operations.md#four-eyes), and
 * the roles that hold it. Each such call names its permission instead of its roles; the server's
 * access-matrix test reads this table. Asking, confirming and withdrawing are separate actions, so
 * that one could later be given to a role without the others.
 */
export const PERMISSIONS = {
  'payout.request': ['finance'],
  'payout.confirm': ['finance'],
  'payout.cancel': ['finance'],
  'adjustment.request': ['finance'],
  'adjustment.confirm': ['finance'],
  'adjustment.cancel': ['finance'],
  'reconResolution.request': ['finance'],
  'reconResolution.confirm': ['finance'],
  'reconResolution.cancel': ['finance'],
  'productVersion.request': ['admin'],
  'productVersion.confirm': ['admin'],
  'productVersion.cancel': ['admin'],
  'staffRole.request': ['admin'],
  'staffRole.confirm': ['admin'],
  'staffRole.cancel': ['admin'],
} as const satisfies Record<`${FourEyesAction}.${'request' | 'confirm' | 'cancel'}`, readonly StaffRole[]>

export type Permission = keyof typeof PERMISSIONS
