/**
 * The path of every screen (docs/product/screens.md#routes: short kebab-case names for the ones the original app left unnamed).
 * Shared so that features link to each other's screens without importing each other; the app's
 * route table maps each id to the feature that renders it.
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
