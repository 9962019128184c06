import { Navigate, type RouteDef } from '../../shared/router'
import { HomeRedirect, OpsLayout } from './layout'
import { NotFound, RouteFailure } from './states'

/**
 * The console's routes, all under /ops. Each screen's code is its own chunk, loaded when opened;
 * the sign-in and enrolment pages stand outside the signed-in layout.
 */
export function createOpsRoutes(): RouteDef[] {
  return [
    {
      path: '/ops',
      ErrorBoundary: RouteFailure,
      children: [
        { path: 'sign-in', lazy: async () => ({ Component: (await import('../staff/sign-in-page')).SignInPage }) },
        { path: 'enrol', lazy: async () => ({ Component: (await import('../staff/enrol-page')).EnrolPage }) },
        {
          Component: OpsLayout,
          children: [
            { index: true, Component: HomeRedirect },
            { path: 'dashboard', lazy: async () => ({ Component: (await import('../orders/dashboard-page')).DashboardPage }) },
            { path: 'complaints', lazy: async () => ({ Component: (await import('../complaints/queue-page')).ComplaintQueuePage }) },
            { path: 'complaints/:id', lazy: async () => ({ Component: (await import('../complaints/complaint-page')).ComplaintPage }) },
            { path: 'review', lazy: async () => ({ Component: (await import('../orders/review-page')).ReviewPage }) },
            { path: 'disbursement', lazy: async () => ({ Component: (await import('../orders/disbursement-page')).DisbursementPage }) },
            { path: 'orders', lazy: async () => ({ Component: (await import('../orders/order-search-page')).OrderSearchPage }) },
            { path: 'orders/:orderNo', lazy: async () => ({ Component: (await import('../orders/order-page')).OrderPage }) },
            { path: 'staff', lazy: async () => ({ Component: (await import('../staff/staff-page')).StaffPage }) },
            { path: 'audit', lazy: async () => ({ Component: (await import('../audit/audit-page')).AuditPage }) },
            { path: 'adjustments', lazy: async () => ({ Component: (await import('../adjustments/adjustments-page')).AdjustmentsPage }) },
            { path: 'payments', lazy: async () => ({ Component: (await import('../payments/payments-page')).PaymentsPage }) },
            { path: 'products', lazy: async () => ({ Component: (await import('../products/products-page')).ProductsPage }) },
            { path: 'collections', lazy: async () => ({ Component: (await import('../collections/collections-page')).CollectionsPage }) },
            // kb
            { path: 'kb', lazy: async () => ({ Component: (await import('../knowledge-base/kb-page')).KbPage }) },
            // registration funnel
            { path: 'funnel', lazy: async () => ({ Component: (await import('../funnel/funnel-page')).FunnelPage }) },
            // know the borrower: risk's queue of identity flags
            { path: 'kyc-flags', lazy: async () => ({ Component: (await import('../kyc/flags-page')).KycFlagsPage }) },
            // instant decisions: the credit policy and the automatic payout
            { path: 'decisions', lazy: async () => ({ Component: (await import('../decisions/policy-page')).PolicyPage }) },
            { path: 'decisions/settings', lazy: async () => ({ Component: (await import('../decisions/settings-page')).SettingsPage }) },
            // credit bureau reporting: the runs and one run
            { path: 'bureau', lazy: async () => ({ Component: (await import('../bureau/runs-page')).BureauRunsPage }) },
            { path: 'bureau/run', lazy: async () => ({ Component: (await import('../bureau/run-page')).BureauRunPage }) },
            // the lender's health screen
            { path: 'health', lazy: async () => ({ Component: (await import('../health/health-page')).HealthPage }) },
            { path: '*', Component: NotFound },
          ],
        },
      ],
    },
    { path: '*', Component: () => <Navigate to="/ops" replace /> },
  ]
}
