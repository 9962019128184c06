import { and, asc, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import type { Market } from '@kilat/domain'
import type { Executor, Tx } from '../../db/client.js'
import { orderColumns, orderJoin } from '../orders/orders.service.js'
import { productColumns, productJoin } from '../products/products.service.js'
import { complaintColumns } from './complaints.repo.js'
import { complaintAssignments, complaintNotes, complaintUploads, complaints, type Complaint, type ComplaintStatusName } from './complaints.schema.js'

/**
 * The complaint desk's reads and writes (docs/product/operations.md#complaint-desk). A complaint's
 * market is its order's product's, as on the borrower's screens.
 */

export interface Assignee {
  id: number
  email: string
}

const assigneeColumns = { assigneeId: complaintAssignments.staffId, assigneeEmail: complaintAssignments.staffEmail }
const assigneeOf = (r: { assigneeId: number | null; assigneeEmail: string | null }): Assignee | null =>
  r.assigneeId === null || r.assigneeEmail === null ? null : { id: r.assigneeId, email: r.assigneeEmail }

export interface QueueFilter {
  markets: Market[]
  /** Each market's local date today, for the due filters. */
  today: Record<Market, string>
  status?: ComplaintStatusName | undefined
  problemType?: number | undefined
  due?: 'today' | 'overdue' | undefined
  assignee?: { staffId: number } | 'nobody' | undefined
  after?: { replyDue: string; id: number } | undefined
  limit: number
}

export interface QueueRow {
  id: number
  market: Market
  problemType: number
  problemSonType: number
  status: ComplaintStatusName
  outcome: Complaint['outcome']
  createdAt: Date
  replyDue: string
  typeTitle: Record<string, string> | null
  sonTitle: Record<string, string> | null
  assignee: Assignee | null
}

/** One page of the queue, by reply-due date then id, and one row more to tell whether a next page exists. */
export async function queuePage(db: Executor, f: QueueFilter): Promise<QueueRow[]> {
  const where: SQL[] = [inArray(productColumns.market, f.markets)]
  if (f.status) where.push(eq(complaints.status, f.status))
  if (f.problemType !== undefined) where.push(eq(complaints.problemType, f.problemType))
  if (f.due) {
    // only a complaint still waiting for its reply is due
    where.push(eq(complaints.status, 'processing'))
    const byMarket = f.markets.map((m) =>
      and(eq(productColumns.market, m), f.due === 'today' ? eq(complaints.replyDue, f.today[m]) : lt(complaints.replyDue, f.today[m])),
    )
    where.push(or(...byMarket)!)
  }
  if (f.assignee === 'nobody') where.push(isNull(complaintAssignments.complaintId))
  else if (f.assignee) where.push(eq(complaintAssignments.staffId, f.assignee.staffId))
  if (f.after) where.push(sql`(${complaints.replyDue}, ${complaints.id}) > (${f.after.replyDue}::date, ${f.after.id})`)
  const rows = await db
    .select({
      id: complaints.id,
      market: productColumns.market,
      problemType: complaints.problemType,
      problemSonType: complaints.problemSonType,
      status: complaints.status,
      outcome: complaints.outcome,
      createdAt: complaints.createdAt,
      replyDue: complaints.replyDue,
      typeTitle: complaintColumns.typeTitle,
      sonTitle: complaintColumns.sonTitle,
      ...assigneeColumns,
    })
    .from(complaints)
    .innerJoin(...orderJoin(complaints.orderKey))
    .innerJoin(...productJoin(orderColumns.productId))
    .leftJoin(complaintAssignments, eq(complaintAssignments.complaintId, complaints.id))
    .where(and(...where))
    .orderBy(asc(complaints.replyDue), asc(complaints.id))
    .limit(f.limit + 1)
  return rows.map(({ assigneeId, assigneeEmail, ...r }) => ({ ...r, assignee: assigneeOf({ assigneeId, assigneeEmail }) }))
}

export interface DeskComplaint extends Complaint {
  market: Market
  typeTitle: Record<string, string> | null
  sonTitle: Record<string, string> | null
  assignee: Assignee | null
  order: {
    orderNo: string
    productName: string
    status: number
    principal: number
    totalRepay: number
    paid: number
    appliedAt: Date
    disbursedAt: Date | null
    dueAt: Date | null
  }
}

function deskComplaintQuery(db: Executor, id: number) {
  return db
    .select({
      complaint: complaints,
      market: productColumns.market,
      typeTitle: complaintColumns.typeTitle,
      sonTitle: complaintColumns.sonTitle,
      ...assigneeColumns,
      orderNo: orderColumns.orderNo,
      productName: productColumns.name,
      orderStatus: orderColumns.status,
      principal: orderColumns.principal,
      totalRepay: orderColumns.totalRepay,
      paid: orderColumns.paid,
      appliedAt: orderColumns.appliedAt,
      disbursedAt: orderColumns.disbursedAt,
      dueAt: orderColumns.dueAt,
    })
    .from(complaints)
    .innerJoin(...orderJoin(complaints.orderKey))
    .innerJoin(...productJoin(orderColumns.productId))
    .leftJoin(complaintAssignments, eq(complaintAssignments.complaintId, complaints.id))
    .where(eq(complaints.id, id))
    .limit(1)
}

type DeskRow = Awaited<ReturnType<typeof deskComplaintQuery>>[number]

const deskComplaintOf = (r: DeskRow): DeskComplaint => ({
  ...r.complaint,
  market: r.market,
  typeTitle: r.typeTitle,
  sonTitle: r.sonTitle,
  assignee: assigneeOf(r),
  order: {
    orderNo: r.orderNo,
    productName: r.productName,
    status: r.orderStatus,
    principal: r.principal,
    totalRepay: r.totalRepay,
    paid: r.paid,
    appliedAt: r.appliedAt,
    disbursedAt: r.disbursedAt,
    dueAt: r.dueAt,
  },
})

/** A complaint with its market, order and assignee; any borrower's (the caller checks the market). */
export async function deskComplaint(db: Executor, id: number): Promise<DeskComplaint | undefined> {
  const [row] = await deskComplaintQuery(db, id)
  return row ? deskComplaintOf(row) : undefined
}

/**
 * The same, with the complaint's row locked until the transaction ends: a second reply or close
 * waits for the first and then sees what it did.
 */
export async function lockDeskComplaint(tx: Tx, id: number): Promise<DeskComplaint | undefined> {
  const [row] = await deskComplaintQuery(tx, id).for('update', { of: complaints })
  return row ? deskComplaintOf(row) : undefined
}

/** The complaint's assignee after trying to take it: the caller, or whoever already had it. */
export async function takeComplaint(db: Executor, complaintId: number, staff: Assignee): Promise<{ taken: boolean; assignee: Assignee }> {
  const [inserted] = await db
    .insert(complaintAssignments)
    .values({ complaintId, staffId: staff.id, staffEmail: staff.email })
    .onConflictDoNothing({ target: complaintAssignments.complaintId })
    .returning({ complaintId: complaintAssignments.complaintId })
  if (inserted) return { taken: true, assignee: staff }
  const [row] = await db.select(assigneeColumns).from(complaintAssignments).where(eq(complaintAssignments.complaintId, complaintId)).limit(1)
  return { taken: false, assignee: assigneeOf(row ?? { assigneeId: null, assigneeEmail: null }) ?? staff }
}

export interface NoteRow {
  id: number
  staffId: number
  staffEmail: string
  text: string
  createdAt: Date
}

const noteColumns = {
  id: complaintNotes.id,
  staffId: complaintNotes.staffId,
  staffEmail: complaintNotes.staffEmail,
  text: complaintNotes.text,
  createdAt: complaintNotes.createdAt,
}

export async function insertNote(db: Executor, complaintId: number, author: Assignee, text: string, at: Date): Promise<NoteRow> {
  const [row] = await db
    .insert(complaintNotes)
    .values({ complaintId, staffId: author.id, staffEmail: author.email, text, createdAt: at })
    .returning(noteColumns)
  return row!
}

export function notesOf(db: Executor, complaintId: number): Promise<NoteRow[]> {
  return db.select(noteColumns).from(complaintNotes).where(eq(complaintNotes.complaintId, complaintId)).orderBy(asc(complaintNotes.id))
}

/** The borrower's complaints filed before this one, newest first. */
export function earlierComplaints(db: Executor, c: Pick<Complaint, 'id' | 'borrowerId' | 'createdAt'>) {
  return db
    .select({
      id: complaints.id,
      createdAt: complaints.createdAt,
      status: complaints.status,
      problemType: complaints.problemType,
      problemSonType: complaints.problemSonType,
      typeTitle: complaintColumns.typeTitle,
      sonTitle: complaintColumns.sonTitle,
    })
    .from(complaints)
    .where(
      and(
        eq(complaints.borrowerId, c.borrowerId),
        sql`(${complaints.createdAt}, ${complaints.id}) < (${c.createdAt.toISOString()}::timestamptz, ${c.id})`,
      ),
    )
    .orderBy(desc(complaints.createdAt), desc(complaints.id))
    .limit(50)
}

/** How many of these names are reply images staff uploaded for this borrower. */
export async function countAgentUploads(db: Executor, borrowerId: number, names: string[]): Promise<number> {
  if (names.length === 0) return 0
  const rows = await db
    .select({ id: complaintUploads.id })
    .from(complaintUploads)
    .where(and(eq(complaintUploads.borrowerId, borrowerId), eq(complaintUploads.source, 'agent'), inArray(complaintUploads.name, names)))
  return rows.length
}

/** An image's type and whose complaint it belongs to, by its stored name. */
export async function uploadByName(db: Executor, name: string): Promise<{ mime: string; borrowerId: number } | undefined> {
  const [row] = await db
    .select({ mime: complaintUploads.mime, borrowerId: complaintUploads.borrowerId })
    .from(complaintUploads)
    .where(eq(complaintUploads.name, name))
    .limit(1)
  return row
}

/** The reply, once: only a complaint still waiting for one is changed. */
export async function saveReply(db: Executor, id: number, reply: { text: string; images: string[]; at: Date }): Promise<boolean> {
  const updated = await db
    .update(complaints)
    .set({ status: 'replied', replyText: reply.text, replyImages: reply.images, repliedAt: reply.at })
    .where(and(eq(complaints.id, id), eq(complaints.status, 'processing')))
    .returning({ id: complaints.id })
  return updated.length > 0
}

/** The close, once: a closed complaint is not changed again. */
export async function saveClose(db: Executor, id: number, outcome: 'resolved' | 'unresolved', at: Date): Promise<boolean> {
  const updated = await db
    .update(complaints)
    .set({ status: 'closed', outcome, closedAt: at })
    .where(and(eq(complaints.id, id), inArray(complaints.status, ['processing', 'replied'])))
    .returning({ id: complaints.id })
  return updated.length > 0
}
