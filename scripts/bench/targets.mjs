// Every borrower call that `npm run bench:api` loads, in one list: an area that adds calls adds
// their entries here, and both the per-call table and the fixed-rate mix pick them up.
//
// An entry:
//   name      what `--targets` selects and the table prints (with each request's label)
//   kind      'read' or 'write': the share of the floor's req/s each must reach (0.35 and 0.2, docs/product/platform.md#benchmarks)
//   mix       the entry's share of the fixed-rate run, split evenly over its requests (0: left out)
//   requests  (demo) => [request]: demo is what demo.mjs reads from the server (productId, one
//             order per status, problemId, qaCategoryId, accountId); a request is { label?, method, path, headers, body? } as
//             autocannon takes it
//
// Requests carry the session in the query (`tok`), as the web app's API client sends it on every
// call (apps/web/src/shared/api/client.ts), with that client's headers and the browser's cookie.
import { DEMO_SESSION } from './demo.mjs'

// A phone's WebView always asks for compressed answers: compressing them is part of the cost. It
// also sends back the session cookie the first page set (`sid`, apps/server/src/http/sessions.ts),
// as every call after the first does, so the server does not set it again on each answer.
const HEADERS = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', 'accept-encoding': 'gzip, deflate, br', cookie: `sid=${DEMO_SESSION}` }

function get(path, query = {}) {
  const search = new URLSearchParams({ ...query, tok: DEMO_SESSION })
  return { method: 'GET', path: `${path}?${search}`, headers: HEADERS }
}

// The app shell's identity and bank steps send JSON (nested addresses).
function postJson(path, body) {
  return { method: 'POST', path: `${path}?tok=${DEMO_SESSION}`, headers: { ...HEADERS, 'content-type': 'application/json' }, body: JSON.stringify(body) }
}

// POST bodies are form-encoded, as the web app sends them.
function post(path, form = {}) {
  return {
    method: 'POST',
    path: `${path}?tok=${DEMO_SESSION}`,
    headers: { ...HEADERS, 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    body: new URLSearchParams(form).toString(),
  }
}

export const TARGETS = [
  {
    name: 'loan-details',
    kind: 'read',
    mix: 50,
    // One request per status: each status takes its own path through the screen's rules.
    requests: (demo) =>
      demo.orders.map((order) => ({
        label: `loan-details ${order.statusName}`,
        ...get('/h5-api/v3/loan-details/loan-details', { orderId: order.orderNo }),
      })),
  },
  {
    name: 'recommend-product-list',
    kind: 'read',
    mix: 25,
    requests: () => [post('/app/v3/product/recommend-product-list')],
  },
  {
    name: 'loan-detail-confirm',
    kind: 'read',
    mix: 15,
    requests: (demo) => [post('/h5-api/v3/loan-confirm/loan-detail-confirm', { productId: demo.productId })],
  },
  {
    name: 'contract-view',
    kind: 'read',
    mix: 10,
    requests: (demo) => [get('/h5-api/v3/contract/view', { productId: demo.productId, position: 0 })],
  },
  {
    // The write under load. Submitting loans (loan-detail-push) cannot be repeated: a borrower may
    // hold one open order per product, and every borrower would need a session of their own. A
    // rating is an upsert of the same row, which every request can repeat with the demo session.
    name: 'google-score',
    kind: 'write',
    mix: 0,
    requests: (demo) => {
      const settled = demo.orders.find((order) => order.statusName === 'settled')
      if (!settled) throw new Error('the demo borrower has no settled order to rate: the demo data changed')
      return [post('/h5-api/v3/loan-details/google-score', { score: 4, orderId: settled.orderNo })]
    },
  },
  {
    name: 'problem-list',
    kind: 'read',
    mix: 3,
    requests: () => [post('/h5-api/user-problem/problem-list')],
  },
  {
    // The banks of the order's market, and its mini markets.
    name: 'init-pay-type',
    kind: 'read',
    mix: 2,
    requests: (demo) => {
      const due = repayable(demo)
      return [
        { label: 'init-pay-type banks', ...post('/h5-api/v3/loan-details/init-pay-type', { orderId: due.orderNo, pay_type: 1 }) },
        { label: 'init-pay-type markets', ...post('/h5-api/v3/loan-details/init-pay-type', { orderId: due.orderNo, pay_type: 2 }) },
      ]
    },
  },
  {
    // The demo borrower's installment loan: unpaid and paid installments.
    name: 'loan-play-detail',
    kind: 'read',
    mix: 2,
    requests: (demo) => [post('/h5-api/v3/installment/loan-play-detail', { orderId: installments(demo).orderNo })],
  },
  {
    // The account for everything owed: issued by the first request, the same pending one after
    // (what /that asks on every visit): the owed figures are computed each time.
    name: 'generate-vcode',
    kind: 'write',
    mix: 2,
    requests: (demo) => [post('/h5-api/v3/loan-details/generate-vcode', { orderId: repayable(demo).orderNo, payCode: 'BCA', pay_type: 1 })],
  },
  {
    // What /that polls every few seconds until the payment is in: one indexed read of the account
    // issued by demo.mjs for the due order.
    name: 'vcode-status',
    kind: 'read',
    mix: 3,
    requests: (demo) => [get('/h5-api/v3/loan-details/vcode-status', { accountId: demo.accountId })],
  },
  {
    // The due order's extension detail: fee, both due dates, whether it can be paid now.
    name: 'delay-detail',
    kind: 'read',
    mix: 1,
    requests: (demo) => [post('/h5-api/v3/loan-details/delay-detail', { orderId: repayable(demo).orderNo })],
  },
  {
    // Every method of the borrower's market with its steps (no database read past the session).
    name: 'pay-guide',
    kind: 'read',
    mix: 1,
    requests: () => [get('/h5-api/v3/loan-details/pay-guide')],
  },
  {
    // The demo borrower's first complaint in the list.
    name: 'problem-detail',
    kind: 'read',
    mix: 3,
    requests: (demo) => [post('/h5-api/user-problem/problem-detail', { problemId: demo.problemId })],
  },
  {
    // The categories, then the first category's questions.
    name: 'get-qa-list',
    kind: 'read',
    mix: 3,
    requests: (demo) => [
      { label: 'get-qa-list categories', ...get('/h5-api/v3/user-problem/get-qa-list', { pid: 0 }) },
      { label: 'get-qa-list questions', ...get('/h5-api/v3/user-problem/get-qa-list', { pid: demo.qaCategoryId }) },
    ],
  },
  {
    // A typed question: full-text search with spelling correction, and the record stored.
    name: 'qa-record',
    kind: 'write',
    mix: 1,
    requests: () => [
      { label: 'qa-record free text', ...post('/h5-api/v3/user-problem/qa-record', { type: 4, value: 'bagaimana cara memperpanjang pinjaman' }) },
      { label: 'qa-record typo', ...post('/h5-api/v3/user-problem/qa-record', { type: 4, value: 'perpanjanagn pinjamn' }) },
    ],
  },
  // Public calls of the promotion landing and the public site (no session is needed; the shared
  // parameters still travel). get-sms, register and the captcha are left out: they are throttled
  // per number and per address, so a load run would measure the refusals.
  {
    name: 'channel-template',
    kind: 'read',
    mix: 3,
    requests: () => [get('/api/v2/lender/service/channel/channel-template', { templateId: 1 })],
  },
  {
    // Kept in the process's memory for 5 minutes: this measures the kept answer.
    name: 'lending-figures',
    kind: 'read',
    mix: 3,
    requests: () => [get('/h5-api/v3/public/lending-figures', { market: 'ID' })],
  },
  {
    // The market's disclosure filled with an example loan of its representative product (the
    // product from the kept catalogue; the figures and texts built on every request).
    name: 'public-loan-terms',
    kind: 'read',
    mix: 2,
    requests: () => [get('/h5-api/v3/public/loan-terms')],
  },
  {
    // One row inserted per request (a new registration session).
    name: 'get-sid',
    kind: 'write',
    mix: 1,
    requests: () => [get('/api/v2/lender/promotion/get-sid')],
  },
  {
    // Know the borrower: the account shown on the loan confirmation and /payout-account (a sealed
    // number never opened: the mask is kept beside it), and the identity opened for its borrower.
    name: 'payout-account',
    kind: 'read',
    mix: 2,
    requests: () => [get('/api/kyc/payout-account'), get('/api/kyc/identity')],
  },
  {
    // The shell's bank step sending the account it already gave (a retry): checked by the domain,
    // the row locked, the sealed number opened and compared; no provider call, no new version.
    name: 'payout-account-set',
    kind: 'write',
    mix: 0,
    requests: () => [postJson('/api/kyc/payout-account', { kind: 'bank', bankCode: 'BCA', accountNo: '8730012345' })],
  },
]

/** The demo borrower's order with a single payment due, which every repayment call can take. */
function repayable(demo) {
  const order = demo.orders.find((o) => o.statusName === 'due')
  if (!order) throw new Error('the demo data has no order with a payment due')
  return order
}

/** The demo borrower's installment loan being repaid. */
function installments(demo) {
  const order = demo.orders.find((o) => o.statusName === 'installments')
  if (!order) throw new Error('the demo data has no installment loan being repaid')
  return order
}
