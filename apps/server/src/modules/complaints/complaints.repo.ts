import { and, asc, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm'
import { MARKET_INFO, type Market } from '@kilat/domain'
import type { Executor, Tx } from '../../db/client.js'
import { prepared } from '../../db/prepared.js'
import { complaints, complaintUploads, problemTypes, type Complaint, type ComplaintStatusName, type NewComplaint, type ProblemType } from './complaints.schema.js'
import { orderColumns, orderJoin } from '../orders/orders.service.js'
import { productColumns, productJoin } from '../products/products.service.js'

/** Advisory-lock namespace of a borrower's complaint writes (saves and uploads). */
const COMPLAINT_LOCK = 7_345_003

/** Serialises one borrower's complaint writes until the transaction ends (double taps, quota). */
export async function lockBorrower(tx: Tx, borrowerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${COMPLAINT_LOCK}, ${borrowerId % 2_147_483_647})`)
}

const typesStatement = prepared((db) =>
  db.select().from(problemTypes).where(eq(problemTypes.active, true)).orderBy(asc(problemTypes.parentValue), asc(problemTypes.sort)).prepare('problem_types'),
)

export function activeProblemTypes(db: Executor): Promise<ProblemType[]> {
  return typesStatement(db).execute()
}

// The borrower's orders are the orders module's, read through its service.
export { borrowerOrderCards, borrowerOrderKeyAndStatus as findOrderForComplaint, type OrderCardRow } from '../orders/orders.service.js'

const waitingStatement = prepared((db) =>
  db
    .select({ id: complaints.id })
    .from(complaints)
    .where(and(eq(complaints.borrowerId, sql.placeholder('borrowerId')), eq(complaints.status, 'processing')))
    .limit(1)
    .prepare('complaint_waiting'),
)

export async function hasWaitingComplaint(db: Executor, borrowerId: number): Promise<boolean> {
  return (await waitingStatement(db).execute({ borrowerId })).length > 0
}

export async function complaintByRequestKey(db: Executor, borrowerId: number, requestKey: string): Promise<Complaint | undefined> {
  const [row] = await db
    .select()
    .from(complaints)
    .where(and(eq(complaints.borrowerId, borrowerId), eq(complaints.requestKey, requestKey)))
    .limit(1)
  return row
}

/** The same complaint saved again within `seconds` (a double tap without a request key). */
export async function recentSameComplaint(db: Executor, c: NewComplaint, seconds: number): Promise<Complaint | undefined> {
  const [row] = await db
    .select()
    .from(complaints)
    .where(
      and(
        eq(complaints.borrowerId, c.borrowerId),
        eq(complaints.orderKey, c.orderKey),
        eq(complaints.problemType, c.problemType),
        eq(complaints.problemSonType, c.problemSonType ?? 0),
        eq(complaints.detail, c.detail),
        sql`${complaints.images} = ${JSON.stringify(c.images ?? [])}::jsonb`,
        gte(complaints.createdAt, sql`now() - make_interval(secs => ${seconds})`),
      ),
    )
    .orderBy(desc(complaints.id))
    .limit(1)
  return row
}

export async function insertComplaint(db: Executor, c: NewComplaint): Promise<Complaint> {
  const [row] = await db.insert(complaints).values(c).returning()
  return row!
}

/** How many of these names are the borrower's own uploads. */
export async function countOwnUploads(db: Executor, borrowerId: number, names: string[]): Promise<number> {
  if (names.length === 0) return 0
  const rows = await db
    .select({ id: complaintUploads.id })
    .from(complaintUploads)
    .where(and(eq(complaintUploads.borrowerId, borrowerId), eq(complaintUploads.source, 'borrower'), inArray(complaintUploads.name, names)))
  return rows.length
}

/** Uploads of the borrower since the start of today in their market's time zone. */
export async function uploadsToday(db: Executor, borrowerId: number, market: Market): Promise<number> {
  const zone = MARKET_INFO[market].timeZone
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(complaintUploads)
    .where(
      and(
        eq(complaintUploads.borrowerId, borrowerId),
        eq(complaintUploads.source, 'borrower'),
        gte(complaintUploads.createdAt, sql`(date_trunc('day', now() at time zone ${zone}) at time zone ${zone})`),
      ),
    )
  return row?.n ?? 0
}

export async function insertUpload(db: Executor, values: typeof complaintUploads.$inferInsert): Promise<void> {
  await db.insert(complaintUploads).values(values)
}

/** The stored file of an image the borrower may see, by its name. */
export async function ownUpload(db: Executor, borrowerId: number, name: string): Promise<{ mime: string } | undefined> {
  const [row] = await db
    .select({ mime: complaintUploads.mime })
    .from(complaintUploads)
    .where(and(eq(complaintUploads.name, name), eq(complaintUploads.borrowerId, borrowerId)))
    .limit(1)
  return row
}

const typeTitle = (parent: number, value: unknown) =>
  sql<Record<string, string> | null>`(select t.title from ${problemTypes} t where t.parent_value = ${parent} and t.value = ${value})`

export interface ComplaintRow extends Complaint {
  orderNo: string
  market: Market
  typeTitle: Record<string, string> | null
  sonTitle: Record<string, string> | null
}

export const complaintColumns = {
  complaint: complaints,
  orderNo: orderColumns.orderNo,
  market: productColumns.market,
  typeTitle: typeTitle(0, complaints.problemType),
  sonTitle: sql<Record<string, string> | null>`(select t.title from ${problemTypes} t where t.parent_value = ${complaints.problemType} and t.value = ${complaints.problemSonType})`,
}

/** What a row of the list shows (docs/product/complaints.md#list): no reply, images or order. */
export interface ComplaintListRow {
  id: number
  problemType: number
  problemSonType: number
  detail: string
  status: ComplaintStatusName
  replyDue: string
  createdAt: Date
  typeTitle: Record<string, string> | null
  sonTitle: Record<string, string> | null
}

const listStatement = prepared((db) =>
  db
    .select({
      id: complaints.id,
      problemType: complaints.problemType,
      problemSonType: complaints.problemSonType,
      detail: complaints.detail,
      status: complaints.status,
      replyDue: complaints.replyDue,
      createdAt: complaints.createdAt,
      typeTitle: complaintColumns.typeTitle,
      sonTitle: complaintColumns.sonTitle,
    })
    .from(complaints)
    .where(eq(complaints.borrowerId, sql.placeholder('borrowerId')))
    .orderBy(desc(complaints.createdAt), desc(complaints.id))
    .limit(200)
    .prepare('complaint_list_rows'),
)

const flatten = (r: { complaint: Complaint; orderNo: string; market: Market; typeTitle: Record<string, string> | null; sonTitle: Record<string, string> | null }): ComplaintRow => ({
  ...r.complaint,
  orderNo: r.orderNo,
  market: r.market,
  typeTitle: r.typeTitle,
  sonTitle: r.sonTitle,
})

/** The borrower's complaints, newest first (the latest 200), with their type titles: one round trip, the list's columns only. */
export function borrowerComplaints(db: Executor, borrowerId: number): Promise<ComplaintListRow[]> {
  return listStatement(db).execute({ borrowerId })
}

const detailStatement = prepared((db) =>
  db
    .select(complaintColumns)
    .from(complaints)
    .innerJoin(...orderJoin(complaints.orderKey))
    .innerJoin(...productJoin(orderColumns.productId))
    .where(and(eq(complaints.id, sql.placeholder('id')), eq(complaints.borrowerId, sql.placeholder('borrowerId'))))
    .limit(1)
    .prepare('complaint_detail'),
)

/** One complaint of the borrower; another borrower's is not there. */
export async function borrowerComplaint(db: Executor, borrowerId: number, id: number): Promise<ComplaintRow | undefined> {
  const [row] = await detailStatement(db).execute({ id, borrowerId })
  return row ? flatten(row) : undefined
}

/**
 * The score, once: only an answered complaint (replied or closed) not yet rated is updated.
 * Answers the complaint's state when nothing was updated, so the caller can say why.
 */
export async function scoreComplaint(
  db: Executor,
  borrowerId: number,
  id: number,
  score: number,
): Promise<'saved' | 'notFound' | 'alreadyRated' | 'notAnswered'> {
  const updated = await db
    .update(complaints)
    .set({ score, scoredAt: sql`now()` })
    .where(
      and(eq(complaints.id, id), eq(complaints.borrowerId, borrowerId), inArray(complaints.status, ['replied', 'closed']), isNull(complaints.score)),
    )
    .returning({ id: complaints.id })
  if (updated.length > 0) return 'saved'
  const [row] = await db
    .select({ status: complaints.status, score: complaints.score })
    .from(complaints)
    .where(and(eq(complaints.id, id), eq(complaints.borrowerId, borrowerId)))
  if (!row) return 'notFound'
  return row.score !== null ? 'alreadyRated' : 'notAnswered'
}
