// What the benchmarks need to know about the demo data (apps/server/src/db/seed.ts), asked from the
// running server instead of copied here, so that a change to the seed cannot silently leave a
// benchmark loading an order or product that no longer exists.
import { CannotRun } from './process.mjs'

/** The first demo borrower (Indonesia): one order in every status and products to apply for. */
export const DEMO_SESSION = 'demo-borrower'

/** Wire values of the order statuses (packages/domain/src/order-status.ts), for readable labels. */
const STATUS_NAMES = {
  21: 'submitted',
  151: 'approved',
  110: 'rejected',
  170: 'installments',
  174: 'due',
  180: 'overdue',
  200: 'settled',
  3: 'partner-repaying',
  4: 'partner-settled',
  5: 'partner-overdue',
}

/**
 * The demo borrower's product to apply for and one order per status, from the demo-mode call the
 * test preview uses, and the ids the complaint and chatbot calls ask for. Throws when the server is not in demo mode or the seed changed shape.
 */
export async function demoOf(base) {
  const response = await fetch(`${base}/h5-api/v3/demo/orders?tok=${DEMO_SESSION}`, { headers: { accept: 'application/json' } })
  const body = await response.json().catch(() => undefined)
  if (!response.ok || body?.code !== 0 || !body.data) {
    throw new Error(`GET /h5-api/v3/demo/orders answered ${response.status} ${JSON.stringify(body)?.slice(0, 200)}: is the server in demo mode?`)
  }
  const { productId, orders } = body.data
  if (productId === null) throw new Error('the demo borrower has no product to apply for: the demo data changed')
  const byStatus = new Map()
  for (const order of orders) {
    if (!byStatus.has(order.status)) {
      byStatus.set(order.status, { ...order, statusName: STATUS_NAMES[order.status] ?? `status-${order.status}` })
    }
  }
  const due = byStatus.get(174)
  if (!due) throw new Error('the demo borrower has no order with a payment due: the demo data changed')
  return { productId, orders: [...byStatus.values()], ...(await complaintsOf(base)), accountId: await accountOf(base, due.orderNo) }
}

/**
 * The account for everything the due order owes (the same pending one each time it is asked), for
 * the calls that read an account (vcode-status).
 */
async function accountOf(base, orderNo) {
  const response = await fetch(`${base}/h5-api/v3/loan-details/generate-vcode?tok=${DEMO_SESSION}`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
    body: new URLSearchParams({ orderId: orderNo, payCode: 'BCA', pay_type: '1' }).toString(),
  })
  const body = await response.json().catch(() => undefined)
  if (!response.ok || body?.code !== 0) throw new Error(`generate-vcode answered ${response.status} ${JSON.stringify(body)?.slice(0, 200)}`)
  return body.data.accountId
}

/** The demo borrower's first complaint and the chatbot's first category of questions. */
async function complaintsOf(base) {
  const ask = async (path, init) => {
    const response = await fetch(`${base}${path}${path.includes('?') ? '&' : '?'}tok=${DEMO_SESSION}`, { headers: { accept: 'application/json' }, ...init })
    const body = await response.json().catch(() => undefined)
    if (!response.ok || !isSuccess(body)) throw new Error(`${path} answered ${response.status} ${JSON.stringify(body)?.slice(0, 200)}`)
    return body.data
  }
  const { tabs } = await ask('/h5-api/user-problem/problem-list', { method: 'POST' })
  const problemId = tabs.flatMap((tab) => tab.list).find((row) => row)?.id
  const { answerList } = await ask('/h5-api/v3/user-problem/get-qa-list?pid=0')
  const category = answerList.find((entry) => entry.kind === 'category' && entry.action_type === 0)
  if (problemId === undefined || !category) throw new Error('the demo borrower has no complaint, or the chatbot no category: the demo data changed')
  return { problemId, qaCategoryId: category.id }
}

/** True when an answer of any envelope family reports success (packages/contract/src/envelope.ts). */
export function isSuccess(body) {
  if (typeof body !== 'object' || body === null) return false
  if ('success' in body) return body.success === true
  return body.code === 0 || body.code === '00'
}

/** The demo staff accounts' password (README, Staff). */
export const DEMO_STAFF_PASSWORD = 'kilat-demo-staff'

/**
 * Signs a demo staff member in as the console does, password then the code demo mode reads out,
 * and answers their session cookie.
 */
export async function signInDemoStaff(base, email) {
  const post = (path, body, cookie) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    })
  const cookieOf = (res) => (res.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).find((c) => c.startsWith('kilat_staff='))
  const first = await post('/ops-api/staff/sign-in', { email, password: DEMO_STAFF_PASSWORD })
  if (!first.ok) throw new CannotRun(`sign-in of ${email} refused: ${await first.text()}`)
  const code = (await (await fetch(`${base}/ops-api/demo/staff-code?email=${encodeURIComponent(email)}`)).json()).data.code
  const second = await post('/ops-api/staff/sign-in/code', { code }, cookieOf(first))
  if (!second.ok) throw new CannotRun(`code of ${email} refused: ${await second.text()}`)
  return cookieOf(second)
}
