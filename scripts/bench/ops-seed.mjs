// The seed of the console's benchmark (scripts/bench/ops.mjs, docs/performance/console-at-scale.md):
// two years of a lender's book on PostgreSQL, written with set-based SQL (generate_series,
// INSERT … SELECT) on top of the demo data the server seeds at its start. Every row is made from
// its number, so two seeds of the same sizes hold the same book (times are counted back from the
// moment of the seed).
//
// - borrowers: 60 % Indonesia, 25 % India, 15 % Mexico, each with its own phone in the market's
//   E.164 form; a borrower's orders are numbers b, b + B, b + 2B …, each on another product of its
//   market (one unsettled order per borrower and product, as the unique index wants).
// - orders: more every month (the book grows), the newest under review or waiting for their payout,
//   three in ten of the rest rejected; the paid-out ones repaid (settled), being repaid (due in the
//   future) or overdue (one in seventeen of those past their due date), with their installments.
// - order history: each decision (risk staff or the automatic one) and each payout.
// - payments, their accounts and inbox rows: one for each settled order, a part payment for a
//   quarter of the overdue; ledger entries for them up to the number asked for, the newest
//   payments' first (the desk's days are recent ones).
// - reconciliation: every market's day reconciled and closed but yesterday's, with the gateway's
//   report of each of the last 60 days and a few differences a day.
// - complaints with replies: on paid-out orders, most of them closed, the newest waiting for a reply.
// - collections: a contact logged for a third of the overdue orders.

/** The marker of a finished seed: its sizes, so that a run with other sizes seeds again. */
const MARKER = 'bench_ops_seed'

/** The seed in place, or null: what a second run measures at once. */
export async function seededSizes(client) {
  const { rows } = await client.query(`select to_regclass('${MARKER}') is not null as present`)
  if (!rows[0].present) return null
  const { rows: marker } = await client.query(`select orders, borrowers, complaints, ledger, seconds, seeded_at from ${MARKER} limit 1`)
  return marker[0] ?? null
}

/**
 * Writes the book, timing each step into `log`. `sizes`: orders, borrowers, complaints, ledger.
 * Orders' and borrowers' ids start above the demo's (1000 + n), and the sequences move past them.
 */
export async function seedBook(client, sizes, log = () => {}) {
  const { orders: N, borrowers: B, complaints: C, ledger: L } = sizes
  const started = Date.now()
  const step = async (label, text, values = []) => {
    const t = Date.now()
    const result = await client.query(text, values)
    log(`  ${label}: ${result.rowCount ?? 0} rows in ${((Date.now() - t) / 1000).toFixed(1)} s`)
    return result
  }
  await client.query(`set synchronous_commit = off; set work_mem = '128MB'; set maintenance_work_mem = '256MB'`)
  await client.query(`drop table if exists ${MARKER}`)
  const { rows: staffRows } = await client.query(`select id, role from staff where role in ('risk', 'agent', 'collector', 'finance') order by id`)
  const staffOf = (role) => staffRows.find((s) => s.role === role)?.id
  if (!staffOf('risk') || !staffOf('agent') || !staffOf('collector') || !staffOf('finance')) throw new Error('the demo staff are missing: the server seeds them in demo mode')

  await client.query(`drop table if exists bench_products; create temp table bench_products as
    select id, market, term_unit, term_days, periods, daily_rate_bps, admin_fee_bps, min_amount, max_amount, amount_step, is_partner,
           late_fee_new, late_fee_repeat, late_tiers, late_cap_bps,
           (row_number() over (partition by market order by id) - 1)::int as idx, (count(*) over (partition by market))::int as n
    from products where current and status = 'active'`)

  // when order i was applied for: days back from now, denser towards today (a growing book)
  const ageDays = (i) => `(730.0 * (1 - sqrt(${i}::float8 / ${N})))`
  await step(
    'borrowers',
    `insert into borrowers (id, phone, market, name, locale, created_at) overriding system value
     select 1000 + b,
       case m when 'ID' then '+62811' || lpad(b::text, 8, '0') when 'IN' then '+919' || lpad(b::text, 9, '0') else '+5255' || lpad(b::text, 8, '0') end,
       m, 'Borrower ' || b, case m when 'ID' then 'id' when 'IN' then 'en' else 'es' end,
       now() - ${ageDays('(b + 1)')} * interval '1 day' - interval '1 hour'
     from (select b, case when b % 20 < 12 then 'ID' when b % 20 < 17 then 'IN' else 'MX' end as m from generate_series(0, $1::int - 1) b) x`,
    [B],
  )

  await step(
    'orders',
    `insert into orders (id, order_no, borrower_id, product_id, status, principal, fee, received, interest, total_repay, paid, penalty,
       term_unit, term_days, periods, daily_rate_bps, late_fee_new, late_fee_repeat, late_tiers, late_cap_bps, penalty_accrued_through,
       applied_at, decided_at, disbursed_at, due_at, settled_at, created_at, updated_at)
     overriding system value
     select 1000 + i, 'B' || lpad(i::text, 10, '0'), 1000 + b, p.id, st.status,
       amt.principal, amt.fee, amt.principal - amt.fee, amt.interest, amt.principal + amt.interest,
       case when st.status in (200, 4) then amt.principal + amt.interest + amt.penalty when st.status in (180, 5) and i % 4 = 0 then (amt.principal + amt.interest) / 4 else 0 end,
       case when st.status in (180, 5, 200, 4) then amt.penalty else 0 end,
       p.term_unit, p.term_days, p.periods, p.daily_rate_bps, p.late_fee_new, p.late_fee_repeat, p.late_tiers, p.late_cap_bps,
       case when st.status in (180, 5) then current_date end,
       t.applied, t.decided, st.disbursed, st.due, st.settled, t.applied, coalesce(st.settled, st.disbursed, t.decided, t.applied)
     from generate_series(1, $1::int) i
     cross join lateral (select (i - 1) % $2::int as b, (i - 1) / $2::int as k) bk
     cross join lateral (select case when bk.b % 20 < 12 then 'ID' when bk.b % 20 < 17 then 'IN' else 'MX' end as m) mk
     join bench_products p on p.market = mk.m and p.idx = (bk.b + bk.k) % p.n
     cross join lateral (select now() - ${ageDays('i')} * interval '1 day' as applied, ${ageDays('i')} as age, random() as r, random() as r2) a
     cross join lateral (select a.applied, case when a.age < 0.25 and a.r < 0.85 then null else a.applied + interval '40 minutes' end as decided) t
     cross join lateral (
       select case
         when a.age < 0.25 and a.r < 0.75 then 21
         when a.age < 0.25 and a.r < 0.85 then 151
         when a.age < 0.25 then 110
         when a.age < 1 and a.r < 0.05 then 21
         when a.age < 1 and a.r < 0.15 then 151
         when a.r < 0.3 then 110
         when a.r < 0.302 then 151
         else -1 end as pre) s0
     cross join lateral (select case when s0.pre = -1 then a.applied + interval '2 hours' end as disbursed) d
     cross join lateral (select d.disbursed + p.term_days * interval '1 day' as due) dd
     cross join lateral (
       select case
           when s0.pre <> -1 then s0.pre
           when dd.due > now() then case when p.is_partner then 3 when p.term_unit = 'period' then 170 else 174 end
           when a.r2 < 0.06 then case when p.is_partner then 5 else 180 end
           else case when p.is_partner then 4 else 200 end end as status,
         d.disbursed,
         case when s0.pre = -1 then dd.due end as due,
         case when s0.pre = -1 and dd.due <= now() and a.r2 >= 0.06 then greatest(d.disbursed + interval '1 day', dd.due - (a.r2 * 12) * interval '1 day') end as settled) st
     cross join lateral (
       select least(p.max_amount, p.min_amount + (i % 20) * p.amount_step) as principal) pr
     cross join lateral (
       select pr.principal,
         pr.principal * p.admin_fee_bps / 10000 as fee,
         pr.principal * p.daily_rate_bps / 10000 * p.term_days as interest,
         case when st.status in (180, 5) then pr.principal / 10 when st.status in (200, 4) and a.r2 > 0.9 then pr.principal / 50 else 0 end as penalty) amt`,
    [N, B],
  )
  // an undecided order has no decision time
  await step('undecided', `update orders set decided_at = null where id > 1000 and status = 21 and decided_at is not null`)

  await step(
    'installments',
    `insert into order_periods (order_id, period_no, due_at, principal, interest, total, paid, principal_paid, interest_paid, status, paid_at)
     select o.id, g, o.disbursed_at + (o.term_days * g / o.periods) * interval '1 day',
       o.principal / o.periods, o.interest / o.periods, o.principal / o.periods + o.interest / o.periods,
       case when pd.paid then o.principal / o.periods + o.interest / o.periods else 0 end,
       case when pd.paid then o.principal / o.periods else 0 end,
       case when pd.paid then o.interest / o.periods else 0 end,
       case when pd.paid then 'paid' when pd.due < now() then 'overdue' else 'unpaid' end,
       case when pd.paid then coalesce(o.settled_at, pd.due) end
     from orders o
     cross join lateral generate_series(1, o.periods) g
     cross join lateral (select o.disbursed_at + (o.term_days * g / o.periods) * interval '1 day' as due) d
     cross join lateral (select d.due, (o.status in (200, 4) or (o.status in (170, 3) and d.due < now())) as paid) pd
     where o.id > 1000 and o.disbursed_at is not null`,
  )

  await step(
    'order history',
    `insert into order_history (order_id, from_status, to_status, actor_kind, staff_id, reason, at)
     select o.id, 21, case when o.status = 110 then 110 else 151 end,
       case when o.id % 3 = 0 then 'staff' else 'system' end, case when o.id % 3 = 0 then $1::bigint end,
       case when o.status = 110 then 'other' end, o.decided_at
     from orders o where o.id > 1000 and o.decided_at is not null
     union all
     select o.id, 151, case when o.term_unit = 'period' then 170 else 174 end, 'gateway', null, null, o.disbursed_at
     from orders o where o.id > 1000 and o.disbursed_at is not null`,
    [staffOf('risk')],
  )

  await client.query(`drop table if exists bench_pay; create temp table bench_pay as
    select (row_number() over (order by x.at, x.order_id))::bigint as n, x.* from (
      select o.id as order_id, o.borrower_id, p.market, o.total_repay + o.penalty as amount, o.settled_at as at
      from orders o join products p on p.id = o.product_id where o.id > 1000 and o.status in (200, 4)
      union all
      select o.id, o.borrower_id, p.market, o.total_repay / 4, o.due_at - interval '1 day'
      from orders o join products p on p.id = o.product_id where o.id > 1000 and o.status in (180, 5) and o.id % 4 = 0
    ) x`)
  const method = `case b.market when 'ID' then 'BCA' when 'IN' then 'UPI' else 'OXXO' end`
  await step(
    'payment accounts',
    `insert into payment_accounts (id, borrower_id, order_id, purpose, method, account_kind, account_no, amount, market, gateway, gateway_ref, expires_at, status, created_at, paid_at)
     overriding system value
     select 1000 + b.n, b.borrower_id, b.order_id, 'repay', ${method}, 'va', '77' || lpad(b.n::text, 12, '0'), b.amount, b.market, 'sandbox',
       'bops_acc_' || b.n, b.at + interval '2 days', 'paid', b.at - interval '1 hour', b.at
     from bench_pay b`,
  )
  await step(
    'payments',
    `insert into payments (id, gateway, gateway_payment_id, payment_account_id, order_id, borrower_id, amount, received_at, raw)
     overriding system value
     select 1000 + b.n, 'sandbox', 'bops_pay_' || b.n, 1000 + b.n, b.order_id, b.borrower_id, b.amount, b.at, '{}'::jsonb from bench_pay b`,
  )
  await step(
    'payment inbox',
    `insert into payment_inbox (gateway, gateway_payment_id, payment_account_id, account_no, amount, paid_at, method, raw, received_at, applied_at, attempts, next_attempt_at)
     select 'sandbox', 'bops_pay_' || b.n, 1000 + b.n, '77' || lpad(b.n::text, 12, '0'), b.amount, b.at, ${method}, '{}'::jsonb,
       b.at + interval '2 seconds', b.at + interval '3 seconds', 1, b.at + interval '2 seconds'
     from bench_pay b`,
  )
  const { rows: payCount } = await client.query('select count(*)::int as n from bench_pay')
  const P = payCount[0].n
  const each = Math.max(1, Math.ceil(L / Math.max(P, 1)))
  await step(
    'ledger entries',
    `insert into ledger_entries (payment_id, order_id, period_no, component, amount, created_at)
     select 1000 + b.n, b.order_id,
       case when k <= 4 then 1 + (k - 1) / 2 end,
       case when k <= 4 then case when k % 2 = 1 then 'principal' else 'interest' end when k = 5 then 'late_charge' else 'fee' end,
       greatest(1, b.amount / ($1::int + 1)), b.at
     from bench_pay b cross join generate_series(1, $1::int) k
     where ($3::int - b.n) * $1::int + k <= $2::int
     order by b.n, k`,
    [each, L, P],
  )

  // the market's local day of an instant, for the reports and the reconciled days
  const localDay = (col) => `(${col} at time zone case m.market when 'ID' then 'Asia/Jakarta' when 'IN' then 'Asia/Kolkata' else 'America/Mexico_City' end)::date`
  // each market's days up to its yesterday, in its own calendar
  const days = `(select m.market, d::date as day, m.yesterday from (
         select z.market, (now() at time zone z.zone)::date - 1 as yesterday
         from (values ('ID', 'Asia/Jakarta'), ('IN', 'Asia/Kolkata'), ('MX', 'America/Mexico_City')) z(market, zone)) m
       cross join lateral generate_series(m.yesterday - 729, m.yesterday, interval '1 day') d)`
  await step(
    'reconciled days',
    `insert into recon_days (market, day, reconciled_at, closed_by, closed_at)
     select x.market, x.day, x.day + interval '1 day 3 hours', case when x.day < x.yesterday then $1::bigint end,
       case when x.day < x.yesterday then x.day + interval '1 day 5 hours' end
     from ${days} x`,
    [staffOf('finance')],
  )
  await step(
    'gateway reports',
    `insert into gateway_reports (gateway, market, day, line_count, total, fee_total, created_at)
     select 'sandbox', m.market, m.day, coalesce(l.n, 0)::int, coalesce(l.total, 0), coalesce(l.n, 0) * 400000, m.day + interval '1 day 2 hours'
     from (select x.market, x.day from ${days} x where x.day >= x.yesterday - 59) m
     left join (
       select m.market, ${localDay('b.at')} as day, count(*) as n, sum(b.amount) as total
       from bench_pay b cross join lateral (select b.market) m where b.at >= now() - interval '62 days' group by 1, 2
     ) l on l.market = m.market and l.day = m.day`,
  )
  await step(
    'gateway report lines',
    `insert into gateway_report_lines (report_id, gateway_payment_id, account_no, amount, fee, paid_at)
     select r.id, 'bops_pay_' || b.n, '77' || lpad(b.n::text, 12, '0'), b.amount, 400000, b.at
     from bench_pay b join gateway_reports r on r.gateway = 'sandbox' and r.market = b.market
     cross join lateral (select b.market) m
     where b.at >= now() - interval '62 days' and r.day = ${localDay('b.at')}`,
  )
  await step(
    'reconciliation differences',
    `insert into recon_differences (market, day, kind, gateway, gateway_payment_id, account_no, amount, paid_at, status, created_at)
     select x.market, x.day, 'missed_callback', 'sandbox', 'bops_diff_' || x.market || '_' || x.day || '_' || k, '7799' || lpad(k::text, 10, '0'), 150000,
       x.day + interval '10 hours', case when x.day = x.yesterday then 'open' when k = 1 then 'resolved' else 'cleared' end, x.day + interval '1 day 3 hours'
     from ${days} x cross join generate_series(1, 4) k`,
  )

  await client.query(`drop table if exists bench_paid_out; create temp table bench_paid_out as
    select (row_number() over (order by o.id) - 1)::int as n, o.id, o.borrower_id, o.disbursed_at, p.market
    from orders o join products p on p.id = o.product_id where o.id > 1000 and o.disbursed_at is not null`)
  await step(
    'complaints',
    `insert into complaints (borrower_id, order_id, problem_type, problem_son_type, detail, status, outcome, reply_text, replied_at, closed_at, reply_due, created_at)
     select o.borrower_id, o.id, 1 + c % 8, 0, 'Complaint ' || c || ' about my loan', s.status,
       case when s.status = 'closed' then case when c % 5 = 0 then 'unresolved' else 'resolved' end end,
       case when s.status <> 'processing' then 'We looked into it: ' || c end,
       case when s.status <> 'processing' then t.at + interval '1 day' end,
       case when s.status = 'closed' then t.at + interval '2 days' end,
       ${localDay('t.at').replace('m.market', 'o.market')} + 4, t.at
     from generate_series(1, $1::int) c
     join bench_paid_out o on o.n = (c::bigint * 7919) % (select count(*) from bench_paid_out)
     cross join lateral (select o.disbursed_at + (now() - o.disbursed_at) * sqrt(random()) as at) t
     cross join lateral (select case
       when t.at > now() - interval '3 days' then case when c % 3 = 0 then 'replied' else 'processing' end
       when c % 25 = 0 then 'processing' when c % 25 = 1 then 'replied' else 'closed' end as status) s`,
    [C],
  )
  await step(
    'complaint assignments',
    `insert into complaint_assignments (complaint_id, staff_id, staff_email, assigned_at)
     select c.id, s.id, s.email, c.created_at + interval '1 hour'
     from complaints c join staff s on s.id = $1::bigint where c.status = 'processing' and c.id % 2 = 0`,
    [staffOf('agent')],
  )
  await step(
    'collection contacts',
    `insert into collection_contacts (order_id, borrower_id, market, staff_id, channel, outcome, note, local_date, at)
     select o.id, o.borrower_id, p.market, $1::bigint, 'phone', case when o.id % 2 = 0 then 'no_answer' else 'reached' end, 'Called',
       (now() - (o.id % 20) * interval '1 day')::date, now() - (o.id % 20) * interval '1 day'
     from orders o join products p on p.id = o.product_id where o.id > 1000 and o.status = 180 and o.id % 3 = 0`,
    [staffOf('collector')],
  )

  for (const table of ['borrowers', 'orders', 'payment_accounts', 'payments']) {
    await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`)
  }
  const t = Date.now()
  // as autovacuum would leave the tables: statistics, and pages marked all-visible for index-only scans
  await client.query('vacuum analyze')
  log(`  vacuum analyze: ${((Date.now() - t) / 1000).toFixed(1)} s`)
  const seconds = Math.round((Date.now() - started) / 1000)
  await client.query(`create table ${MARKER} as select $1::int as orders, $2::int as borrowers, $3::int as complaints, $4::int as ledger, $5::int as seconds, now() as seeded_at`, [N, B, C, L, seconds])
  return { seconds, payments: P }
}

/**
 * The registration funnel's daily counts for two years (docs/product/registration-funnel.md#counts):
 * per market, day, each of its landing pages and none, and 20 utm tags, the steps narrowing as a
 * funnel does. Written once; a seed from before the funnel gains them at the next run.
 */
export async function seedFunnel(client, log = () => {}) {
  const { rows } = await client.query(`select count(*)::int as n from funnel_days`)
  if (rows[0].n >= 10_000) return
  const t = Date.now()
  const result = await client.query(
    `insert into funnel_days (market, day, template_id, utm_tag, visits, sms_sent, registered, first_orders, first_repayments)
     select m.market, d.day, tp.template_id, case when u = 0 then '' else 'campaign-' || u end,
       v, v * 6 / 10, v * 4 / 10, v * 2 / 10, v / 10
     from (values ('ID', 'Asia/Jakarta'), ('IN', 'Asia/Kolkata'), ('MX', 'America/Mexico_City')) m(market, zone)
     cross join lateral (select ((now() at time zone m.zone)::date - g)::date as day from generate_series(0, 729) g) d
     cross join lateral (select id as template_id from channel_templates where market = m.market union all select 0) tp
     cross join generate_series(0, 19) u
     cross join lateral (select 5 + ((extract(doy from d.day)::int * 7 + u * 13 + tp.template_id) % 90) as v) c
     on conflict do nothing`,
  )
  await client.query('analyze funnel_days')
  log(`  funnel days: ${result.rowCount ?? 0} rows in ${((Date.now() - t) / 1000).toFixed(1)} s`)
}
