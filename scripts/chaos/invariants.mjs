// What must hold of the money after any fault, checked in SQL on the database itself
// (docs/decisions/0012-payment-gateway.md#faults). Each check answers the rows that break it.

/** Each order's money and state before the burst, by order number. */
export async function snapshotOrders(db, orderNos) {
  const { rows } = await db.query('select id, order_no, status, paid::bigint as paid from orders where order_no = any($1)', [orderNos])
  return new Map(rows.map((r) => [r.order_no, { id: Number(r.id), status: r.status, paid: Number(r.paid) }]))
}

/**
 * `ids`: the gateway payment ids sent; `accounts`: the accounts they pay (each its order's whole
 * debt); `before`: snapshotOrders of their orders. Answers what broke, empty when nothing did.
 */
export async function checkInvariants(db, { ids, accounts, before }) {
  const broken = []
  const orderIds = [...before.values()].map((o) => o.id)
  const fail = (rows, what) => {
    if (rows.length > 0) broken.push(`${what}: ${rows.length} (${JSON.stringify(rows.slice(0, 3))})`)
  }

  // every callback sent is one payment, and nothing else was paid into these orders
  const once = await db.query(
    `select s.id, count(p.id)::int as payments
     from unnest($1::text[]) as s(id) left join payments p on p.gateway_payment_id = s.id
     group by s.id having count(p.id) <> 1`,
    [ids],
  )
  fail(once.rows, 'callbacks not applied exactly once')
  const stray = await db.query('select id, gateway_payment_id from payments where order_id = any($1) and not (gateway_payment_id = any($2))', [orderIds, ids])
  fail(stray.rows, 'payments nobody sent')

  // one stored event per callback, each applied, none left failing
  const inbox = await db.query(
    `select s.id, count(i.id)::int as stored, count(i.applied_at)::int as applied
     from unnest($1::text[]) as s(id) left join payment_inbox i on i.gateway_payment_id = s.id
     group by s.id having count(i.id) <> 1 or count(i.applied_at) <> 1`,
    [ids],
  )
  fail(inbox.rows, 'inbox events not stored once and applied')

  // per payment, its ledger entries sum to its amount
  const perPayment = await db.query(
    `select p.id, p.amount::bigint as amount, coalesce(sum(l.amount), 0)::bigint as entries
     from payments p left join ledger_entries l on l.payment_id = p.id
     where p.order_id = any($1) group by p.id, p.amount having coalesce(sum(l.amount), 0) <> p.amount`,
    [orderIds],
  )
  fail(perPayment.rows, 'payments whose entries do not sum to them')

  // per order: paid moved by what its entries gave the loan, and its payments are its entries
  const perOrder = await db.query(
    `select o.id, o.order_no, o.status, o.paid::bigint as paid, o.total_repay::bigint as total_repay, o.penalty::bigint as penalty, o.settled_at,
            (select coalesce(sum(p.amount), 0) from payments p where p.order_id = o.id)::bigint as payments,
            (select coalesce(sum(l.amount), 0) from ledger_entries l where l.order_id = o.id)::bigint as entries,
            (select coalesce(sum(l.amount), 0) from ledger_entries l where l.order_id = o.id and l.component not in ('overpayment', 'extension_fee'))::bigint as to_loan,
            (select count(*) from order_periods op where op.order_id = o.id and op.status <> 'paid')::int as open_periods
     from orders o where o.id = any($1)`,
    [orderIds],
  )
  const byNo = new Map(accounts.map((a) => [a.orderNo, a]))
  const money = []
  const states = []
  for (const o of perOrder.rows) {
    const was = before.get(o.order_no)
    const paid = Number(o.paid)
    const owed = Number(o.total_repay) + Number(o.penalty) - paid
    if (Number(o.payments) !== Number(o.entries) || paid - was.paid !== Number(o.to_loan)) money.push({ order: o.order_no, paid, before: was.paid, payments: Number(o.payments), entries: Number(o.entries), toLoan: Number(o.to_loan) })
    // each account paid everything owed: the order is settled, every period paid, and nothing is
    // owed; an order settled without being paid in full, or paid in full and not settled, is unexplained
    const account = byNo.get(o.order_no)
    const paidInFull = Number(o.payments) >= account.amount
    const settled = o.status === 200 && o.settled_at !== null && o.open_periods === 0 && owed === 0
    if (paidInFull !== settled || (!paidInFull && o.status !== was.status)) states.push({ order: o.order_no, status: o.status, was: was.status, owed, payments: Number(o.payments), openPeriods: o.open_periods })
  }
  fail(money, "orders whose paid is not their payments'")
  fail(states, 'orders in a state their payments do not explain')

  // each account is paid once its payment arrived
  const accountsPaid = await db.query(
    `select a.id, a.status from payment_accounts a where a.id = any($1) and a.status <> 'paid'`,
    [accounts.map((a) => a.accountId)],
  )
  fail(accountsPaid.rows, 'accounts paid but not marked paid')
  return broken
}
