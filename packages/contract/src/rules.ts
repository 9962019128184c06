/**
 * What both sides check without zod: the path of every screen and the formats and limits of the
 * values an address or a form carries. The contract's schemas are built from these; the server
 * writes its links to screens with them; the browser, which has no zod
 * (docs/decisions/0005-no-zod-in-the-browser.md), checks its addresses with them. This module
 * imports nothing (the contract's test says so), so it adds no schema code to a page, and its
 * paths sit in the app's first chunk already (the route table reads them). India's UTR is a bank's
 * reference rather than ours: its form is the domain's (`UTR`, `isValidUtr` in packages/domain).
 */

/**
 * The path of every screen (docs/product/screens.md#routes: short kebab-case names for the ones
 * the original app left unnamed). Features link to each other's screens through these without
 * importing each other; the web app's route table maps each id to the feature that renders it.
 */
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
