// The console at a million orders (docs/performance/console-at-scale.md): on a PostgreSQL database
// seeded with two years of a lender's book (ops-seed.mjs: 1,000,000 orders, 100,000 complaints,
// 2,000,000 ledger entries by default), each console screen's calls through the built server's HTTP
// API, one request at a time, as a signed-in staff member of the call's role. Warm-up requests
// first, then N of each; it prints p50, p95, p99 and max per call and exits 1 when a p99 reaches
// the target (100 ms), unless --no-fail.
//
// The seed stays in the database (a marker table holds its sizes), so a second run measures at
// once; --reseed (or other sizes) seeds again. The server's start applies the migrations, so a
// run of a newer build measures with its indexes.
//
//   npm run bench:ops [-- --requests 200 --warmup 20 --calls "review queue,order screen"]
//   npm run bench:ops -- --reseed [--orders 1000000 --complaints 100000 --ledger 2000000]
//   DATABASE_URL=postgres://…/kilat_benchops npm run bench:ops   (the name must contain "bench")
//   npm run bench:ops -- --server other/dist/server.js            (another build of the server)
//   npm run bench:ops -- --no-fail                               (print, exit 0 whatever the figures)
import path from 'node:path'
import { signInDemoStaff } from './demo.mjs'
import { DEFAULT_PG_URL, emptyDatabase, preparePostgres } from './database.mjs'
import { seedBook, seededSizes, seedFunnel } from './ops-seed.mjs'
import { CannotRun, numberOption, SERVER_ENTRY, parseOptions, startProcess } from './process.mjs'

const opts = parseOptions({
  options: {
    orders: { type: 'string', default: '1000000' },
    complaints: { type: 'string', default: '100000' },
    ledger: { type: 'string', default: '2000000' },
    requests: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '20' },
    calls: { type: 'string' },
    reseed: { type: 'boolean', default: false },
    'no-fail': { type: 'boolean', default: false },
    server: { type: 'string', default: SERVER_ENTRY },
  },
})
const ORDERS = numberOption(opts, 'orders', 1000, { whole: true })
const SIZES = {
  orders: ORDERS,
  // two and a half orders a borrower, as a lender's book of returning borrowers has
  borrowers: Math.ceil(ORDERS / 2.5),
  complaints: numberOption(opts, 'complaints', 10, { whole: true }),
  ledger: numberOption(opts, 'ledger', 10, { whole: true }),
}
const REQUESTS = numberOption(opts, 'requests', 1, { whole: true })
const WARMUP = numberOption(opts, 'warmup', 0, { whole: true })
const URL_ = process.env.DATABASE_URL ?? DEFAULT_PG_URL.replace('kilat_bench', 'kilat_benchops')
const TARGET_P99_MS = 100
/** The demo's staff member of each role (docs/product/operations.md#demo-accounts), every market theirs. */
const STAFF = {
  risk: 'risk@demo.kilat.example.com',
  finance: 'finance.a@demo.kilat.example.com',
  agent: 'agent@demo.kilat.example.com',
  collector: 'collector@demo.kilat.example.com',
  admin: 'admin@demo.kilat.example.com',
}

/**
 * Every console screen's calls, one row each: the role that makes it and its address from the
 * samples (`s`, picked from the seed) and the request's number `n` (to go through the samples, so
 * that a call is not measured on one record the database has cached). A new call is one row.
 */
const CALLS = [
  // the review and disbursement queues (docs/product/operations.md#review-queue, #disbursement)
  { name: 'review queue', role: 'risk', path: () => '/ops-api/orders/review-queue' },
  { name: 'review queue, ID', role: 'risk', path: () => '/ops-api/orders/review-queue?market=ID' },
  { name: 'review queue, page 2', role: 'risk', needs: 'reviewCursor', path: (s) => `/ops-api/orders/review-queue?cursor=${s.reviewCursor}` },
  { name: 'payout queue', role: 'finance', path: () => '/ops-api/orders/payout-queue' },
  { name: 'waivers and refunds queue', role: 'finance', path: () => '/ops-api/adjustments/queue' },
  // the complaint desk: the open work first, then every status, then the overdue replies
  { name: 'complaints, open', role: 'agent', path: () => '/ops-api/complaints/queue?status=processing' },
  { name: 'complaints, all', role: 'agent', path: () => '/ops-api/complaints/queue' },
  { name: 'complaints, reply overdue', role: 'agent', path: () => '/ops-api/complaints/queue?due=overdue' },
  { name: 'complaints, nobody\'s', role: 'agent', path: () => '/ops-api/complaints/queue?status=processing&assignee=nobody' },
  { name: 'complaint', role: 'agent', path: (s, n) => `/ops-api/complaints/detail?complaintId=${pick(s.complaints, n)}` },
  // collections (docs/product/collections.md)
  { name: 'collections buckets', role: 'collector', path: () => '/ops-api/collections/buckets' },
  { name: 'collections 1-30', role: 'collector', path: () => '/ops-api/collections/queue?market=ID&bucket=d1_30' },
  { name: 'collections 31-60', role: 'collector', path: () => '/ops-api/collections/queue?market=ID&bucket=d31_60' },
  { name: 'collections 61-90', role: 'collector', path: () => '/ops-api/collections/queue?market=ID&bucket=d61_90' },
  { name: 'collections 90+', role: 'collector', path: () => '/ops-api/collections/queue?market=ID&bucket=d90_plus' },
  { name: 'collections, all', role: 'collector', path: () => '/ops-api/collections/queue?market=ID' },
  // the search and the order screen (docs/product/operations.md#order-search-and-order-screen)
  { name: 'search by phone', role: 'agent', path: (s, n) => `/ops-api/orders/search?q=${encodeURIComponent(pick(s.phones, n))}` },
  { name: 'search by order number', role: 'agent', path: (s, n) => `/ops-api/orders/search?q=${pick(s.orderNos, n)}` },
  { name: 'order screen', role: 'agent', path: (s, n) => `/ops-api/orders/order?orderNo=${pick(s.orderNos, n)}` },
  { name: 'order screen: adjustments', role: 'agent', path: (s, n) => `/ops-api/adjustments/order?orderNo=${pick(s.orderNos, n)}` },
  { name: 'order screen: contacts', role: 'agent', path: (s, n) => `/ops-api/collections/contacts?orderNo=${pick(s.orderNos, n)}` },
  // the money desk's day (docs/product/operations.md#reconciliation, #payments-desk)
  { name: 'reconciliation day', role: 'finance', path: (s) => `/ops-api/payments/recon-day?market=ID&day=${s.day}` },
  { name: 'reconciliation differences', role: 'finance', path: (s) => `/ops-api/payments/differences?market=ID&day=${s.day}&status=open` },
  { name: 'payments inbox', role: 'finance', path: (s) => `/ops-api/payments/inbox?market=ID&day=${s.day}` },
  { name: 'payments callbacks', role: 'finance', path: (s) => `/ops-api/payments/callbacks?market=ID&day=${s.day}` },
  { name: 'payments ledger', role: 'finance', path: (s) => `/ops-api/payments/ledger?market=ID&day=${s.day}` },
  // the dashboard (docs/product/operations.md#dashboard) and the audit trail
  { name: 'dashboard', role: 'admin', path: () => '/ops-api/orders/dashboard' },
  { name: 'audit trail', role: 'admin', path: () => '/ops-api/audit/entries' },
  // the registration funnel (docs/product/registration-funnel.md): 30 days, then one landing page's
  { name: 'funnel, 30 days', role: 'admin', path: (s) => `/ops-api/funnel?market=ID&from=${s.monthAgo}&to=${s.day}` },
  { name: 'funnel, 30 days, one page', role: 'admin', path: (s) => `/ops-api/funnel?market=ID&from=${s.monthAgo}&to=${s.day}&templateId=${s.templateId}` },
  // the lender's health screen (docs/product/operations.md#health): it reads the database figures at most every 5 s
  { name: 'health', role: 'admin', path: () => '/ops-api/health' },
  // Prometheus's scrape (docs/operations/metrics.md): the last values the background refresh read; target 50 ms
  { name: 'metrics scrape', role: 'scrape', target: 50, path: () => '/metrics' },
]

/** The scrape's bearer token (METRICS_TOKEN of the server this benchmark starts). */
const METRICS_TOKEN = 'bench-metrics-token-0123456789abcdefghijklmnop'

const pick = (list, n) => list[n % list.length]

/** Waits for the server's first background read of the metrics' database figures; answers its time. */
async function firstRefreshMs(base) {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text()
    const sum = /^kilat_job_duration_seconds_sum\{job="metrics refresh",outcome="ok"\} (\S+)$/m.exec(text)
    const count = /^kilat_job_duration_seconds_count\{job="metrics refresh",outcome="ok"\} (\S+)$/m.exec(text)
    if (sum && count && Number(count[1]) > 0) return Math.round((Number(sum[1]) / Number(count[1])) * 1000)
    if (/job="metrics refresh",outcome="failed"/.test(text)) throw new CannotRun('the metrics refresh failed: see the server log')
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new CannotRun('the metrics refresh did not finish within 120 s')
}
const ms = (value) => value.toFixed(1).padStart(7)


/** What the calls ask about: orders with a history (and their borrowers' phones), open complaints, yesterday in Jakarta. */
async function samplesOf(client) {
  const { rows: orders } = await client.query(
    `select o.order_no, b.phone from orders o join borrowers b on b.id = o.borrower_id
     where o.id > 1000 and o.status in (170, 174, 180, 200) and (o.id * 7919) % 1000 = 0 order by o.id limit 50`,
  )
  const { rows: complaints } = await client.query(`select id from complaints where status = 'processing' and id % 7 = 0 order by id limit 50`)
  const { rows: day } = await client.query(`select ((now() at time zone 'Asia/Jakarta')::date - 1)::text as day, ((now() at time zone 'Asia/Jakarta')::date - 30)::text as month_ago`)
  const { rows: templates } = await client.query(`select id from channel_templates where market = 'ID' order by id limit 1`)
  if (orders.length === 0 || complaints.length === 0 || templates.length === 0) throw new CannotRun('the seed holds no order, complaint or landing page to ask about')
  return {
    orderNos: orders.map((r) => r.order_no),
    phones: orders.map((r) => r.phone),
    complaints: complaints.map((r) => r.id),
    day: day[0].day,
    monthAgo: day[0].month_ago,
    templateId: templates[0].id,
  }
}

async function timed(base, cookie, url) {
  const started = performance.now()
  const res = await fetch(`${base}${url}`, { headers: cookie === 'scrape' ? { authorization: `Bearer ${METRICS_TOKEN}` } : { cookie } })
  const body = await res.arrayBuffer()
  const elapsed = performance.now() - started
  if (!res.ok) throw new CannotRun(`${url} answered ${res.status}: ${new TextDecoder().decode(body).slice(0, 300)}`)
  return { elapsed, body }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]

async function main() {
  const { default: pg } = await import('pg')
  const wanted = opts.calls?.split(',').map((s) => s.trim()).filter(Boolean)
  const unknown = wanted?.filter((name) => !CALLS.some((c) => c.name === name)) ?? []
  if (unknown.length) throw new CannotRun(`unknown call(s) ${unknown.join(', ')}; known: ${CALLS.map((c) => c.name).join(', ')}`)
  const calls = wanted ? CALLS.filter((c) => wanted.includes(c.name)) : CALLS

  const prepared = await preparePostgres(URL_, { keep: true })
  const client = new pg.Client({ connectionString: URL_ })
  await client.connect()
  let server
  try {
    const found = await seededSizes(client).catch(() => null)
    const same = found && ['orders', 'complaints', 'ledger'].every((k) => found[k] === SIZES[k])
    const env = { DATABASE_URL: URL_, DEMO_MODE: '1', JOB_INTERVAL_SECONDS: '0', LOG_LEVEL: 'warn', METRICS_TOKEN }
    console.log(`PostgreSQL ${prepared.version}, database ${prepared.name}`)
    if (!same || opts.reseed) {
      console.log(`seeding ${SIZES.orders.toLocaleString('en')} orders, ${SIZES.borrowers.toLocaleString('en')} borrowers, ${SIZES.complaints.toLocaleString('en')} complaints, ${SIZES.ledger.toLocaleString('en')} ledger entries`)
      await emptyDatabase(client)
      // the server's start migrates the empty database and writes the demo's products and staff
      const first = await startProcess(path.resolve(opts.server), { name: 'the server', env })
      await first.stop()
      const seeded = await seedBook(client, SIZES, (line) => console.log(line))
      console.log(`seeded in ${seeded.seconds} s (${seeded.payments.toLocaleString('en')} payments)`)
    } else {
      console.log(`the seed of ${found.seeded_at.toISOString()} is in place (${found.orders.toLocaleString('en')} orders, ${found.complaints.toLocaleString('en')} complaints, ${found.ledger.toLocaleString('en')} ledger entries; seeded in ${found.seconds} s)`)
    }
    const startedAt = Date.now()
    server = await startProcess(path.resolve(opts.server), { name: 'the server', env })
    console.log(`server${opts.server === SERVER_ENTRY ? '' : ` ${opts.server}`} ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s (its migrations included)`)
    await seedFunnel(client, (line) => console.log(line))
    const samples = await samplesOf(client)
    const cookies = {}
    for (const role of new Set(calls.map((c) => c.role))) cookies[role] = role === 'scrape' ? 'scrape' : await signInDemoStaff(server.base, STAFF[role])
    if (calls.some((c) => c.role === 'scrape')) console.log(`the metrics' database figures read in ${await firstRefreshMs(server.base)} ms (in the background, every 15 s)`)
    if (calls.some((c) => c.name === 'review queue, page 2')) {
      const first = await timed(server.base, cookies.risk ?? (await signInDemoStaff(server.base, STAFF.risk)), '/ops-api/orders/review-queue')
      samples.reviewCursor = JSON.parse(new TextDecoder().decode(first.body)).data.nextCursor
    }

    console.log(`${REQUESTS} requests of each call, one at a time, after ${WARMUP} to warm up (ms)`)
    console.log(`${'call'.padEnd(30)}${'p50'.padStart(7)}${'p95'.padStart(7)}${'p99'.padStart(7)}${'max'.padStart(7)}  bytes`)
    const missed = []
    for (const call of calls) {
      const cookie = cookies[call.role]
      if (call.needs && !samples[call.needs]) {
        console.log(`${call.name.padEnd(30)}  skipped: the seed has no ${call.needs}`)
        continue
      }
      for (let n = 0; n < WARMUP; n++) await timed(server.base, cookie, call.path(samples, n))
      const times = []
      let bytes = 0
      for (let n = 0; n < REQUESTS; n++) {
        const { elapsed, body } = await timed(server.base, cookie, call.path(samples, WARMUP + n))
        times.push(elapsed)
        bytes = body.byteLength
      }
      times.sort((a, b) => a - b)
      const p99 = percentile(times, 0.99)
      const target = call.target ?? TARGET_P99_MS
      if (p99 >= target) missed.push(call.name)
      console.log(`${call.name.padEnd(30)}${ms(percentile(times, 0.5))}${ms(percentile(times, 0.95))}${ms(p99)}${ms(times[times.length - 1])}  ${bytes}${p99 >= target ? `  ← p99 ≥ ${target} ms` : ''}`)
    }
    if (missed.length) {
      console.log(`p99 at or over its target (${TARGET_P99_MS} ms, the scrape 50 ms): ${missed.join(', ')}`)
      if (!opts['no-fail']) process.exitCode = 1
    } else console.log(`every p99 under ${TARGET_P99_MS} ms`)
  } finally {
    await client.end()
    await server?.stop()
    await prepared.release()
  }
}

main().catch((error) => {
  console.error(error instanceof CannotRun ? error.message : error)
  process.exit(error instanceof CannotRun ? 2 : 1)
})
