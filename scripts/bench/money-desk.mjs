// The money desk's benchmark (docs/performance/money-desk.md): on a throwaway PostgreSQL database,
// 100,000 payments of one day and the gateway's report of it, seeded with generate_series, then the
// day's reconciliation through the running server (target < 10 s); then 1,000,000 ledger entries
// and the ledger's CSV export streamed through the server (targets: ≥ 50,000 rows/s, the server's
// resident memory growing by < 50 MB).
//
//   npm run bench:money-desk [-- --payments 100000 --ledger 1000000]
//   DATABASE_URL=postgres://…/kilat_bench_money npm run bench:money-desk   (the name must contain "bench")
//   npm run bench:money-desk -- --exports 3            (the export three times on the same data: the median counts)
//   npm run bench:money-desk -- --server other/dist/server.js   (another build of the server)
//   npm run bench:money-desk -- --exports 3 --compare before/dist/server.js [--compare …]
//     (more servers, other builds, on the same data: the exports alternate between them, so all
//     meet the same load on a shared machine; the targets are judged on the first)
import path from 'node:path'
import { signInDemoStaff } from './demo.mjs'
import { DEFAULT_PG_URL, preparePostgres } from './database.mjs'
import { CannotRun, numberOption, SERVER_ENTRY, parseOptions, startProcess } from './process.mjs'

const opts = parseOptions({
  options: {
    payments: { type: 'string', default: '100000' },
    ledger: { type: 'string', default: '1000000' },
    exports: { type: 'string', default: '1' },
    server: { type: 'string', default: SERVER_ENTRY },
    compare: { type: 'string', multiple: true },
  },
})
const PAYMENTS = numberOption(opts, 'payments', 100, { whole: true })
const LEDGER = numberOption(opts, 'ledger', 1000, { whole: true })
const EXPORTS = numberOption(opts, 'exports', 1, { whole: true })
const URL_ = process.env.DATABASE_URL ?? DEFAULT_PG_URL.replace('kilat_bench', 'kilat_bench_money')
/** A past day of Jakarta: its report is complete. */
const DAY = '2026-01-15'
const FINANCE = 'finance.a@demo.kilat.example.com'
const TARGETS = { reconcileSeconds: 10, rowsPerSecond: 50_000, memoryMB: 50 }

const seconds = (ms) => (ms / 1000).toFixed(2)
const signed = (mib) => `${mib < 0 ? '' : '+'}${mib.toFixed(1)}`


/**
 * The day's money in SQL: accounts and payments spread over the demo's Indonesian orders, one in a
 * thousand paid short; the report lists every payment but one in 997, adds 100 it never called
 * back about and charges one in 991 another fee than the contract's (Rp 4.000).
 */
async function seedDay(client) {
  const started = Date.now()
  await client.query(`create temp table bench_orders as
    select o.id, o.borrower_id, row_number() over (order by o.id) - 1 as n
    from orders o join products p on p.id = o.product_id where p.market = 'ID'`)
  const { rows } = await client.query('select count(*)::int as n from bench_orders')
  const orders = rows[0].n
  if (orders === 0) throw new CannotRun('no Indonesian order in the demo data')
  await client.query(
    `insert into payment_accounts (id, borrower_id, order_id, purpose, method, account_kind, account_no, amount, market, gateway, gateway_ref, expires_at, status, created_at, paid_at)
     overriding system value
     select 1000000 + i, o.borrower_id, o.id, 'repay', 'BCA', 'va', '39358' || lpad(i::text, 11, '0'), 100000 + (i % 1000) * 100, 'ID', 'sandbox', 'bench_acc_' || i,
            $1::timestamptz + interval '2 days', 'paid', $1::timestamptz, $1::timestamptz + i * interval '800 milliseconds'
     from generate_series(1, $2::int) i join bench_orders o on o.n = i % $3::int`,
    [`${DAY}T00:00:00+07:00`, PAYMENTS, orders],
  )
  await client.query(
    `insert into payments (id, gateway, gateway_payment_id, payment_account_id, order_id, borrower_id, amount, received_at, raw)
     overriding system value
     select 1000000 + i, 'sandbox', 'bench_pay_' || i, a.id, a.order_id, a.borrower_id, a.amount - case when i % 1000 = 0 then 100 else 0 end, a.paid_at, '{}'::jsonb
     from generate_series(1, $1::int) i join payment_accounts a on a.id = 1000000 + i`,
    [PAYMENTS],
  )
  const { rows: report } = await client.query(
    `insert into gateway_reports (gateway, market, day, line_count, total, fee_total) values ('sandbox', 'ID', $1::date, 0, 0, 0) returning id`,
    [DAY],
  )
  await client.query(
    `insert into gateway_report_lines (report_id, gateway_payment_id, account_no, amount, fee, paid_at)
     select $1::bigint, p.gateway_payment_id, a.account_no, p.amount, case when p.id % 991 = 0 then 500000 else 400000 end, p.received_at
     from payments p join payment_accounts a on a.id = p.payment_account_id
     where p.id > 1000000 and p.id <= 1000000 + $2::int and p.id % 997 <> 0
     union all
     select $1::bigint, 'bench_missed_' || i, '39358999' || lpad(i::text, 8, '0'), 150000, 400000, $3::timestamptz + i * interval '1 minute'
     from generate_series(1, 100) i`,
    [report[0].id, PAYMENTS, `${DAY}T01:00:00+07:00`],
  )
  await client.query('analyze payment_accounts; analyze payments; analyze gateway_report_lines')
  return { orders, ms: Date.now() - started }
}

/**
 * Ledger entries of the seeded payments, written as the inbox writes them: a payment's entries
 * together, one after another (interest of period 1: any valid part does), the same number for each.
 */
async function seedLedger(client) {
  const started = Date.now()
  const each = Math.ceil(LEDGER / PAYMENTS)
  await client.query(
    `insert into ledger_entries (payment_id, order_id, period_no, component, amount)
     select p.id, p.order_id, 1, 'interest', 1000 + (k * 7 + p.id) % 500
     from payments p cross join generate_series(1, $1::int) k
     where p.id > 1000000 and (p.id - 1000000 - 1) * $1::int + k <= $2::int
     order by p.id, k`,
    [each, LEDGER],
  )
  await client.query('analyze ledger_entries')
  return Date.now() - started
}

/** One export of the day, read to the end, with the server's resident memory at its peak. */
async function streamExport(server, cookie) {
  let peak = server.memory()?.rssMiB ?? 0
  let peakAnon = server.memory()?.anonMiB ?? 0
  const sampler = setInterval(() => {
    const now = server.memory()
    if (now?.rssMiB > peak) peak = now.rssMiB
    if (now?.anonMiB > peakAnon) peakAnon = now.anonMiB
  }, 50)
  const started = Date.now()
  const res = await fetch(`${server.base}/ops-api/payments/export/ledger?market=ID&from=${DAY}&to=${DAY}`, { headers: { cookie } })
  if (!res.ok) throw new CannotRun(`export refused: ${res.status} ${await res.text()}`)
  let lines = 0
  let bytes = 0
  const decoder = new TextDecoder()
  for await (const chunk of res.body) {
    bytes += chunk.length
    const text = decoder.decode(chunk, { stream: true })
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lines++
  }
  const ms = Date.now() - started
  clearInterval(sampler)
  return { rows: lines - 1, bytes, ms, peak, peakAnon, disposition: res.headers.get('content-disposition') }
}

async function main() {
  const { default: pg } = await import('pg')
  const prepared = await preparePostgres(URL_)
  const server = await startProcess(path.resolve(opts.server), {
    name: 'the server',
    env: { DATABASE_URL: URL_, DEMO_MODE: '1', JOB_INTERVAL_SECONDS: '0', LOG_LEVEL: 'warn' },
  })
  const client = new pg.Client({ connectionString: URL_ })
  await client.connect()
  const failures = []
  const stopAlso = []
  try {
    if (opts.server !== SERVER_ENTRY) console.log(`server: ${opts.server}`)
    console.log(`PostgreSQL ${prepared.version}, database ${prepared.name}; ${PAYMENTS.toLocaleString('en')} payments on ${DAY}, ${LEDGER.toLocaleString('en')} ledger entries`)
    const day = await seedDay(client)
    console.log(`seeded the day over ${day.orders} orders in ${seconds(day.ms)} s`)
    const cookie = await signInDemoStaff(server.base, FINANCE)
    const run = async () => {
      const started = Date.now()
      const res = await fetch(`${server.base}/ops-api/payments/reconcile`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie },
        body: JSON.stringify({ market: 'ID', day: DAY }),
      })
      const body = await res.json()
      if (!res.ok) throw new CannotRun(`reconcile refused: ${JSON.stringify(body)}`)
      return { ms: Date.now() - started, ...body.data }
    }
    const first = await run()
    console.log(`reconciliation: ${seconds(first.ms)} s, ${first.added} differences (target < ${TARGETS.reconcileSeconds} s)`)
    if (first.ms >= TARGETS.reconcileSeconds * 1000) failures.push('reconciliation')
    const again = await run()
    console.log(`rerun: ${seconds(again.ms)} s, ${again.added} added`)
    if (again.added !== 0) failures.push('rerun added differences')

    const ledgerMs = await seedLedger(client)
    console.log(`seeded ${LEDGER.toLocaleString('en')} ledger entries in ${seconds(ledgerMs)} s`)
    const measured = [{ label: opts.server, server, cookie, runs: [] }]
    for (const build of opts.compare ?? []) {
      const other = await startProcess(path.resolve(build), {
        name: `the server of ${build}`,
        env: { DATABASE_URL: URL_, DEMO_MODE: '1', JOB_INTERVAL_SECONDS: '0', LOG_LEVEL: 'warn' },
      })
      stopAlso.push(other)
      measured.push({ label: build, server: other, cookie: await signInDemoStaff(other.base, FINANCE), runs: [] })
    }
    for (const m of measured) {
      // a first small request warms the route; the measured ones start from a settled process
      await fetch(`${m.server.base}/ops-api/payments/export/ledger?market=ID&from=2020-01-01&to=2020-01-02`, { headers: { cookie: m.cookie } }).then((r) => r.arrayBuffer())
      await new Promise((r) => setTimeout(r, 500))
      // the growth of every export counts from the resident memory before the first: a heap grown by
      // one export and not given back is growth of the next too
      m.baseline = m.server.memory()?.rssMiB ?? 0
      m.baselineAnon = m.server.memory()?.anonMiB ?? 0
    }
    for (let n = 1; n <= EXPORTS; n++) {
      for (const m of measured) {
        const exported = await streamExport(m.server, m.cookie)
        const rate = Math.round(exported.rows / (exported.ms / 1000))
        const growth = exported.peak - m.baseline
        const anon = exported.peakAnon - m.baselineAnon
        m.runs.push({ rate, growth, anon })
        const who = measured.length > 1 ? ` [${m.label}]` : ''
        console.log(
          `ledger CSV${EXPORTS > 1 ? ` #${n}` : ''}${who}: ${exported.rows.toLocaleString('en')} rows, ${(exported.bytes / 1e6).toFixed(1)} MB in ${seconds(exported.ms)} s = ${rate.toLocaleString('en')} rows/s (target ≥ ${TARGETS.rowsPerSecond.toLocaleString('en')})`,
        )
        console.log(
          `server memory${who}: ${m.baseline.toFixed(1)} MiB before, ${exported.peak.toFixed(1)} MiB at its peak: ${signed(growth)} MiB (target < ${TARGETS.memoryMB} MB); anonymous ${m.baselineAnon.toFixed(1)} → ${exported.peakAnon.toFixed(1)} MiB: ${signed(anon)} MiB`,
        )
        if (n === 1 && m === measured[0]) console.log(`file: ${exported.disposition}`)
        if (exported.rows !== LEDGER) failures.push(`export rows ${exported.rows} ≠ ${LEDGER}`)
      }
    }
    const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
    for (const m of measured) {
      m.rate = median(m.runs.map((r) => r.rate))
      m.growth = median(m.runs.map((r) => r.growth))
      const anon = median(m.runs.map((r) => r.anon))
      if (EXPORTS > 1 || measured.length > 1) console.log(`median of ${EXPORTS} [${m.label}]: ${m.rate.toLocaleString('en')} rows/s, ${signed(m.growth)} MiB resident, ${signed(anon)} MiB anonymous`)
    }
    if (measured[0].rate < TARGETS.rowsPerSecond) failures.push('export rate')
    if (measured[0].growth >= TARGETS.memoryMB) failures.push('export memory')
  } finally {
    await client.end()
    for (const other of stopAlso) await other.stop()
    await server.stop()
    await prepared.release()
  }
  if (failures.length) {
    console.log(`missed: ${failures.join(', ')}`)
    process.exitCode = 1
  } else console.log('every target met')
}

main().catch((error) => {
  console.error(error instanceof CannotRun ? error.message : error)
  process.exit(error instanceof CannotRun ? 2 : 1)
})
