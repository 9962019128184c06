// Payouts under faults (docs/product/operations.md#payout-states): the built server with its payout
// sandbox, finance confirming payouts of fresh approved orders (their cents choosing the sandbox's
// cases: complete, time out twice, answer 500 twice, go silent, fail, refuse), and the server
// killed with SIGKILL twice while payouts are being confirmed, sent and completed, then started
// again. Once nothing is on its way any more, SQL checks: one payout at the sandbox per request,
// each order paid out at most once and exactly when its payout completed, its due dates from the
// completion, every request's end as its cents say, none left on its way.
//
// With Xendit (xenditPayoutScenario): the same with PAYOUTS_ID=xendit against its fake (xendit.mjs),
// which finishes each payout it accepted (every fifth request fails with INVALID_DESTINATION) and
// posts Xendit's callback, while the server is killed; what met no server is delivered again, and
// the server's status check finds the rest. Before the second half, Xendit answers three sends
// slowly and two with a 500 after making the payout, so that the outbox sends again with the same key. Checked: one payout at Xendit per request, its end the
// request's, and the same order checks.
import { openSync } from 'node:fs'
import pg from 'pg'
import { CannotRun, SERVER_ENTRY, spawnProcess } from '../bench/process.mjs'
import { DATABASE_URL } from './cluster.mjs'

/** A database of its own on the chaos cluster: the payment scenarios' data stays as they left it. */
const PAYOUTS_DATABASE = 'kilat_chaos_payouts'
const PAYOUTS_DATABASE_URL = DATABASE_URL.replace(/\/[^/]+$/, `/${PAYOUTS_DATABASE}`)

const SESSION = 'demo-borrower'
const PASSWORD = 'kilat-demo-staff'
/** The sandbox's demo rules by cents, in the mix each run confirms (docs/product/operations.md#the-payout-sandbox). */
const CENTS = [0, 0, 21, 22, 23, 14, 13, 0]
const FAILS = new Set([13, 14])
/** A killed worker's claim lapses after the outbox's lease (60 s): the wait covers it and the retries. */
const SETTLE_MS = 150_000

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

function spawnServer(port, extraEnv = {}) {
  const env = {
    DATABASE_URL: PAYOUTS_DATABASE_URL,
    DEMO_MODE: '1',
    JOB_INTERVAL_SECONDS: '1',
    PAYOUT_STATUS_AFTER_SECONDS: '3',
    LOG_LEVEL: process.env.CHAOS_LOG ? 'info' : 'warn',
    ...extraEnv,
  }
  const log = process.env.CHAOS_LOG ? openSync(process.env.CHAOS_LOG, 'a') : undefined
  return spawnProcess(SERVER_ENTRY, { env, name: 'the server', removeEnv: ['DATA_DIR'], port, log })
}

const cookiesOf = (response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')

/** A finance member's staff cookie: password, then the demo authenticator's code. */
async function staffCookie(base, email) {
  const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }
  const first = await fetch(`${base}/ops-api/staff/sign-in`, { method: 'POST', headers, body: JSON.stringify({ email, password: PASSWORD }) })
  if (!first.ok) throw new CannotRun(`sign-in of ${email} answered ${first.status}`)
  const { data } = await (await fetch(`${base}/ops-api/demo/staff-code?email=${encodeURIComponent(email)}`)).json()
  const second = await fetch(`${base}/ops-api/staff/sign-in/code`, { method: 'POST', headers: { ...headers, cookie: cookiesOf(first) }, body: JSON.stringify({ code: data.code }) })
  if (!second.ok) throw new CannotRun(`the code of ${email} answered ${second.status}`)
  return cookiesOf(second)
}

async function ops(base, path, body, cookie) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie },
    body: JSON.stringify(body),
  })
  const json = await response.json().catch(() => undefined)
  if (json?.code !== 0) throw new CannotRun(`${path} answered ${response.status} ${JSON.stringify(json)?.slice(0, 200)}`)
  return json.data
}

async function newApprovedOrder(base, cents) {
  const response = await fetch(`${base}/h5-api/v3/demo/new-order?tok=${SESSION}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ kind: 'approved', payoutCents: String(cents) }).toString(),
  })
  const json = await response.json()
  if (json?.code !== 0) throw new CannotRun(`demo new-order answered ${JSON.stringify(json).slice(0, 200)}`)
  return json.data.orderNo
}

async function inFlight(db) {
  const { rows } = await db.query("select count(*)::int as n from payout_requests where status in ('confirmed', 'sending', 'accepted')")
  return rows[0].n
}

/** The SQL checks after the faults: each failure is a line. */
async function checkPayouts(db, orders) {
  const broken = []
  const q = async (text, values) => (await db.query(text, values)).rows
  const nos = orders.map((o) => o.orderNo)
  const requests = await q(
    `select r.id, r.status, r.completed_at, r.attempts, o.order_no, o.status as order_status, o.disbursed_at
     from payout_requests r join orders o on o.id = r.order_id where o.order_no = any($1) order by r.id`,
    [nos],
  )
  if (requests.length !== orders.length) broken.push(`${requests.length} payout requests for ${orders.length} confirmed orders`)
  const still = requests.filter((r) => ['confirmed', 'sending', 'accepted'].includes(r.status))
  if (still.length) broken.push(`${still.length} payouts still on their way after ${SETTLE_MS / 1000} s`)
  const sandbox = await q('select key, status, sends from sandbox_payouts where key = any($1)', [requests.map((r) => String(r.id))])
  const byKey = new Map(sandbox.map((s) => [s.key, s]))
  const centsOf = new Map(orders.map((o) => [o.orderNo, o.cents]))
  for (const r of requests) {
    const at = byKey.get(String(r.id))
    const cents = centsOf.get(r.order_no)
    if (!at) broken.push(`request ${r.id} never reached the sandbox`)
    const wantFailed = FAILS.has(cents)
    if (wantFailed && r.status !== 'failed') broken.push(`request ${r.id} (,${cents}) ended ${r.status}, want failed`)
    if (!wantFailed && r.status !== 'completed') broken.push(`request ${r.id} (,${cents}) ended ${r.status}, want completed`)
    if (r.status === 'completed') {
      if (![170, 174, 3].includes(r.order_status)) broken.push(`order ${r.order_no}: payout completed, order in ${r.order_status}`)
      if (r.disbursed_at?.getTime() !== r.completed_at?.getTime()) broken.push(`order ${r.order_no}: paid out at ${r.disbursed_at?.toISOString()}, payout completed at ${r.completed_at?.toISOString()}`)
      if (at && at.status !== 'completed') broken.push(`request ${r.id}: completed here, ${at.status} at the sandbox`)
    }
    if (r.status === 'failed' && r.order_status !== 151) broken.push(`order ${r.order_no}: payout failed, order in ${r.order_status}`)
  }
  // each order paid out once: one history row out of 151, one audit row orders.disburse
  const twice = await q(
    `select o.order_no, count(*)::int as n from order_history h join orders o on o.id = h.order_id
     where o.order_no = any($1) and h.from_status = 151 group by o.order_no having count(*) > 1`,
    [nos],
  )
  for (const t of twice) broken.push(`order ${t.order_no} paid out ${t.n} times`)
  broken.push(...(await checkOrdersPaidOutOnce(db, nos)))
  const sends = sandbox.reduce((n, s) => n + s.sends, 0)
  const resent = sandbox.filter((s) => s.sends > 1).length
  return {
    broken,
    completed: requests.filter((r) => r.status === 'completed').length,
    failed: requests.filter((r) => r.status === 'failed').length,
    sends,
    resent,
  }
}

/** Each order paid out once: one audit row orders.disburse. */
async function checkOrdersPaidOutOnce(db, nos) {
  const broken = []
  const q = async (text, values) => (await db.query(text, values)).rows
  const audited = await q(
    `select record_id, count(*)::int as n from audit_log where action = 'orders.disburse' and record_id = any($1) group by record_id having count(*) > 1`,
    [nos],
  )
  for (const a of audited) broken.push(`order ${a.record_id}: ${a.n} disbursement audit rows`)
  return broken
}

/**
 * The scenario: `count` payouts confirmed by two finance members, the server killed twice
 * (halfway through the confirmations, and while the rest are sent), restarted each time.
 */
export async function payoutScenario(main, { port, count }, resetDatabase) {
  const exists = await main.query('select 1 from pg_database where datname = $1', [PAYOUTS_DATABASE])
  if (exists.rowCount === 0) await main.query(`create database ${PAYOUTS_DATABASE} owner kilat`)
  const db = new pg.Pool({ connectionString: PAYOUTS_DATABASE_URL, max: 2 })
  db.on('error', () => {})
  await resetDatabase(db)
  let server = spawnServer(port)
  await server.ready()
  const broken = []
  const kills = []
  try {
    const financeA = await staffCookie(server.base, 'finance.a@demo.kilat.example.com')
    const financeB = await staffCookie(server.base, 'finance.b@demo.kilat.example.com')
    const orders = []
    for (let i = 0; i < count; i++) orders.push({ orderNo: await newApprovedOrder(server.base, CENTS[i % CENTS.length]), cents: CENTS[i % CENTS.length] })

    const confirm = async (order) => {
      const { payout } = await ops(server.base, '/ops-api/orders/payout-request', { orderNo: order.orderNo }, financeA)
      await ops(server.base, '/ops-api/orders/payout-confirm', { requestId: payout.id }, financeB)
    }
    const half = Math.ceil(count / 2)
    for (const order of orders.slice(0, half)) await confirm(order)
    // the first half is being sent now: kill mid-send
    await sleep(300)
    kills.push({ when: 'halfway through the confirmations', inFlight: await inFlight(db) })
    await server.kill9()
    server = spawnServer(port)
    await server.ready()
    // the staff sessions are rows: they outlive the process
    for (const order of orders.slice(half)) await confirm(order)
    await sleep(1_500)
    kills.push({ when: 'while the rest were sent and completed', inFlight: await inFlight(db) })
    await server.kill9()
    server = spawnServer(port)
    await server.ready()

    const until = Date.now() + SETTLE_MS
    while (Date.now() < until && (await inFlight(db)) > 0) await sleep(1_000)
    const outcome = await checkPayouts(db, orders)
    broken.push(...outcome.broken)
    return { scenario: 'payouts: server killed twice', count, kills, ...outcome, broken }
  } finally {
    if (server.alive()) await server.kill9()
    await db.end().catch(() => {})
  }
}

export function printPayouts(result) {
  console.log(`\n${result.scenario}: ${result.count} payouts confirmed`)
  for (const k of result.kills) console.log(`  killed ${k.when}: ${k.inFlight} on their way`)
  if (result.provider) console.log(`  completed ${result.completed}, failed ${result.failed} (every fifth request, as Xendit was told), ${result.payoutsAt} payouts at ${result.provider} for ${result.count} requests from ${result.sends} sends, ${result.resent} keys sent more than once`)
  else console.log(`  completed ${result.completed}, failed ${result.failed} (the 13- and 14-cent ones), ${result.sends} sends to the sandbox, ${result.resent} keys sent more than once`)
  console.log(`  invariants: ${result.broken.length === 0 ? 'ok' : 'BROKEN'}`)
}

/** Xendit's end for a request: every fifth fails at the bank. */
const xenditFails = (requestId) => requestId % 5 === 0

/** The requests of these orders, with their order's state. */
async function requestsOf(db, nos) {
  const { rows } = await db.query(
    `select r.id, r.status, r.completed_at, o.order_no, o.status as order_status, o.disbursed_at
     from payout_requests r join orders o on o.id = r.order_id where o.order_no = any($1) order by r.id`,
    [nos],
  )
  return rows
}

/**
 * Xendit's side of the payouts while the scenario runs: each payout it accepted is finished
 * (completed, or failed for every fifth request) and its callback posted; a callback that met no
 * server is posted again on the next pass, as Xendit retries. Answers `stop()`.
 */
function finishAtXendit(xendit) {
  const delivered = new Set()
  let running = true
  const loop = (async () => {
    while (running) {
      const { payouts } = await xendit.state().catch(() => ({ payouts: [] }))
      for (const p of payouts) {
        if (delivered.has(p.referenceId)) continue
        const fail = xenditFails(Number(p.referenceId))
        const answer = await xendit.finishPayout(p.referenceId, fail).catch(() => null)
        if (answer?.delivered && answer.status === 200) delivered.add(p.referenceId)
      }
      await sleep(300)
    }
  })()
  return {
    delivered,
    async stop() {
      running = false
      await loop
    },
  }
}

/** The checks of the Xendit run: one payout at Xendit per request, its end ours, each order paid out once. */
async function checkXenditPayouts(db, orders, xendit) {
  const broken = []
  const nos = orders.map((o) => o.orderNo)
  const requests = await requestsOf(db, nos)
  if (requests.length !== orders.length) broken.push(`${requests.length} payout requests for ${orders.length} confirmed orders`)
  const still = requests.filter((r) => ['confirmed', 'sending', 'accepted'].includes(r.status))
  if (still.length) broken.push(`${still.length} payouts still on their way after ${SETTLE_MS / 1000} s`)
  const { payouts, payoutSends } = await xendit.state()
  for (const r of requests) {
    const at = payouts.filter((p) => p.referenceId === String(r.id))
    if (at.length !== 1) broken.push(`request ${r.id}: ${at.length} payouts at Xendit`)
    const want = xenditFails(r.id) ? 'failed' : 'completed'
    if (r.status !== want) broken.push(`request ${r.id} ended ${r.status}, want ${want}`)
    if (at.length === 1 && (at[0].status === 'SUCCEEDED') !== (r.status === 'completed')) broken.push(`request ${r.id}: ${r.status} here, ${at[0].status} at Xendit`)
    if (r.status === 'completed') {
      if (![170, 174, 3].includes(r.order_status)) broken.push(`order ${r.order_no}: payout completed, order in ${r.order_status}`)
      if (r.disbursed_at?.getTime() !== r.completed_at?.getTime()) broken.push(`order ${r.order_no}: paid out at ${r.disbursed_at?.toISOString()}, payout completed at ${r.completed_at?.toISOString()}`)
    }
    if (r.status === 'failed' && r.order_status !== 151) broken.push(`order ${r.order_no}: payout failed, order in ${r.order_status}`)
  }
  broken.push(...(await checkOrdersPaidOutOnce(db, nos)))
  const ours = new Set(requests.map((r) => String(r.id)))
  const atXendit = payouts.filter((p) => ours.has(p.referenceId))
  const sends = payoutSends.filter((ref) => ours.has(ref))
  const perKey = new Map()
  for (const ref of sends) perKey.set(ref, (perKey.get(ref) ?? 0) + 1)
  return {
    broken,
    completed: requests.filter((r) => r.status === 'completed').length,
    failed: requests.filter((r) => r.status === 'failed').length,
    sends: sends.length,
    resent: [...perKey.values()].filter((n) => n > 1).length,
    payoutsAt: atXendit.length,
    provider: 'Xendit',
  }
}

/**
 * The payout scenario with PAYOUTS_ID=xendit against `xendit` (xendit.mjs): `count` payouts of
 * whole rupiah confirmed by two finance members, the server killed halfway through the
 * confirmations and again while the rest are sent and finished at Xendit, restarted each time.
 */
export async function xenditPayoutScenario(main, { port, count }, resetDatabase, xendit) {
  const exists = await main.query('select 1 from pg_database where datname = $1', [PAYOUTS_DATABASE])
  if (exists.rowCount === 0) await main.query(`create database ${PAYOUTS_DATABASE} owner kilat`)
  const db = new pg.Pool({ connectionString: PAYOUTS_DATABASE_URL, max: 2 })
  db.on('error', () => {})
  await resetDatabase(db)
  const env = { ...xendit.env, PAYOUTS_ID: 'xendit' }
  let server = spawnServer(port, env)
  await server.ready()
  const kills = []
  const finisher = finishAtXendit(xendit)
  try {
    const financeA = await staffCookie(server.base, 'finance.a@demo.kilat.example.com')
    const financeB = await staffCookie(server.base, 'finance.b@demo.kilat.example.com')
    const orders = []
    for (let i = 0; i < count; i++) orders.push({ orderNo: await newApprovedOrder(server.base, 0), cents: 0 })
    const confirm = async (order) => {
      const { payout } = await ops(server.base, '/ops-api/orders/payout-request', { orderNo: order.orderNo }, financeA)
      await ops(server.base, '/ops-api/orders/payout-confirm', { requestId: payout.id }, financeB)
    }
    const half = Math.ceil(count / 2)
    for (const order of orders.slice(0, half)) await confirm(order)
    await sleep(300)
    kills.push({ when: 'halfway through the confirmations', inFlight: await inFlight(db) })
    await server.kill9()
    server = spawnServer(port, env)
    await server.ready()
    // the next sends meet a slow Xendit, then two 500s after the payout was made (answers lost)
    await xendit.slowNext(1_500, 3)
    await xendit.failNext(500, { afterProcessing: true, times: 2 })
    for (const order of orders.slice(half)) await confirm(order)
    await sleep(200)
    kills.push({ when: 'while the rest were sent and finished at Xendit', inFlight: await inFlight(db) })
    await server.kill9()
    server = spawnServer(port, env)
    await server.ready()

    const until = Date.now() + SETTLE_MS
    while (Date.now() < until && (await inFlight(db)) > 0) await sleep(1_000)
    await finisher.stop()
    const outcome = await checkXenditPayouts(db, orders, xendit)
    return { scenario: 'xendit payouts: server killed twice', count, kills, ...outcome }
  } finally {
    await finisher.stop()
    if (server.alive()) await server.kill9()
    await db.end().catch(() => {})
  }
}
