import type { FourEyesAction } from '@kilat/domain'
import type { StaffRole } from './ops.js'

/**
 * One permission per action that moves money or power (docs/product/operations.md#four-eyes), and
 * the roles that hold it. Each such call names its permission instead of its roles; the server's
 * access-matrix test reads this table. Asking, confirming and withdrawing are separate actions, so
 * that one could later be given to a role without the others.
 */
const FOUR_EYES_PERMISSIONS = {
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
  'creditPolicy.request': ['risk'],
  'creditPolicy.confirm': ['risk', 'admin'],
  'creditPolicy.cancel': ['risk', 'admin'],
  'autoPayoutLimits.request': ['finance'],
  'autoPayoutLimits.confirm': ['finance'],
  'autoPayoutLimits.cancel': ['finance'],
  'bureauSent.request': ['finance'],
  'bureauSent.confirm': ['finance', 'admin'],
  'bureauSent.cancel': ['finance', 'admin'],
} as const satisfies Record<`${FourEyesAction}.${'request' | 'confirm' | 'cancel'}`, readonly StaffRole[]>

/**
 * Every permission: the four-eyes actions', and seeing a borrower's sealed identity or account whole
 * (docs/product/identity-and-payout-account.md#staff), which risk and collections may need, one
 * field at a time with a reason, and agents never.
 */
export const PERMISSIONS = {
  ...FOUR_EYES_PERMISSIONS,
  'identity.reveal': ['risk', 'collector'],
} as const satisfies Record<string, readonly StaffRole[]>

export type Permission = keyof typeof PERMISSIONS
