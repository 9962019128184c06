import { sql } from 'drizzle-orm'
import type { Market } from '@kilat/domain'
import { rowsOf, type Executor } from '../../db/client.js'

/**
 * The payment inbox's figures for the metrics (docs/operations/metrics.md#money-flows): what waits
 * to be applied, per market, and each gateway's last callback per market. Both read indexes only
 * (the inbox's partial index of rows not applied, and `payment_inbox_gateway_received_idx`), so
 * their cost does not grow with the payments taken.
 */
export interface InboxFigures {
  pending: Array<{ market: Market; count: number; oldestAt: Date }>
  lastCallbacks: Array<{ gateway: string; market: Market; at: Date }>
}

/** How far back a gateway's last callback is looked for: a pair with none since is not reported (the outbox's age alerts long before). */
export const LAST_CALLBACK_HORIZON_MS = 7 * 86_400_000

export async function inboxFigures(db: Executor, now: Date): Promise<InboxFigures> {
  const pending = await rowsOf<{ market: Market; count: number; oldest_at: string | Date }>(
    db.execute(sql`
      select a.market, count(*)::int as count, min(i.received_at) as oldest_at
      from payment_inbox i join payment_accounts a on a.id = i.payment_account_id
      where i.applied_at is null
      group by a.market`),
  )
  const since = new Date(now.getTime() - LAST_CALLBACK_HORIZON_MS)
  // each gateway (a skip scan of the index), then its latest callback of each market within the horizon
  const last = await rowsOf<{ gateway: string; market: Market; at: string | Date }>(
    db.execute(sql`
      with recursive gateways(gateway) as (
        select min(gateway) from payment_inbox
        union all
        select (select min(gateway) from payment_inbox where gateway > g.gateway) from gateways g where g.gateway is not null
      )
      select g.gateway, m.market, latest.at
      from gateways g
      cross join (values ('ID'), ('IN'), ('MX')) as m(market)
      join lateral (
        select i.received_at as at from payment_inbox i join payment_accounts a on a.id = i.payment_account_id
        where i.gateway = g.gateway and a.market = m.market and i.received_at >= ${since.toISOString()}::timestamptz
        order by i.received_at desc limit 1
      ) latest on true
      where g.gateway is not null`),
  )
  return {
    pending: pending.map((r) => ({ market: r.market, count: r.count, oldestAt: new Date(r.oldest_at) })),
    lastCallbacks: last.map((r) => ({ gateway: r.gateway, market: r.market, at: new Date(r.at) })),
  }
}
