// temporary per-stage timing of the ledger export (not committed)
import { openPostgres, cursorPages } from './db/client.js'
import { exportChunks } from './modules/repayment/recon/export.js'
import { sql } from 'drizzle-orm'
const url = 'postgres://kilat:kilat@localhost:5432/kilat_export_bench'
const q = { market: 'ID' as const, from: '2026-01-15', to: '2026-01-15' }
const database = await openPostgres(url)
const stage = process.argv[2]
const t0 = performance.now()
let rows = 0
let bytes = 0
if (stage === 'db') {
  const query = sql`select e.id, to_char(p.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as paid_at,
    to_char(p.received_at at time zone 'Asia/Jakarta', 'YYYY-MM-DD') as local_date, o.order_no,
    p.id as payment_id, p.gateway_payment_id, a.method, e.component, e.period_no, e.amount
    from payments p join payment_accounts a on a.id = p.payment_account_id
    join ledger_entries e on e.payment_id = p.id join orders o on o.id = e.order_id
    where p.received_at >= ('2026-01-15'::date::timestamp at time zone 'Asia/Jakarta') and p.received_at < (('2026-01-15'::date + 1)::timestamp at time zone 'Asia/Jakarta') and a.market = 'ID'
    order by p.received_at, p.id, e.id`
  for await (const page of cursorPages(database.db, query, 5000)!) rows += page.length
} else {
  for await (const chunk of exportChunks(database.db, 'ledger', q)) { rows += 1; bytes += chunk.length }
}
const ms = performance.now() - t0
const mu = process.memoryUsage()
console.log(`${stage}: ${rows} ${stage === 'db' ? 'rows' : 'chunks'} ${bytes} chars in ${ms.toFixed(0)} ms; heapUsed ${(mu.heapUsed / 2 ** 20).toFixed(1)} MiB rss ${(mu.rss / 2 ** 20).toFixed(1)} MiB`)
await database.close()
