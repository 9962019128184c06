// The borrower pages the Lighthouse gate audits, and its reference page
// (docs/performance/borrower-main-thread.md#the-gate). The pages show the seeded demo orders
// (apps/server/src/db/seed.ts).

/** React, the shell and a coming-soon notice, nothing else: what every borrower route costs at least. */
export const REFERENCE = { name: 'reference /error', path: '/error?tok=demo-borrower' }

export const PAGES = [
  { name: '/relevant', path: '/relevant?tok=demo-borrower' },
  // overdue: the action area
  { name: '/loan-detail 180', path: '/loan-detail?orderId=K2026000006&tok=demo-borrower' },
  // under review: the recommended list
  { name: '/loan-detail 21', path: '/loan-detail?orderId=K2026000001&tok=demo-borrower' },
  // the complaint form (its photo picker) and the chatbot
  { name: '/complainPageNext', path: '/complainPageNext?tok=demo-borrower' },
  { name: '/intelligentCustomerService', path: '/intelligentCustomerService?tok=demo-borrower' },
]
