import { ERRORS, OPS_API_PREFIX, type CallDef, type ErrorKey } from '@kilat/contract'

/**
 * The errors each call raises of its own, by path (both methods of a "GET or POST" call share
 * them), for the OpenAPI document and its reference page. The errors every call of a kind can meet
 * (a malformed parameter, a missing session, a refused role, a body too large) come from the call's
 * definition in `genericErrorsOf` and are not repeated here. docs/product/envelopes-and-errors.md#error-codes
 * says when each one is raised; a new call gets its line here (a server test fails without one).
 */
export const CALL_ERRORS: Readonly<Record<string, readonly ErrorKey[]>> = {
  // login (docs/product/shell-and-sessions.md#login-calls)
  '/h5-api/v3/user/login-init': [],
  '/h5-api/v3/user/sms-code': ['phoneInvalid', 'smsTooFrequent', 'smsUndeliverable', 'tooManyRequests'],
  '/h5-api/v3/user/sms-login': ['phoneInvalid', 'smsCodeInvalid', 'smsCodeExpired', 'smsCodeTooManyTries'],
  '/h5-api/v3/user/logout': [],
  '/h5-api/v3/user/info': [],
  // demo mode only
  '/h5-api/v3/demo/last-sms': ['phoneInvalid'],
  '/h5-api/v3/demo/orders': [],
  '/h5-api/v3/demo/new-order': ['productUnavailable', 'selectionInvalid'],
  '/h5-api/v3/demo/last-captcha': [],
  '/h5-api/v3/demo/last-registration-sms': ['phoneInvalid'],
  '/ops-api/demo/staff-code': ['notFound'],
  // products (docs/product/products.md)
  '/app/v3/product/recommend-product-list': [],
  '/app/pageEvent/save': [],
  '/h5-api/service/event/save': [],
  '/app/v3/product/apply': ['productUnavailable'],
  '/h5-api/v3/product/jump': ['productUnavailable'],
  '/app/stand/failure-info': [],
  '/app/stand/click': ['notFound'],
  '/app/stand/product-link': ['productUnavailable'],
  // loans (docs/product/loans.md)
  '/h5-api/v3/loan-confirm/loan-detail-confirm': ['notFound', 'productUnavailable', 'amountOutOfRange', 'termMismatch'],
  '/h5-api/v3/loan-confirm/loan-detail-push': ['productUnavailable', 'amountOutOfRange', 'termMismatch', 'orderInProgress'],
  '/h5-api/v3/contract/contract': ['notFound'],
  '/h5-api/v3/contract/contract-jump': ['notFound'],
  '/h5-api/v3/contract/view': ['notFound', 'productUnavailable', 'amountOutOfRange', 'termMismatch'],
  '/h5-api/v3/loan-details/loan-details': ['notFound'],
  '/h5-api/v3/loan-details/google-score': ['notFound'],
  '/h5-api/v3/public/loan-terms': [],
  // repayment (docs/product/repayment.md#calls)
  '/h5-api/v3/loan-details/init-pay-type': ['notFound', 'repaidAtPartner'],
  '/h5-api/v3/loan-details/generate-vcode': ['notFound', 'payMethodUnknown', 'nothingOwed', 'amountNotOwed', 'selectionInvalid', 'extensionUnavailable', 'repaidAtPartner'],
  '/h5-api/v3/installment/loan-play-detail': ['notFound', 'repaidAtPartner'],
  '/h5-api/v3/loan-details/vcode-status': ['notFound'],
  '/h5-api/v3/loan-details/delay-detail': ['notFound', 'extensionUnavailable', 'repaidAtPartner'],
  '/h5-api/v3/loan-details/submit-utr': ['notFound', 'utrNotAccepted'],
  '/h5-api/v3/loan-details/pay-guide': [],
  '/api/v1/lender/lender-api/service/loan/card-banks': [],
  '/api/v1/lender/lender-api/service/loan/bind-card': ['payMethodUnknown', 'cardNumberInvalid', 'cardLimitReached'],
  '/api/v1/lender/lender-api/service/loan/repayment-way': ['notFound', 'nothingOwed', 'repaidAtPartner'],
  '/api/v1/lender/lender-api/service/loan/repayment-commit': ['notFound', 'nothingOwed', 'amountNotOwed', 'repaidAtPartner', 'repayTokenInvalid', 'cardUnknown'],
  '/api/v1/lender/lender-api/service/loan/repayment-confirm': ['notFound', 'repayCodeWrong', 'repayTwice', 'smsCodeExpired', 'smsCodeTooManyTries'],
  '/api/v1/lender/lender-api/service/loan/repayment-huichao': ['notFound', 'nothingOwed', 'amountNotOwed', 'repaidAtPartner', 'cardUnknown', 'repayTwice'],
  // complaints and the chatbot (docs/product/complaints.md)
  '/h5-api/user-problem/problem-init': ['notFound'],
  '/h5-api/v3/user-problem/problem-init': ['notFound'],
  '/h5-api/user-problem/problem-save': ['notFound', 'complaintTextRequired', 'problemTypeInvalid', 'collectionNotAllowed', 'disputeNotReported', 'tooManyImages', 'imageUnknown'],
  '/h5-api/user-problem/upload-problem-img': ['imageTypeRefused', 'imageTooLarge', 'uploadQuotaReached'],
  '/h5-api/user-problem/problem-list': [],
  '/h5-api/user-problem/problem-detail': ['notFound'],
  '/h5-api/user-problem/save-score': ['notFound', 'ratingRequired', 'alreadyRated', 'complaintNotAnswered'],
  '/h5-api/v3/user-problem/get-qa-list': ['notFound'],
  '/h5-api/v3/user-problem/qa-record': ['notFound', 'ratingRequired'],
  '/h5-api/v3/personal-center/contact-kf-info': [],
  // registration and the public figures (docs/product/registration.md)
  '/api/v2/lender/service/channel/channel-template': ['templateNotFound'],
  '/api/v2/lender/promotion/track-visit': [],
  '/api/v2/lender/promotion/track-click': [],
  '/api/v2/lender/promotion/get-sid': [],
  '/api/v2/lender/promotion/get-captcha': ['sidExpired'],
  '/api/v2/lender/promotion/get-sms': ['phoneInvalid', 'sidExpired', 'captchaWrong', 'alreadyRegistered', 'smsQuotaReached', 'smsTooFrequent', 'smsUndeliverable'],
  '/api/v2/lender/promotion/register': ['phoneInvalid', 'sidExpired', 'registerCaptchaWrong', 'alreadyRegistered', 'smsCodeInvalid', 'smsCodeExpired', 'smsCodeTooManyTries'],
  '/h5-api/v3/public/lending-figures': [],
  // staff (docs/product/operations.md#errors)
  '/ops-api/staff/sign-in': ['staffSignInFailed', 'staffLocked', 'tooManyRequests'],
  '/ops-api/staff/sign-in/code': ['sessionRequired', 'staffLocked', 'staffCodeWrong'],
  '/ops-api/staff/enrolment/start': ['enrolmentInvalid'],
  '/ops-api/staff/enrolment/finish': ['enrolmentInvalid', 'staffCodeWrong'],
  '/ops-api/staff/me': [],
  '/ops-api/staff/me/language': [],
  '/ops-api/staff/sign-out': [],
  '/ops-api/staff/accounts': ['staffEmailTaken', 'staffAdminByGrant'],
  '/ops-api/staff/accounts/disable': ['notFound', 'staffSelfDisable'],
  '/ops-api/audit/entries': [],
  // the complaint desk (docs/product/operations.md#complaint-desk)
  '/ops-api/complaints/queue': [],
  '/ops-api/complaints/detail': ['notFound'],
  '/ops-api/complaints/assign': ['notFound', 'complaintTaken', 'complaintClosed'],
  '/ops-api/complaints/note': ['notFound', 'complaintClosed'],
  '/ops-api/complaints/reply-image': ['notFound', 'imageTypeRefused', 'imageTooLarge', 'uploadQuotaReached'],
  '/ops-api/complaints/reply': ['notFound', 'complaintTaken', 'complaintClosed', 'complaintAlreadyReplied', 'tooManyImages', 'imageUnknown'],
  '/ops-api/complaints/close': ['notFound', 'complaintTaken', 'complaintClosed', 'disputeOnly'],
  // the order desk (docs/product/operations.md#order-desk-errors)
  '/ops-api/orders/review-queue': [],
  '/ops-api/orders/approve': ['notFound', 'orderAlreadyDecided'],
  '/ops-api/orders/reject': ['notFound', 'orderAlreadyDecided'],
  '/ops-api/orders/payout-queue': [],
  '/ops-api/orders/payout-request': ['notFound', 'orderNotApproved', 'payoutAlreadyRequested', 'payoutInFlight', 'payoutAccountNotPayable'],
  '/ops-api/orders/payout-confirm': ['notFound', 'orderNotApproved', 'payoutNotPending', 'fourEyesSameMember', 'fourEyesExpired'],
  '/ops-api/orders/payout-cancel': ['notFound', 'payoutNotPending'],
  // waivers and refunds (docs/product/waivers-and-refunds.md)
  '/ops-api/adjustments/order': ['notFound'],
  '/ops-api/adjustments/queue': [],
  '/ops-api/adjustments/waiver-request': ['notFound', 'orderNotRepaying', 'waiverTooLarge', 'adjustmentAlreadyRequested'],
  '/ops-api/adjustments/refund-request': ['notFound', 'refundTooLarge', 'adjustmentAlreadyRequested'],
  '/ops-api/adjustments/confirm': ['notFound', 'adjustmentNotPending', 'fourEyesSameMember', 'fourEyesExpired', 'orderNotRepaying', 'waiverTooLarge', 'refundTooLarge', 'payoutInFlight'],
  '/ops-api/adjustments/cancel': ['notFound', 'adjustmentNotPending'],
  '/ops-api/orders/search': [],
  '/ops-api/orders/order': ['notFound'],
  '/ops-api/orders/dashboard': [],
  // the money desk (docs/product/operations.md#money-desk-errors)
  '/ops-api/payments/inbox': [],
  '/ops-api/payments/callbacks': [],
  '/ops-api/payments/ledger': [],
  '/ops-api/payments/recon-day': [],
  '/ops-api/payments/differences': [],
  '/ops-api/payments/reconcile': ['reconDayClosed', 'reconDayNotOver'],
  '/ops-api/payments/resolution-propose': ['notFound', 'reconDifferenceNotOpen', 'reconResolutionNotAllowed', 'reconResolutionPending'],
  '/ops-api/payments/resolution-confirm': ['notFound', 'reconResolutionNotPending', 'fourEyesSameMember', 'fourEyesExpired', 'reconPaymentExists', 'refundTooLarge', 'payoutInFlight'],
  '/ops-api/payments/resolution-cancel': ['notFound', 'reconResolutionNotPending'],
  '/ops-api/payments/close-day': ['reconDayOpen', 'reconDayClosed', 'reconDayNotReconciled'],
  '/ops-api/payments/export/ledger': [],
  '/ops-api/payments/export/reconciliation': [],
  // know the borrower (docs/product/identity-and-payout-account.md#errors)
  '/api/kyc/identity': ['identityRefused', 'identityTaken'],
  '/api/kyc/payout-account': ['identityRequired', 'payoutAccountRefused', 'payoutAccountLocked'],
  '/ops-api/kyc/borrower': ['notFound'],
  '/ops-api/kyc/reveal': ['notFound'],
  '/ops-api/kyc/flags': [],
  '/ops-api/kyc/flags/resolve': ['notFound', 'kycFlagClosed'],
  // instant decisions (docs/product/decisions.md#errors)
  '/ops-api/decisions/policies': [],
  '/ops-api/decisions/policies/draft': ['policyInvalid', 'policyVersionPending'],
  '/ops-api/decisions/policies/publish': ['notFound', 'policyVersionNotPending', 'fourEyesSameMember', 'fourEyesExpired'],
  '/ops-api/decisions/policies/withdraw': ['notFound', 'policyVersionNotPending'],
  '/ops-api/decisions/replay': ['notFound'],
  '/ops-api/decisions/order': ['notFound'],
  '/ops-api/decisions/settings': [],
  '/ops-api/decisions/limits/request': ['autoPayoutLimitsPending'],
  '/ops-api/decisions/limits/confirm': ['notFound', 'autoPayoutLimitsNotPending', 'fourEyesSameMember', 'fourEyesExpired'],
  '/ops-api/decisions/limits/withdraw': ['notFound', 'autoPayoutLimitsNotPending'],
  '/ops-api/decisions/switch': [],
  // credit bureau reporting (docs/product/credit-reporting.md#errors)
  '/ops-api/bureau/runs': [],
  '/ops-api/health': [],
  '/ops-api/bureau/run': ['notFound'],
  '/ops-api/bureau/rebuild': ['bureauPeriodOpen', 'bureauAlreadySent'],
  '/ops-api/bureau/download': ['notFound', 'bureauRunHasErrors'],
  '/ops-api/bureau/send/request': ['notFound', 'bureauRunHasErrors', 'bureauRunSuperseded', 'bureauSendPending', 'bureauAlreadySent'],
  '/ops-api/bureau/send/confirm': ['notFound', 'bureauSendNotPending', 'bureauRunSuperseded', 'bureauAlreadySent', 'fourEyesSameMember', 'fourEyesExpired'],
  '/ops-api/bureau/send/withdraw': ['notFound', 'bureauSendNotPending'],
  '/ops-api/bureau/order': ['notFound'],
  // products by staff (docs/product/products.md#version-errors)
  '/ops-api/products/list': [],
  '/ops-api/products/versions': ['notFound'],
  '/ops-api/products/propose': ['notFound', 'productRuleBroken', 'productVersionPending', 'productCodeTaken'],
  '/ops-api/products/publish': ['notFound', 'productRuleBroken', 'fourEyesSameMember', 'fourEyesExpired', 'productVersionNotPending', 'productVersionStale'],
  '/ops-api/products/withdraw': ['notFound', 'productVersionNotPending'],
  // the chatbot's knowledge base (docs/product/knowledge-base.md#calls)
  '/ops-api/kb/entries': [],
  '/ops-api/kb/categories': ['notFound'],
  '/ops-api/kb/questions': ['notFound'],
  '/ops-api/kb/gaps': [],
  '/ops-api/kb/gaps/link': ['notFound', 'kbGapGone'],
  // staff administration (docs/product/operations.md#staff-administration)
  '/ops-api/staff/role-requests': [],
  '/ops-api/staff/accounts/role': ['notFound', 'staffForbidden', 'staffRolePending', 'staffSelfChange'],
  '/ops-api/staff/role-requests/confirm': ['notFound', 'staffForbidden', 'fourEyesSameMember', 'fourEyesExpired', 'staffRoleNotPending', 'staffRolePending'],
  '/ops-api/staff/role-requests/cancel': ['notFound', 'staffRoleNotPending'],
  '/ops-api/staff/accounts/reset-factor': ['notFound', 'staffSelfChange'],
  '/ops-api/staff/accounts/end-sessions': ['notFound', 'staffSelfChange'],
  // collections (docs/product/collections.md#calls)
  '/ops-api/collections/buckets': [],
  '/ops-api/collections/queue': [],
  '/ops-api/collections/contacts': ['notFound', 'contactOutsideWindow', 'promiseInvalid', 'orderNotInCollections'],
  '/ops-api/demo/collections-clock': [],
  // registration funnel (docs/product/registration-funnel.md#errors)
  '/ops-api/funnel': ['funnelRangeInvalid', 'funnelTemplateNotFound'],
  '/ops-api/funnel/export': ['funnelRangeInvalid', 'funnelTemplateNotFound'],
}

/**
 * What any call of this kind can answer (docs/product/envelopes-and-errors.md#error-codes): its
 * parameters refused, the server or the database failing, a session missing, a role or market
 * refused, and for a POST a body too large or of the wrong type, a write that met another at once
 * (`conflict`), or a cookie-authenticated POST without its `X-Requested-With` marker.
 */
export function genericErrorsOf(call: CallDef, method: 'GET' | 'POST'): ErrorKey[] {
  const ops = call.path.startsWith(`${OPS_API_PREFIX}/`)
  const keys: ErrorKey[] = ['invalidRequest', 'internal', 'unavailable']
  if (call.auth === 'borrower' || call.auth === 'staff') keys.push('sessionRequired')
  if (call.auth === 'staff') keys.push('staffForbidden')
  if (method === 'POST') {
    keys.push('payloadTooLarge', 'unsupportedMediaType', 'conflict')
    if (ops || call.auth === 'borrower' || call.auth === 'optional') keys.push('forbidden')
  }
  return keys
}

/** Every error the call can answer with, each once, in the order of their codes. */
export function errorsOf(call: CallDef, method: 'GET' | 'POST'): ErrorKey[] {
  const keys = new Set<ErrorKey>([...genericErrorsOf(call, method), ...(CALL_ERRORS[call.path] ?? [])])
  return [...keys].sort((a, b) => ERRORS[a].code - ERRORS[b].code || a.localeCompare(b))
}
