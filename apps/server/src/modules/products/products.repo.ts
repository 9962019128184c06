import { and, asc, desc, eq, getTableColumns, sql, type SQLWrapper } from 'drizzle-orm'
import type { Market } from '@kilat/domain'
import { catalogueChanged } from '../../db/catalogue-version.js'
import type { Executor } from '../../db/client.js'
import { prepared } from '../../db/prepared.js'
import { events, products, type EventKind, type NewProduct, type Product } from './products.schema.js'

const productStatement = prepared((db) => db.select().from(products).where(eq(products.id, sql.placeholder('id'))).limit(1).prepare('product_by_id'))

export async function findProduct(db: Executor, id: number): Promise<Product | undefined> {
  const [row] = await productStatement(db).execute({ id })
  return row
}

const marketStatement = prepared((db) =>
  db
    .select()
    .from(products)
    .where(and(eq(products.market, sql.placeholder('market')), eq(products.current, true)))
    .orderBy(asc(products.sort), asc(products.id))
    .prepare('market_products'),
)

/** Every product of a market, active or not, in the catalogue's order: the current version of each. */
export function marketProducts(db: Executor, market: Market): Promise<Product[]> {
  return marketStatement(db).execute({ market })
}

export async function insertProduct(db: Executor, values: NewProduct): Promise<Product> {
  const [row] = await db.insert(products).values(values).returning()
  if (!row) throw new Error('product insert returned no row')
  catalogueChanged()
  return row
}

/** Inserts the product or updates the one with its code; `inserted` tells which happened. */
export async function upsertProductByCode(db: Executor, values: NewProduct): Promise<{ product: Product; inserted: boolean }> {
  const { code: _code, ...changes } = values
  const [row] = await db
    .insert(products)
    .values(values)
    // only the current version, and only while no staff member has published one (version 1)
    .onConflictDoUpdate({ target: products.code, targetWhere: sql`${products.current}`, set: changes, setWhere: eq(products.version, 1) })
    // xmax is 0 on a row this statement inserted, and set on one it updated
    .returning({ ...getTableColumns(products), inserted: sql<boolean>`(xmax = 0)` })
  if (!row) throw new Error(`product ${values.code}: staff published a version of it; the seed leaves it`)
  catalogueChanged()
  const { inserted, ...product } = row
  return { product, inserted }
}

export interface NewEvent {
  borrowerId: number
  kind: EventKind
  productId: number
  moduleId?: number | null
  position?: number | null
  scene?: string | null
}

/** Events are only ever inserted: there is no update or delete of them anywhere. */
export async function insertEvent(db: Executor, event: NewEvent): Promise<void> {
  await db.insert(events).values({
    borrowerId: event.borrowerId,
    kind: event.kind,
    productId: event.productId,
    moduleId: event.moduleId ?? null,
    position: event.position ?? null,
    scene: event.scene ?? null,
  })
}

/** A product's name by its public code (its logo is drawn from both). */
export async function productNameByCode(db: Executor, code: string): Promise<string | undefined> {
  const [row] = await db.select({ name: products.name }).from(products).where(eq(products.code, code)).orderBy(desc(products.current), desc(products.version)).limit(1)
  return row?.name
}

/**
 * Pieces of another area's one statement over rows that name a product (an order's product on loan
 * details, in the order job, under a complaint): `.innerJoin(...productJoin(row.productId))`, then
 * `productColumns` (or some of them) in the select. The table itself stays in this module.
 */
export const productJoin = (productId: SQLWrapper) => [products, eq(products.id, productId)] as const
export const productColumns = getTableColumns(products)
