import { auditSearch, staffList, type StaffRole } from '@kilat/contract'
import { STAFF_ROLES } from '@kilat/contract'

/** A screen of the console's side menu; `roles` are those of the calls it is built on. */
export interface OpsScreen {
  key: 'dashboard' | 'complaints' | 'review' | 'orders' | 'disbursement' | 'staff' | 'audit'
  path: string
  roles: readonly StaffRole[]
}

/** The console's screens in menu order (docs/product/operations.md#roles). */
export const OPS_SCREENS: readonly OpsScreen[] = [
  { key: 'dashboard', path: '/ops/dashboard', roles: STAFF_ROLES },
  { key: 'complaints', path: '/ops/complaints', roles: ['agent', 'admin'] },
  { key: 'review', path: '/ops/review', roles: ['risk'] },
  { key: 'orders', path: '/ops/orders', roles: ['risk'] },
  { key: 'disbursement', path: '/ops/disbursement', roles: ['finance'] },
  { key: 'staff', path: '/ops/staff', roles: staffList.roles },
  { key: 'audit', path: '/ops/audit', roles: auditSearch.roles },
]

/** The screens a role opens, in menu order. */
export function screensOf(role: StaffRole): OpsScreen[] {
  return OPS_SCREENS.filter((screen) => screen.roles.includes(role))
}

/** The screen an address belongs to (its first two path parts). */
export function screenAt(pathname: string): OpsScreen | undefined {
  return OPS_SCREENS.find((screen) => pathname === screen.path || pathname.startsWith(`${screen.path}/`))
}
