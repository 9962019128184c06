import { sql } from 'drizzle-orm'
import type { Market } from '@kilat/domain'
import { rowsOf, type Db } from '../../db/client.js'
import { staff } from './staff.schema.js'

/**
 * What `npm run staff:create` adds under a new admin's enrolment link
 * (docs/operations/going-live.md#the-first-admin-and-the-products): a fresh install has no
 * products, so its borrowers see an empty list until an admin proposes products on the products
 * screen and a second admin publishes them (docs/product/products.md#versions). One line per market
 * of the account with no product a borrower can apply for, and how to make the second admin while
 * the market has fewer than two; nothing once every market has its products.
 */
export async function productsNote(db: Db, markets: readonly Market[], base: string): Promise<string> {
  if (markets.length === 0) return ''
  const list = sql.join(markets.map((m) => sql`${m}`), sql`, `)
  const rows = await rowsOf<{ market: Market; products: number | string; admins: number | string }>(
    db.execute(sql`
      select m.market,
        (select count(*) from products p where p.market = m.market and p.current and p.status = 'active') as products,
        (select count(*) from ${staff} s where s.role = 'admin' and s.disabled_at is null and m.market = any(s.markets)) as admins
      from unnest(array[${list}]::text[]) as m(market)`),
  )
  const empty = rows.filter((r) => Number(r.products) === 0)
  if (empty.length === 0) return ''
  const lines = empty.map((r) => {
    const line =
      `No products in ${r.market} yet: borrowers there see an empty list until an admin proposes products on the products screen ` +
      `(${base}/ops/products?market=${r.market}) and a second admin publishes them.`
    return Number(r.admins) < 2
      ? `${line} Create the second admin the same way: npm run staff:create -- --email <email> --role admin --markets ${r.market}`
      : line
  })
  return `${lines.join('\n')}\nSee docs/operations/going-live.md#the-first-admin-and-the-products.\n`
}
