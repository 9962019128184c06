import { and, desc, eq, inArray, or, sql } from 'drizzle-orm'
import type { Market } from '@kilat/domain'
import { catalogueChanged } from '../../db/catalogue-version.js'
import type { Executor, Tx } from '../../db/client.js'
import { productVersions, products, type NewProduct, type Product, type ProductDraftRow, type ProductVersion } from './products.schema.js'

/** The tables of product versions (docs/product/products.md#versions), read and written only here. */

export async function currentProduct(db: Executor, id: number): Promise<Product | undefined> {
  const [row] = await db.select().from(products).where(and(eq(products.id, id), eq(products.current, true))).limit(1)
  return row
}

export async function codeInUse(db: Executor, code: string): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.code, code)).limit(1)
  return row !== undefined
}

export async function pendingOfMarket(db: Executor, market: Market): Promise<ProductVersion[]> {
  return db
    .select()
    .from(productVersions)
    .where(and(eq(productVersions.market, market), eq(productVersions.status, 'pending')))
    .orderBy(productVersions.id)
}

/** A product's versions: the published rows of its lineage and every proposal about it, newest first. */
export async function versionsOfLineage(db: Executor, lineage: number): Promise<{ rows: Product[]; proposals: ProductVersion[] }> {
  const rows = await db
    .select()
    .from(products)
    .where(sql`coalesce(${products.lineageId}, ${products.id}) = ${lineage}`)
    .orderBy(desc(products.version))
  const ids = rows.map((r) => r.id)
  const proposals = ids.length
    ? await db
        .select()
        .from(productVersions)
        .where(or(inArray(productVersions.productId, ids), inArray(productVersions.publishedProductId, ids)))
        .orderBy(desc(productVersions.id))
    : []
  return { rows, proposals }
}

export async function insertProposal(tx: Tx, values: { market: Market; code: string; productId: number | null; draft: ProductDraftRow; proposedBy: number; proposedAt: Date }): Promise<ProductVersion> {
  const [row] = await tx.insert(productVersions).values(values).returning()
  if (!row) throw new Error('product version insert returned no row')
  return row
}

/** The pending proposal, locked for the caller's transaction; undefined when there is none. */
export async function lockProposal(tx: Tx, id: number): Promise<ProductVersion | undefined> {
  const [row] = await tx.select().from(productVersions).where(eq(productVersions.id, id)).for('update').limit(1)
  return row
}

export async function closeProposal(tx: Tx, id: number, values: { status: 'published' | 'withdrawn'; decidedBy: number; decidedAt: Date; publishedProductId?: number }): Promise<ProductVersion | undefined> {
  const [row] = await tx
    .update(productVersions)
    .set(values)
    .where(and(eq(productVersions.id, id), eq(productVersions.status, 'pending')))
    .returning()
  return row
}

/**
 * Publishes: the version it replaces stops being current (its row, and every order signed under
 * it, stay as they are), and the new version's row is inserted as current.
 */
export async function insertVersion(tx: Tx, replaces: Product | null, values: NewProduct): Promise<Product> {
  if (replaces) {
    const [old] = await tx
      .update(products)
      .set({ current: false })
      .where(and(eq(products.id, replaces.id), eq(products.current, true)))
      .returning({ id: products.id })
    if (!old) throw new Error('stale')
  }
  const [row] = await tx
    .insert(products)
    .values({ ...values, lineageId: replaces ? (replaces.lineageId ?? replaces.id) : null, version: replaces ? replaces.version + 1 : 1, current: true })
    .returning()
  if (!row) throw new Error('product version insert returned no row')
  catalogueChanged()
  return row
}

/** The lineage (first version's id) of each product id, for orders signed under older versions. */
export async function lineagesOf(db: Executor, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map()
  const rows = await db.select({ id: products.id, lineageId: products.lineageId }).from(products).where(inArray(products.id, ids))
  return new Map(rows.map((r) => [r.id, r.lineageId ?? r.id]))
}

/** The version of a product offered now, by its lineage. */
export async function currentOfLineage(db: Executor, lineage: number): Promise<Product | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(sql`coalesce(${products.lineageId}, ${products.id}) = ${lineage}`, eq(products.current, true)))
    .limit(1)
  return row
}
