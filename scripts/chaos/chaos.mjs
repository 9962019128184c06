// Money under faults (docs/decisions/0012-payment-gateway.md#faults): the built server on its own
// PostgreSQL cluster (cluster.mjs), a burst of signed callbacks as the sandbox gateway sends them,
// and in the middle of it
//   1. the server killed (SIGKILL) and started again,
//   2. PostgreSQL stopped with -m immediate and started again,
// then the gateway retrying what was not acknowledged, with some duplicates; and
//   3. the same callback 20 times at once, the same card confirm 20 times at once.
// After each, the ledger is checked in SQL (invariants.mjs): every payment applied exactly once, a
// payment's entries summing to its amount, an order's paid moving by its payments, its state
// explained by them. It prints the figures and exits 1 when an invariant broke or a target was
// missed (the dead process's claimed payments applied within 5 s of its restart), 2 when it
// cannot run. Bounded: at most MAX_COUNT callbacks and MAX_RUNS runs, and an overall time limit.
//
//   4. payouts confirmed while the server is killed twice (payouts.mjs): one payout per request at
//      the sandbox, each order paid out once, when its payout completed.
//   5. the kill of 1. and the 20 copies of 3. with Xendit as Indonesia's gateway (xendit.mjs): its
//      fake a process of its own, the server issuing its accounts there, the fake paying them and
//      posting Xendit's callbacks (token header, Xendit's body) while the server is killed, then
//      redelivering what failed and some that did not; the same checks, and the fake's money in
//      (one transaction per account) equal to the payments the ledger holds.
// Usage: npm run chaos [-- --small] [--count 500] [--runs 3] [--only kill|postgres|concurrent|payouts|xendit] [--port 8160]
// CHAOS_LOG=<file> appends the servers' own log there; CHAOS_DEBUG=1 prints each failed post.
// Needs the server build (npm run build -w apps/server: done here when missing, but after a change
// to the server build it again, or this runs the old one), PostgreSQL 15
// with pg_createcluster, and root or the postgres user to create and stop the cluster. Loopback only.
import { spawnSync } from 'node:child_process'
import { existsSync, openSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { CALLBACK_PATH, callbackOf, newCallbackSecret, signedHeaders } from '../bench/gateway.mjs'
import { CannotRun, ROOT, SERVER_ENTRY, numberOption, parseOptions, spawnProcess } from '../bench/process.mjs'
import { DATABASE_URL, ensureCluster, crashCluster, startCluster } from './cluster.mjs'
import { checkInvariants, snapshotOrders } from './invariants.mjs'
import { payoutScenario, printPayouts, xenditPayoutScenario } from './payouts.mjs'
import { startXendit } from './xendit.mjs'

const MAX_COUNT = 2_000
const MAX_RUNS = 5
const SECRET = newCallbackSecret()
const SESSION = 'demo-borrower'
const SESSION_PHONE = '+6281234567890'
const CARD_PREFIX = '/api/v1/lender/lender-api/service/loan'
/** The promise to the borrower (docs/product/repayment.md#webhook-and-payment-inbox): paid within 5 s. */
const APPLIED_TARGET_MS = 5_000
const CONCURRENCY = 50
/** The fault comes once this share of the burst has been acknowledged. */
const FAULT_AT = 0.4
/** How long PostgreSQL stays down. */
const PG_DOWN_MS = 2_000
/** Every fifth acknowledged callback is sent again after the fault: the gateway's duplicates. */
const DUPLICATE_EVERY = 5
const WAIT_APPLIED_MS = 60_000
const POST_TIMEOUT_MS = 5_000
const SCENARIOS = ['kill', 'postgres', 'concurrent', 'payouts', 'xendit', 'xendit-payouts']

function options() {
  const values = parseOptions({
    options: {
      small: { type: 'boolean', default: false },
      count: { type: 'string' },
      runs: { type: 'string' },
      port: { type: 'string', default: '8160' },
      only: { type: 'string' },
    },
  })
  const small = values.small
  const count = values.count === undefined ? (small ? 100 : 500) : numberOption(values, 'count', 20, { whole: true })
  const runs = values.runs === undefined ? (small ? 1 : 3) : numberOption(values, 'runs', 1, { whole: true })
  if (count > MAX_COUNT) throw new CannotRun(`--count is at most ${MAX_COUNT}`)
  if (runs > MAX_RUNS) throw new CannotRun(`--runs is at most ${MAX_RUNS}`)
  const port = numberOption(values, 'port', 1024, { whole: true })
  // three scenarios a run; a generous allowance per callback for preparing accounts on a busy machine
  // the payout scenario waits out the outbox's 60-s lease of the payouts a killed server held
  const payoutsMs = (values.only === undefined || values.only === 'payouts' ? 240_000 : 0) + ((values.only === undefined && !small) || values.only === 'xendit-payouts' ? 240_000 : 0)
  // the Xendit scenario: its fake's start (tsx) and a kill run, each run
  const xenditMs = values.only === undefined || values.only === 'xendit' ? runs * (60_000 + count * 100) : 0
  const limitMs = (small ? 120_000 : Math.min(30 * 60_000, 60_000 + runs * (60_000 + count * 150))) + payoutsMs + xenditMs
  if (values.only !== undefined && !SCENARIOS.includes(values.only)) throw new CannotRun(`--only is ${SCENARIOS.slice(0, -1).join(', ')} or ${SCENARIOS.at(-1)}`)
  return { small, count, runs, port, limitMs, only: values.only }
}

// ---------------------------------------------------------------------------------------------
// The server

const runStarted = Date.now()
/** A line of progress, with the time since the run started. */
const step = (what) => console.log(`  ${((Date.now() - runStarted) / 1000).toFixed(1).padStart(6)} s  ${what}`)

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** The built server on the loopback port, demo data, its jobs at their usual interval; `gateway.env` on top. */
function spawnServer(port, gateway = SANDBOX) {
  const env = { DATABASE_URL, DEMO_MODE: '1', PAYMENT_CALLBACK_SECRET: SECRET, LOG_LEVEL: process.env.CHAOS_LOG ? 'info' : 'warn', ...gateway.env }
  // CHAOS_LOG=<file>: the servers' own log, appended there, to see why a run failed
  const log = process.env.CHAOS_LOG ? openSync(process.env.CHAOS_LOG, 'a') : undefined
  return spawnProcess(SERVER_ENTRY, { env, name: 'the server', removeEnv: ['DATA_DIR', 'JOB_INTERVAL_SECONDS'], port, log })
}

/** An empty database: the server migrates and seeds it as it starts. */
async function resetDatabase(db) {
  await db.query('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;')
}

// ---------------------------------------------------------------------------------------------
// The borrower's and the gateway's calls

async function call(base, path, form, method = 'POST') {
  const query = method === 'GET' ? `&${new URLSearchParams(form)}` : ''
  const response = await fetch(`${base}${path}?tok=${SESSION}${query}`, {
    method,
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
    ...(method === 'POST' ? { body: new URLSearchParams(form).toString() } : {}),
  })
  const body = await response.json().catch(() => undefined)
  return { status: response.status, body }
}

async function callOk(base, path, form, method) {
  const { status, body } = await call(base, path, form, method)
  if (body?.code !== 0) throw new CannotRun(`${path} answered ${status} ${JSON.stringify(body)?.slice(0, 200)}`)
  return body.data
}

async function pool(count, concurrency, task) {
  let next = 0
  const worker = async () => {
    while (next < count) await task(next++)
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker))
}

/** A fresh due order of the demo borrower and an account for all it owes. */
async function newAccount(base) {
  const { orderNo } = await callOk(base, '/h5-api/v3/demo/new-order', { kind: 'due' })
  const account = await callOk(base, '/h5-api/v3/loan-details/generate-vcode', { orderId: orderNo, payCode: 'BCA', pay_type: '1' })
  return { orderNo, ...account }
}

/** Signed as the sandbox signs, with the time of sending: 'new', 'duplicate' or 'failed'. */
async function post(base, body) {
  try {
    const response = await fetch(`${base}${CALLBACK_PATH}`, {
      method: 'POST',
      headers: signedHeaders(body, SECRET),
      body,
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
    })
    const answer = await response.json().catch(() => undefined)
    if (!response.ok || answer?.code !== 0) {
      if (process.env.CHAOS_DEBUG) console.log(response.status, JSON.stringify(answer))
      return 'failed'
    }
    return answer.data?.duplicate ? 'duplicate' : 'new'
  } catch (error) {
    if (process.env.CHAOS_DEBUG) console.log(error.message, error.cause?.message)
    return 'failed'
  }
}

/**
 * A gateway as the scenarios play it: the server's environment for it, the callbacks of fresh
 * accounts, and one delivery of a callback ('new', 'duplicate' or 'failed'). A callback's `id` is
 * the gateway's payment id, which the inbox and the payments are stored by: the sandbox's is ours
 * to choose, Xendit's is known once its fake has taken the payment (the first delivery).
 */
const SANDBOX = {
  name: 'sandbox',
  env: {},
  callbacksOf: (accounts) => accounts.map((account) => ({ ...callbackOf(account, 'chaos_pay'), acked: false })),
  deliver: (base, c) => post(base, c.body),
}

/**
 * Xendit's fake behind the same three: it posts the callback to the server itself. `check` adds
 * what only the provider's side shows: each account issued there once, paid there once, and the
 * money it took in equal to the payments the server recorded from it.
 */
function xenditGateway(xendit) {
  return {
    name: 'xendit',
    env: xendit.env,
    xendit,
    callbacksOf: (accounts) => accounts.map((account) => ({ account, id: null, acked: false })),
    async deliver(_base, c) {
      // by the account's number: our references start again at 1 with each fresh database
      const { outcome, id } = await xendit.pay(c.account.vcode)
      c.id ??= id
      return outcome
    },
    async check(db, { accounts }) {
      const broken = []
      const state = await xendit.state()
      const refs = new Set(accounts.map((a) => String(a.accountId)))
      const issued = state.accounts.filter((a) => refs.has(a.externalId))
      if (issued.length !== accounts.length) broken.push(`${issued.length} accounts issued at Xendit for ${accounts.length} asked`)
      const moneyIn = state.transactions.filter((t) => t.type === 'PAYMENT' && refs.has(t.reference_id))
      if (moneyIn.length !== accounts.length) broken.push(`${moneyIn.length} payments at Xendit for ${accounts.length} accounts paid`)
      const { rows } = await db.query("select count(*)::int as n, coalesce(sum(amount), 0)::bigint as cents from payments where gateway = 'xendit' and gateway_payment_id = any($1)", [moneyIn.map((t) => t.product_id)])
      const rupiah = moneyIn.reduce((sum, t) => sum + t.amount, 0)
      if (rows[0].n !== moneyIn.length || Number(rows[0].cents) !== rupiah * 100) broken.push(`Xendit took in ${moneyIn.length} payments of ${rupiah} IDR; the ledger holds ${rows[0].n} of ${Number(rows[0].cents) / 100} IDR`)
      return broken
    },
  }
}

/** A fresh Xendit fake (its own process, fresh keys) for one scenario, stopped after it. */
async function withXendit(opts, task) {
  const xendit = await startXendit(opts.port)
  step(`Xendit fake at ${xendit.url}`)
  try {
    return await task(xenditGateway(xendit))
  } finally {
    await xendit.stop()
  }
}

// ---------------------------------------------------------------------------------------------
// The scenarios

/** Fresh database, server, `count` accounts and their callbacks. */
async function prepare(db, opts, gateway = SANDBOX) {
  await resetDatabase(db)
  const server = spawnServer(opts.port, gateway)
  await server.ready()
  const accounts = new Array(opts.count)
  await pool(opts.count, 4, async (i) => {
    accounts[i] = await newAccount(server.base)
  })
  const callbacks = gateway.callbacksOf(accounts)
  const before = await snapshotOrders(db, accounts.map((a) => a.orderNo))
  step(`${opts.count} accounts prepared`)
  return { server, accounts, callbacks, before }
}

/**
 * The burst: every callback once, CONCURRENCY in flight; `fault` runs (not awaited by the burst)
 * once FAULT_AT of them are acknowledged, and the burst goes on against whatever it left.
 */
async function burst(base, callbacks, fault, gateway = SANDBOX) {
  let acked = 0
  let faulted
  const threshold = Math.floor(callbacks.length * FAULT_AT)
  await pool(callbacks.length, CONCURRENCY, async (i) => {
    const c = callbacks[i]
    const outcome = await gateway.deliver(base, c)
    if (outcome === 'failed') return
    c.acked = true
    acked += 1
    if (acked === threshold) faulted = fault()
  })
  step(`burst sent: ${acked} acknowledged`)
  await faulted
  return { ackedBefore: callbacks.filter((c) => c.acked).length }
}

/** The gateway's retries of what was not acknowledged, and copies of some that were. */
async function retry(base, callbacks, deadline, gateway = SANDBOX) {
  const duplicates = callbacks.filter((c, i) => c.acked && i % DUPLICATE_EVERY === 0)
  let retried = 0
  let rounds = 0
  const dupOutcomes = []
  await pool(duplicates.length, CONCURRENCY, async (i) => {
    dupOutcomes.push(await gateway.deliver(base, duplicates[i]))
  })
  step(`${duplicates.length} duplicates sent`)
  for (;;) {
    const waiting = callbacks.filter((c) => !c.acked)
    if (waiting.length === 0) break
    if (Date.now() > deadline) throw new CannotRun(`${waiting.length} callbacks still not acknowledged`)
    retried += waiting.length
    await pool(waiting.length, CONCURRENCY, async (i) => {
      if ((await gateway.deliver(base, waiting[i])) !== 'failed') waiting[i].acked = true
    })
    const acknowledged = waiting.filter((c) => c.acked).length
    // while the server or the database is still away, a line every few seconds is enough
    if (acknowledged > 0 || rounds++ % 10 === 0) step(`retried ${waiting.length}: ${acknowledged} acknowledged`)
    if (callbacks.some((c) => !c.acked)) await sleep(250)
  }
  return { retried, duplicates: duplicates.length, duplicatesNew: dupOutcomes.filter((o) => o === 'new').length }
}

/** Waits until every callback's event is applied; the last applied_at. */
async function waitApplied(db, ids) {
  const deadline = Date.now() + WAIT_APPLIED_MS
  for (;;) {
    const { rows } = await db.query(
      'select count(*) filter (where applied_at is not null)::int as applied, max(applied_at) as last from payment_inbox where gateway_payment_id = any($1)',
      [ids],
    )
    if (rows[0].applied === ids.length) return rows[0].last.getTime()
    if (Date.now() > deadline) return null
    await sleep(50)
  }
}

/** Callbacks acknowledged before the fault that the inbox does not hold: an answer that lied. */
async function lostAcks(db, callbacks) {
  const acked = callbacks.filter((c) => c.acked).map((c) => c.id)
  const { rows } = await db.query('select count(*)::int as stored from payment_inbox where gateway_payment_id = any($1)', [acked])
  return acked.length - rows[0].stored
}

/** The inbox rows a process held at the fault: unapplied, their next attempt still ahead (a lease). */
async function claimedRows(db, ids) {
  const { rows } = await db.query('select gateway_payment_id, next_attempt_at from payment_inbox where gateway_payment_id = any($1) and applied_at is null and next_attempt_at > now()', [ids])
  if (process.env.CHAOS_DEBUG) step(`claimed ${rows.length}, lapsing at ${rows.map((r) => r.next_attempt_at.getTime() % 100_000).join(' ')}; ${Date.now() % 100_000} now`)
  return rows.map((r) => r.gateway_payment_id)
}

async function lastApplied(db, ids) {
  if (ids.length === 0) return null
  const { rows } = await db.query('select max(applied_at) as last from payment_inbox where gateway_payment_id = any($1)', [ids])
  return rows[0].last?.getTime() ?? null
}

/**
 * After a fault: the gateway retries what was not acknowledged (and resends some that were), then
 * the ledger is checked. `since` is the restart the times count from; `claimed` what the failed
 * side held; `lost` the acknowledged callbacks that were not stored.
 */
async function afterFault(db, base, prepared, { scenario, claimed, lost, ackedBefore, since, startMs, deadline, gateway = SANDBOX }) {
  const { callbacks, accounts, before } = prepared
  const retried = await retry(base, callbacks, deadline, gateway)
  const ids = callbacks.map((c) => c.id)
  const allApplied = await waitApplied(db, ids)
  const claimedApplied = await lastApplied(db, claimed)
  const broken = await checkInvariants(db, { ids, accounts, before })
  if (lost > 0) broken.push(`${lost} callbacks acknowledged before the fault but not stored`)
  if (retried.duplicatesNew > 0) broken.push(`${retried.duplicatesNew} duplicates of acknowledged callbacks taken as new`)
  if (allApplied === null) broken.push(`not every payment applied within ${WAIT_APPLIED_MS / 1000} s`)
  return {
    scenario,
    count: callbacks.length,
    ackedBefore,
    claimed: claimed.length,
    ...retried,
    startMs,
    claimedAppliedMs: claimedApplied === null ? null : claimedApplied - since,
    allAppliedMs: allApplied === null ? null : allApplied - since,
    broken,
  }
}

/** `then(base)`, when given, runs against the restarted server once the scenario's checks are done. */
async function killScenario(db, opts, deadline, gateway = SANDBOX, then = undefined) {
  const prepared = await prepare(db, opts, gateway)
  const { server, callbacks } = prepared
  const { ackedBefore } = await burst(
    server.base,
    callbacks,
    async () => {
      await server.kill9()
    },
    gateway,
  )
  const claimed = await claimedRows(db, callbacks.map((c) => c.id))
  const lost = await lostAcks(db, callbacks)
  const restarted = spawnServer(opts.port, gateway)
  try {
    const readyAt = await restarted.ready()
    if (process.env.CHAOS_DEBUG) step(`restarted at ${restarted.spawnedAt % 100_000}, ready at ${readyAt % 100_000}`)
    const since = restarted.spawnedAt
    const scenario = gateway === SANDBOX ? 'server killed (SIGKILL)' : `${gateway.name}: server killed (SIGKILL)`
    const outcome = await afterFault(db, restarted.base, prepared, { scenario, claimed, lost, ackedBefore, since, startMs: readyAt - since, deadline, gateway })
    if (gateway.check) outcome.broken.push(...(await gateway.check(db, prepared)))
    const after = then ? await then(restarted.base) : []
    return [{ ...outcome, target: claimed.length > 0 }, ...after]
  } finally {
    await restarted.stop()
  }
}

async function postgresScenario(db, opts, deadline) {
  const prepared = await prepare(db, opts)
  const { server, callbacks } = prepared
  try {
    let upAt = 0
    const { ackedBefore } = await burst(server.base, callbacks, async () => {
      crashCluster()
      await sleep(PG_DOWN_MS)
      startCluster()
      upAt = Date.now()
    })
    // the checking connection was cut with the others
    const checker = new pg.Pool({ connectionString: DATABASE_URL, max: 2 })
    checker.on('error', () => {})
    try {
      await waitConnectable(checker)
      const claimed = await claimedRows(checker, callbacks.map((c) => c.id))
      const lost = await lostAcks(checker, callbacks)
      const outcome = await afterFault(checker, server.base, prepared, { scenario: 'PostgreSQL stopped -m immediate', claimed, lost, ackedBefore, since: upAt, startMs: null, deadline })
      if (!server.alive()) outcome.broken.push('the server exited when PostgreSQL went away')
      return { ...outcome, target: false }
    } finally {
      await checker.end()
    }
  } finally {
    await server.stop()
  }
}

async function waitConnectable(db) {
  const until = Date.now() + 30_000
  for (;;) {
    try {
      await db.query('select 1')
      return
    } catch (error) {
      if (Date.now() > until) throw new CannotRun(`PostgreSQL did not come back: ${error.message}`)
      await sleep(100)
    }
  }
}

/** 20 copies of one callback at once, and 20 copies of one card confirm at once. */
async function concurrentScenario(db, opts) {
  const { server, callbacks, accounts, before } = await prepare(db, { ...opts, count: 1 })
  try {
    const broken = []
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => post(server.base, callbacks[0].body)))
    const fresh = outcomes.filter((o) => o === 'new').length
    const dup = outcomes.filter((o) => o === 'duplicate').length
    if (fresh !== 1 || dup !== 19) broken.push(`20 identical callbacks: ${fresh} new, ${dup} duplicates (want 1 and 19)`)

    // the card flow: a fresh order, a record and its SMS code, then 20 confirms with them at once
    const { orderNo } = await callOk(server.base, '/h5-api/v3/demo/new-order', { kind: 'due' })
    const way = await callOk(server.base, `${CARD_PREFIX}/repayment-way`, { orderId: orderNo })
    const commit = await callOk(server.base, `${CARD_PREFIX}/repayment-commit`, { orderId: orderNo, amount: way.amount, cardId: way.bankCards[0].id, repayToken: way.repayToken, sendMsg: 1 })
    const { code } = await callOk(server.base, '/h5-api/v3/demo/last-sms', { phone: SESSION_PHONE, purpose: 'repay' }, 'GET')
    const confirms = await Promise.all(
      Array.from({ length: 20 }, () => call(server.base, `${CARD_PREFIX}/repayment-confirm`, { orderId: orderNo, verifyCode: code, repaymentRecordId: commit.repayRecordId })),
    )
    const codes = confirms.map((c) => c.body?.code)
    const won = codes.filter((c) => c === 0).length
    const twice = codes.filter((c) => c === 800005).length
    if (won !== 1 || twice !== 19) broken.push(`20 identical confirms: ${won} charged, ${twice} answered 800005 (want 1 and 19)`)

    const ids = callbacks.map((c) => c.id)
    if ((await waitApplied(db, ids)) === null) broken.push('the callback was not applied')
    broken.push(...(await checkInvariants(db, { ids, accounts, before })))
    // the confirm's charge reaches the webhook through the server's own sandbox deliverer
    const cardPaid = await waitCardPayment(db, orderNo)
    if (cardPaid.payments !== 1) broken.push(`the confirmed order has ${cardPaid.payments} payments (want 1)`)
    if (!cardPaid.balanced) broken.push('the confirmed order is not settled by its payment, or its entries do not sum to it')
    return { scenario: '20 callbacks / 20 confirms at once', count: 20, broken, fresh, dup, won, twice }
  } finally {
    await server.stop()
  }
}

/**
 * Xendit delivering one payment's callback 20 times at once, on a running server (the kill
 * scenario's, once restarted: no server or fake to start again): one payment, 19 duplicates.
 */
async function xenditConcurrent(db, base, gateway) {
  const account = await newAccount(base)
  const accounts = [account]
  const [callback] = gateway.callbacksOf(accounts)
  const before = await snapshotOrders(db, [account.orderNo])
  const broken = []
  const outcomes = await Promise.all(Array.from({ length: 20 }, () => gateway.deliver(base, callback)))
  const fresh = outcomes.filter((o) => o === 'new').length
  const dup = outcomes.filter((o) => o === 'duplicate').length
  if (fresh !== 1 || dup !== 19) broken.push(`20 identical callbacks: ${fresh} new, ${dup} duplicates (want 1 and 19)`)
  const ids = [callback.id]
  if ((await waitApplied(db, ids)) === null) broken.push('the callback was not applied')
  broken.push(...(await checkInvariants(db, { ids, accounts, before })))
  broken.push(...(await gateway.check(db, { accounts })))
  return { scenario: 'xendit: 20 callbacks at once', count: 20, broken, fresh, dup }
}

async function waitCardPayment(db, orderNo) {
  const until = Date.now() + 20_000
  for (;;) {
    const { rows } = await db.query(
      `select (select count(*)::int from payments p where p.order_id = o.id) as payments,
              o.status = 200 and o.paid = o.total_repay + o.penalty
                and (select coalesce(sum(l.amount), 0) from ledger_entries l where l.order_id = o.id) = (select coalesce(sum(p.amount), 0) from payments p where p.order_id = o.id) as balanced
       from orders o where o.order_no = $1`,
      [orderNo],
    )
    if (rows[0].payments > 0 || Date.now() > until) return rows[0]
    await sleep(100)
  }
}

// ---------------------------------------------------------------------------------------------
// The report

const seconds = (ms) => (ms === null || ms === undefined ? '-' : `${(ms / 1000).toFixed(1)} s`)

function printTable(results) {
  const header = ['scenario', 'callbacks', 'acked before', 'claimed at fault', 'retried', 'duplicates', 'server up', 'claimed applied', 'all applied', 'invariants']
  const rows = results.map((r) =>
    r.fresh === undefined
      ? [r.scenario, r.count, r.ackedBefore, r.claimed, r.retried, r.duplicates, seconds(r.startMs), seconds(r.claimedAppliedMs), seconds(r.allAppliedMs), r.broken.length === 0 ? 'ok' : 'BROKEN']
      : [r.scenario, `${r.fresh} new + ${r.dup} dup`, '-', '-', '-', '-', '-', r.won === undefined ? '-' : `confirms ${r.won} ok + ${r.twice} 800005`, '-', r.broken.length === 0 ? 'ok' : 'BROKEN'],
  )
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => String(row[i]).length)))
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ')
  console.log(`\n${line(header)}`)
  for (const row of rows) console.log(line(row))
  console.log('\nTimes from the restarted server\'s start (SIGKILL) or from PostgreSQL\'s start (-m immediate): "claimed applied" is the')
  console.log(`last of the payments the failed process had claimed; target ${APPLIED_TARGET_MS / 1000} s after a server restart.`)
}

async function main() {
  const opts = options()
  const started = performance.now()
  const timer = setTimeout(() => {
    console.error(`chaos: over its time limit of ${opts.limitMs / 1000} s`)
    startClusterQuietly()
    process.exit(1)
  }, opts.limitMs)
  if (!existsSync(SERVER_ENTRY)) {
    console.log('No server build: running npm run build -w apps/server first.')
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: ROOT, stdio: 'inherit' })
    if (build.status !== 0) throw new CannotRun('the server build failed')
  }
  ensureCluster()
  const db = new pg.Pool({ connectionString: DATABASE_URL, max: 2 })
  db.on('error', () => {})
  const deadline = Date.now() + opts.limitMs
  const results = []
  const payoutResults = []
  console.log(`chaos: ${opts.count} callbacks, ${opts.runs} run(s) of each fault, server on 127.0.0.1:${opts.port}, PostgreSQL ${DATABASE_URL.replace(/\/\/[^@]*@/, '//***@')}`)
  try {
    for (let run = 1; run <= opts.runs; run++) {
      if (!opts.only || opts.only === 'kill') {
        console.log(`run ${run}: server killed mid-burst…`)
        results.push(...(await killScenario(db, opts, deadline)))
      }
      if (!opts.only || opts.only === 'postgres') {
        console.log(`run ${run}: PostgreSQL stopped mid-burst…`)
        results.push(await postgresScenario(db, opts, deadline))
      }
      if (!opts.only || opts.only === 'xendit') {
        console.log(`run ${run}: Xendit's fake paying, server killed mid-burst${run === 1 ? ', then 20 identical callbacks' : ''}…`)
        const concurrent = (gateway) => (run === 1 ? async (base) => [await xenditConcurrent(db, base, gateway)] : undefined)
        results.push(...(await withXendit(opts, (gateway) => killScenario(db, opts, deadline, gateway, concurrent(gateway)))))
      }
    }
    if (!opts.only || opts.only === 'concurrent') {
      console.log('20 identical callbacks and 20 identical confirms…')
      results.push(await concurrentScenario(db, opts))
    }
    // payouts: their own table of figures (printPayouts)
    if (!opts.only || opts.only === 'payouts') {
      console.log('payouts: server killed while payouts are confirmed, sent and completed…')
      payoutResults.push(await payoutScenario(db, { port: opts.port, count: opts.small ? 16 : 40 }, resetDatabase))
    }
    // Xendit's payouts: the full run's (its time is the sandbox payouts' again), or on their own
    if ((!opts.only && !opts.small) || opts.only === 'xendit-payouts') {
      console.log('Xendit payouts: server killed while payouts are confirmed, sent and finished at Xendit…')
      payoutResults.push(await withXendit(opts, (gateway) => xenditPayoutScenario(db, { port: opts.port, count: opts.small ? 10 : 30 }, resetDatabase, gateway.xendit)))
    }
  } finally {
    await db.end().catch(() => {})
    clearTimeout(timer)
  }
  if (results.length > 0) printTable(results)
  for (const r of payoutResults) printPayouts(r)
  const failures = payoutResults.flatMap((r) => r.broken.map((b) => `${r.scenario}: ${b}`))
  for (const r of results) {
    for (const b of r.broken) failures.push(`${r.scenario}: ${b}`)
    if (r.target && (r.claimedAppliedMs === null || r.claimedAppliedMs > APPLIED_TARGET_MS)) failures.push(`${r.scenario}: claimed payments applied ${seconds(r.claimedAppliedMs)} after the restart (target ${APPLIED_TARGET_MS / 1000} s)`)
  }
  console.log(`\n${results.length + payoutResults.length} scenarios in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  if (failures.length > 0) {
    console.log(`FAILED:\n  ${failures.join('\n  ')}`)
    return 1
  }
  console.log('every invariant held')
  return 0
}

function startClusterQuietly() {
  try {
    startCluster()
  } catch {
    // reported by the run itself
  }
}

try {
  process.exitCode = await main()
} catch (error) {
  startClusterQuietly()
  console.error(error instanceof CannotRun ? error.message : error)
  process.exitCode = error instanceof CannotRun ? 2 : 1
}
