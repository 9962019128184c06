import { adjustmentQueue, auditSearch, collectionQueue, complaintQueue, orderDashboard, orderReviewQueue, orderSearch, paymentsInbox, payoutQueue, productsOpsList, staffList, type StaffRole } from '@kilat/contract'
// kb
import { kbEntries } from '@kilat/contract'
// registration funnel
import { funnelReport } from '@kilat/contract'
// know the borrower
import { opsKycFlags } from '@kilat/contract'
// instant decisions
import { opsDecisionSettings, opsPolicies } from '@kilat/contract'
// credit bureau reporting
import { opsBureauRuns } from '@kilat/contract'
// the lender's health screen
import { opsHealth } from '@kilat/contract'

/**
 * A screen of the console: `roles` may open it, those of the call it is built on (the server
 * checks the same list); `menu`, when given, narrows whose side menu shows it.
 */
export interface OpsScreen {
  key: 'dashboard' | 'complaints' | 'review' | 'orders' | 'disbursement' | 'staff' | 'audit' | 'adjustments' | 'payments' | 'products' | 'collections' | 'kb' | 'funnel' | 'kycFlags' | 'decisions' | 'decisionSettings' | 'bureau' | 'health'
  path: string
  roles: readonly StaffRole[]
  menu?: readonly StaffRole[]
}

/** The console's screens in menu order (docs/product/operations.md#roles). */
export const OPS_SCREENS: readonly OpsScreen[] = [
  { key: 'dashboard', path: '/ops/dashboard', roles: orderDashboard.roles },
  { key: 'complaints', path: '/ops/complaints', roles: complaintQueue.roles },
  { key: 'review', path: '/ops/review', roles: orderReviewQueue.roles },
  // Every role opens an order (from a complaint, say); the search is in the menu of those who decide and pay.
  { key: 'orders', path: '/ops/orders', roles: orderSearch.roles, menu: ['risk', 'finance'] },
  { key: 'disbursement', path: '/ops/disbursement', roles: payoutQueue.roles },
  { key: 'staff', path: '/ops/staff', roles: staffList.roles },
  { key: 'audit', path: '/ops/audit', roles: auditSearch.roles },
  // waivers and refunds (docs/product/waivers-and-refunds.md#the-console)
  { key: 'adjustments', path: '/ops/adjustments', roles: adjustmentQueue.roles },
  // payments: the money desk (docs/product/operations.md#money-desk)
  { key: 'payments', path: '/ops/payments', roles: paymentsInbox.roles },
  // products: versions, four eyes (docs/product/products.md#versions)
  { key: 'products', path: '/ops/products', roles: productsOpsList.roles },
  // collections: the collector's desk (docs/product/collections.md#the-console)
  { key: 'collections', path: '/ops/collections', roles: collectionQueue.roles },
  // kb: the chatbot's knowledge base (docs/product/knowledge-base.md#the-console)
  { key: 'kb', path: '/ops/kb', roles: kbEntries.roles },
  // registration funnel (docs/product/registration-funnel.md#screen)
  { key: 'funnel', path: '/ops/funnel', roles: funnelReport.roles },
  // know the borrower: duplicate identities and name mismatches (docs/product/identity-and-payout-account.md)
  { key: 'kycFlags', path: '/ops/kyc-flags', roles: opsKycFlags.roles },
  // instant decisions: the credit policy, and how much the system pays out on its own (docs/product/decisions.md)
  { key: 'decisions', path: '/ops/decisions', roles: opsPolicies.roles },
  { key: 'decisionSettings', path: '/ops/decisions/settings', roles: opsDecisionSettings.roles },
  // credit bureau reporting: each period's run, its checks, files and sends (docs/product/credit-reporting.md)
  { key: 'bureau', path: '/ops/bureau', roles: opsBureauRuns.roles },
  // the lender's health: each market's money flows, the providers' calls, the jobs (docs/product/operations.md#health)
  { key: 'health', path: '/ops/health', roles: opsHealth.roles },
]

/** The side menu of a role, in order. */
export function screensOf(role: StaffRole): OpsScreen[] {
  return OPS_SCREENS.filter((screen) => (screen.menu ?? screen.roles).includes(role) && screen.roles.includes(role))
}

/** The screen an address belongs to: the one of the longest path that holds it (/ops/decisions/settings is not /ops/decisions). */
export function screenAt(pathname: string): OpsScreen | undefined {
  let found: OpsScreen | undefined
  for (const screen of OPS_SCREENS) {
    if ((pathname === screen.path || pathname.startsWith(`${screen.path}/`)) && screen.path.length > (found?.path.length ?? 0)) found = screen
  }
  return found
}

