import { ADJUSTMENTS_OPS_CALLS } from './adjustments.js'
import { COLLECTIONS_OPS_CALLS } from './collections.js'
import { COMPLAINTS_OPS_CALLS } from './complaints-ops.js'
import { ORDERS_OPS_CALLS } from './orders.js'
import { STAFF_OPS_CALLS } from './staff.js'
import { PAYMENTS_OPS_CALLS } from './payments-ops.js'
import { PRODUCTS_OPS_CALLS } from './products-ops.js'
// kb and staff administration
import { KB_OPS_CALLS } from './kb-ops.js'
import { STAFF_ADMIN_OPS_CALLS } from './staff-admin.js'
// registration funnel
import { FUNNEL_OPS_CALLS } from './funnel-ops.js'
// know the borrower
import { kycOpsCalls } from './kyc-ops.js'
import { decisionOpsCalls } from './decisions-ops.js'
// credit bureau reporting
import { bureauOpsCalls } from './bureau-ops.js'
import { HEALTH_OPS_CALLS } from './ops-health.js'

/**
 * Every ops call with who may make it: the console's access matrix (a server test goes through each
 * call with each role, a wrong market, a borrower's session and none). An area's new ops calls join
 * its own list, and its list joins here.
 */
export const OPS_CALLS = [...STAFF_OPS_CALLS, ...COMPLAINTS_OPS_CALLS, ...ORDERS_OPS_CALLS, ...ADJUSTMENTS_OPS_CALLS, ...PAYMENTS_OPS_CALLS, ...PRODUCTS_OPS_CALLS, ...COLLECTIONS_OPS_CALLS, ...KB_OPS_CALLS, ...STAFF_ADMIN_OPS_CALLS, ...FUNNEL_OPS_CALLS, ...Object.values(kycOpsCalls), ...Object.values(decisionOpsCalls), ...Object.values(bureauOpsCalls), ...HEALTH_OPS_CALLS] as const
