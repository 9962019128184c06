/**
 * Every screen's path and the formats and limits of the values its address carries
 * (docs/product/screens.md), written once for both sides. The web app's route table maps each path
 * to the feature that renders it, features link to each other's screens through the paths without
 * importing each other, and the server writes its links to screens with them. The contract's
 * schemas are built from the formats, and the browser, which has no zod
 * (docs/decisions/0005-no-zod-in-the-browser.md), checks its addresses with them. This module
 * imports nothing, so a page takes it without schema code; it sits in the browser's first chunk
 * (the route table reads the paths), where a screen's check costs no chunk of its own. India's UTR
 * is a form's field and a bank's reference: its form is the domain's (`UTR`, `isValidUtr`).
 */

/** The path of every screen (docs/product/screens.md#routes: short kebab-case names for the ones the original app left unnamed). */
export const SCREEN_PATHS = {
  home: '/',
  policy: '/Policy',
  loan: '/Loan',
  about: '/About',
  user: '/User',
  contact: '/Contact',
  testPreview: '/testPreview',
  relevant: '/relevant',
  loanConfirm: '/loan-confirm',
  loanDetail: '/loan-detail',
  contract: '/contract',
  jointLoginFailure: '/joint-login-failure',
  individual: '/individual',
  that: '/that',
  installments: '/installments',
  repayDelay: '/repay-delay',
  repayCard: '/repay-card',
  bindBank: '/bind-bank',
  payoutAccount: '/payout-account',
  repaymentInstructions: '/repayment-instructions',
  complaint: '/complaint',
  complainPageNext: '/complainPageNext',
  complaintList: '/complaintList',
  complainDetails: '/complainDetails',
  complainNewPage: '/complainNewPage',
  intelligentCustomerService: '/intelligentCustomerService',
  customerService: '/customer-service',
  aboutUs: '/about-us',
  privacyPolicy: '/privacy-policy',
  privacy: '/privacy',
  loanTerms: '/loan-terms',
  register: '/register',
  error: '/error',
} as const

export type ScreenId = keyof typeof SCREEN_PATHS

export const SCREEN_IDS = Object.keys(SCREEN_PATHS) as ScreenId[]

/**
 * A public order number, `orderId` or `orderNo` alike: letters, digits and hyphens, at most 32
 * characters (docs/product/envelopes-and-errors.md#url-map).
 */
export const ORDER_NO = /^[A-Za-z0-9-]{1,32}$/

/** A repayment method's code in the market's catalogue (`BCA`, `BANK_TRANSFER`). */
export const PAY_CODE = /^[A-Z0-9_]{1,32}$/

/** The most installments a loan has, and so the most a borrower may choose or pay at once. */
export const MAX_PERIODS = 120

/** The largest id of a stored row (a product, a complaint, an account): PostgreSQL's `integer`. */
export const ID_MAX = 2_147_483_647
