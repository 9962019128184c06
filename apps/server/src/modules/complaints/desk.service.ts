import {
  COMPLAINT_DESK_LIMITS,
  OPS_COMPLAINT_IMAGE_PATH,
  type ComplaintDeskDetail,
  type ComplaintQueueRow,
  type DataOf,
  type ParsedQueryOf,
  type complaintAssign,
  type complaintNote,
  type complaintQueue,
} from '@kilat/contract'
import { daysBetween, localDate, maskPhone, regulatorDueDate, type Locale, type Market } from '@kilat/domain'
import type { Executor, Tx } from '../../db/client.js'
import { AppError } from '../../http/errors.js'
import { textsFor } from '../../i18n/index.js'
import { assertStaffMarket } from '../../http/route.js'
import type { StaffPrincipal } from '../../http/types.js'
import { record, searchAudit } from '../audit/audit.service.js'
import { borrowerForStaff } from '../auth/auth.service.js'
import { requestCorrection } from '../credit-reporting/credit-reporting.service.js'
import { readStoredImage, storedThenRecorded, type ComplaintDeps } from './complaints.service.js'
import * as complaintsRepo from './complaints.repo.js'
import * as repo from './desk.repo.js'
import { disputeStates, isDispute } from './disputes.js'
import { newImageName, processImage } from './images.js'

/** The complaint desk (docs/product/operations.md#complaint-desk). */

export interface DeskDeps extends ComplaintDeps {
  now: () => Date
}

export interface DeskActor {
  staff: StaffPrincipal
  ip: string
}

const RECORD_TYPE = 'complaint'

export const staffImageUrl = (name: string) => `${OPS_COMPLAINT_IMAGE_PATH}${name}`

const meOf = (staff: StaffPrincipal): repo.Assignee => ({ id: staff.staffId, email: staff.email })

function typeNames(r: Pick<repo.QueueRow, 'problemType' | 'problemSonType' | 'typeTitle' | 'sonTitle'>, locale: Locale) {
  const type = r.typeTitle?.[locale] ?? String(r.problemType)
  const son = r.problemSonType ? (r.sonTitle?.[locale] ?? String(r.problemSonType)) : ''
  return { type, son, full: son ? textsFor(locale).complaints.typeWithSub(type, son) : type }
}

/** Our promise and the regulator's limit, as days left from the market's today. */
function deadlinesOf(r: Pick<repo.QueueRow, 'market' | 'status' | 'createdAt' | 'replyDue'>, now: Date) {
  const today = localDate(now, r.market)
  const regulator = regulatorDueDate(r.createdAt, r.market)
  return {
    replyDue: { date: r.replyDue, daysLeft: daysBetween(today, r.replyDue), overdue: r.status === 'processing' && today > r.replyDue },
    regulatorDue: { date: regulator, daysLeft: daysBetween(today, regulator), overdue: r.status !== 'closed' && today > regulator },
  }
}

function queueRowOf(r: repo.QueueRow, locale: Locale, now: Date): ComplaintQueueRow {
  return {
    id: r.id,
    market: r.market,
    problemType: r.problemType,
    problemTypeName: typeNames(r, locale).full,
    status: r.status,
    outcome: r.outcome ?? null,
    createdAt: r.createdAt.toISOString(),
    ...deadlinesOf(r, now),
    assignee: r.assignee,
  }
}

const CURSOR = /^(\d{4}-\d{2}-\d{2})_(\d+)$/

/** docs/product/operations.md#complaint-desk: the staff member's markets (or the one asked for), by reply-due date. */
export async function queueOf(
  db: Executor,
  staff: StaffPrincipal,
  locale: Locale,
  q: ParsedQueryOf<typeof complaintQueue>,
  now: Date,
): Promise<DataOf<typeof complaintQueue>> {
  const markets = q.market ? [q.market] : staff.markets
  // the route's check refuses a market outside the staff member's before this runs; a second guard
  if (markets.some((m) => !staff.markets.includes(m))) throw new AppError('staffForbidden')
  const today = Object.fromEntries(markets.map((m) => [m, localDate(now, m)])) as Record<Market, string>
  const after = q.cursor ? CURSOR.exec(q.cursor) : null
  const rows = await repo.queuePage(db, {
    markets,
    today,
    status: q.status,
    problemType: q.problemType,
    due: q.due,
    assignee: q.assignee === 'me' ? { staffId: staff.staffId } : q.assignee,
    after: after ? { replyDue: after[1]!, id: Number(after[2]) } : undefined,
    limit: q.limit,
  })
  const page = rows.slice(0, q.limit)
  const last = page[page.length - 1]
  return {
    rows: page.map((r) => queueRowOf(r, locale, now)),
    nextCursor: rows.length > q.limit && last ? `${last.replyDue}_${last.id}` : null,
  }
}

/** A complaint of one of the staff member's markets: another market's is not found, before anything else. */
async function complaintFor(db: Executor, staff: StaffPrincipal, id: number): Promise<repo.DeskComplaint> {
  const c = await repo.deskComplaint(db, id)
  if (!c) throw new AppError('notFound')
  assertStaffMarket(staff, c.market)
  return c
}

export async function detailOf(db: Executor, staff: StaffPrincipal, locale: Locale, id: number, now: Date): Promise<ComplaintDeskDetail> {
  const c = await complaintFor(db, staff, id)
  return detailView(db, c, locale, now)
}

async function detailView(db: Executor, c: repo.DeskComplaint, locale: Locale, now: Date): Promise<ComplaintDeskDetail> {
  const [borrower, earlier, notes, history, disputes] = await Promise.all([
    borrowerForStaff(db, c.borrowerId),
    repo.earlierComplaints(db, c),
    repo.notesOf(db, c.id),
    searchAudit(db, { recordType: RECORD_TYPE, recordId: String(c.id), limit: 100 }),
    disputeStates(db, [c]),
  ])
  const disputeState = disputes.get(c.id)
  const names = typeNames(c, locale)
  return {
    ...queueRowOf(c, locale, now),
    problemSonType: c.problemSonType,
    problemSonTypeName: names.son,
    text: c.detail,
    images: c.images.map(staffImageUrl),
    borrower: { id: c.borrowerId, phoneMasked: borrower ? maskPhone(borrower.phone) : '' },
    order: {
      ...c.order,
      appliedAt: c.order.appliedAt.toISOString(),
      disbursedAt: c.order.disbursedAt?.toISOString() ?? null,
      dueAt: c.order.dueAt?.toISOString() ?? null,
    },
    earlier: earlier.map((e) => ({ id: e.id, createdAt: e.createdAt.toISOString(), status: e.status, problemTypeName: typeNames(e, locale).full })),
    notes: notes.map((n) => ({ id: n.id, at: n.createdAt.toISOString(), author: { id: n.staffId, email: n.staffEmail }, text: n.text })),
    reply:
      c.replyText !== null && c.repliedAt !== null
        ? { text: c.replyText, images: c.replyImages.map(staffImageUrl), at: c.repliedAt.toISOString() }
        : null,
    score: c.score,
    closedAt: c.closedAt?.toISOString() ?? null,
    history: history.rows
      .reverse()
      .map((h) => ({ at: h.at.toISOString(), action: h.action, staffId: h.staffId, role: h.role })),
    // a credit-report dispute (docs/product/credit-reporting.md#disputes): due by the market's rule, which its reply-due date holds
    dispute: disputeState ? { state: disputeState, dueOn: c.replyDue } : null,
  }
}

/** The audit row's common fields; a complaint's row is about its market. */
const audit = (actor: DeskActor, at: Date, c: { market: Market }) => ({ staffId: actor.staff.staffId, role: actor.staff.role, ip: actor.ip, recordType: RECORD_TYPE, markets: [c.market], at })

/** Takes the complaint: of two at once one wins, the other is answered `complaintTaken`. */
export async function assign(deps: DeskDeps, actor: DeskActor, id: number): Promise<DataOf<typeof complaintAssign>> {
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    const c = await complaintFor(tx, actor.staff, id)
    if (c.status === 'closed') throw new AppError('complaintClosed')
    const me = meOf(actor.staff)
    const result = await repo.takeComplaint(tx, id, me)
    if (!result.taken) {
      if (result.assignee.id !== me.id) throw new AppError('complaintTaken')
      // already one's own: nothing changes, nothing to record
      return { assignee: result.assignee }
    }
    await record(tx, { ...audit(actor, now, c), action: 'complaint.assign', recordId: id, before: { assignee: null }, after: { assignee: me } })
    return { assignee: me }
  })
}

export async function addNote(deps: DeskDeps, actor: DeskActor, id: number, text: string): Promise<DataOf<typeof complaintNote>> {
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    const c = await complaintFor(tx, actor.staff, id)
    const note = await repo.insertNote(tx, id, meOf(actor.staff), text, now)
    await record(tx, { ...audit(actor, now, c), action: 'complaint.note', recordId: id, before: null, after: { noteId: note.id, text } })
    return { id: note.id, at: note.createdAt.toISOString(), author: { id: note.staffId, email: note.staffEmail }, text: note.text }
  })
}

/**
 * An image for a coming reply, under the borrower's upload rules (images.ts). It is stored as the
 * borrower's complaint images are, in the borrower's name with the source `agent`, so that the
 * borrower's image address opens it once it is part of the reply.
 */
export async function uploadReplyImage(deps: DeskDeps, actor: DeskActor, id: number, data: Buffer): Promise<{ name: string; url: string }> {
  const before = await complaintFor(deps.db, actor.staff, id)
  if (before.status === 'closed') throw new AppError('complaintClosed')
  const image = await processImage(data)
  const name = newImageName(image.ext)
  const now = deps.now()
  await storedThenRecorded(deps.storage, name, image.data, () =>
    deps.db.transaction(async (tx) => {
      const c = await complaintFor(tx, actor.staff, id)
      await complaintsRepo.insertUpload(tx, {
        borrowerId: c.borrowerId,
        name,
        mime: image.mime,
        bytes: image.data.length,
        width: image.width,
        height: image.height,
        source: 'agent',
        createdAt: now,
      })
      await record(tx, { ...audit(actor, now, c), action: 'complaint.image', recordId: id, before: null, after: { name, mime: image.mime, bytes: image.data.length } })
    }),
  )
  return { name, url: staffImageUrl(name) }
}

/**
 * What reply and close share: the complaint locked, its market, not closed, and not someone else's
 * (an unassigned one becomes the caller's).
 */
async function lockForWork(tx: Tx, actor: DeskActor, id: number, now: Date): Promise<repo.DeskComplaint> {
  const c = await repo.lockDeskComplaint(tx, id)
  if (!c) throw new AppError('notFound')
  assertStaffMarket(actor.staff, c.market)
  if (c.status === 'closed') throw new AppError('complaintClosed')
  const me = meOf(actor.staff)
  if (c.assignee && c.assignee.id !== me.id) throw new AppError('complaintTaken')
  if (!c.assignee) {
    const result = await repo.takeComplaint(tx, id, me)
    if (result.assignee.id !== me.id) throw new AppError('complaintTaken')
    await record(tx, { ...audit(actor, now, c), action: 'complaint.assign', recordId: id, before: { assignee: null }, after: { assignee: me } })
  }
  return c
}

export async function reply(deps: DeskDeps, actor: DeskActor, locale: Locale, id: number, input: { text: string; images: string[] }): Promise<ComplaintDeskDetail> {
  const now = deps.now()
  const images = [...new Set(input.images)]
  if (images.length > COMPLAINT_DESK_LIMITS.replyImagesMax) throw new AppError('tooManyImages')
  return deps.db.transaction(async (tx) => {
    const c = await lockForWork(tx, actor, id, now)
    if (c.status !== 'processing') throw new AppError('complaintAlreadyReplied')
    if ((await repo.countAgentUploads(tx, c.borrowerId, images)) !== images.length) throw new AppError('imageUnknown')
    if (!(await repo.saveReply(tx, id, { text: input.text, images, at: now }))) throw new AppError('complaintAlreadyReplied')
    await record(tx, {
      ...audit(actor, now, c),
      action: 'complaint.reply',
      recordId: id,
      before: { status: c.status, reply: null },
      after: { status: 'replied', reply: { text: input.text, images } },
    })
    return detailView(tx, (await repo.deskComplaint(tx, id))!, locale, now)
  })
}

/**
 * Closes the complaint. `correctReport` asks for a correction record of the order in the next
 * bureau run (docs/product/credit-reporting.md#disputes): only on a credit-report dispute closed as
 * resolved (else `disputeOnly`), in the same transaction as the close, and audited with it.
 */
export async function close(
  deps: DeskDeps,
  actor: DeskActor,
  locale: Locale,
  id: number,
  outcome: 'resolved' | 'unresolved',
  correctReport = false,
): Promise<ComplaintDeskDetail> {
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    const c = await lockForWork(tx, actor, id, now)
    if (correctReport && !(isDispute(c.problemType) && outcome === 'resolved')) throw new AppError('disputeOnly')
    if (!(await repo.saveClose(tx, id, outcome, now))) throw new AppError('complaintClosed')
    await record(tx, {
      ...audit(actor, now, c),
      action: 'complaint.close',
      recordId: id,
      before: { status: c.status, outcome: null },
      after: { status: 'closed', outcome, ...(correctReport ? { correctReport: true } : {}) },
    })
    if (correctReport) {
      await requestCorrection(tx, { orderKey: c.orderKey, market: c.market, complaintId: id, staffId: actor.staff.staffId, at: now })
      await record(tx, {
        ...audit(actor, now, c),
        action: 'complaint.correctReport',
        recordId: id,
        before: null,
        after: { orderNo: c.order.orderNo, correction: 'requested' },
      })
    }
    return detailView(tx, (await repo.deskComplaint(tx, id))!, locale, now)
  })
}

/** An image for a staff member of the complaint's market; any other name, or market, is not found. */
export async function imageForStaff(deps: DeskDeps, staff: StaffPrincipal, name: string): Promise<{ data: Buffer; mime: string }> {
  const row = await repo.uploadByName(deps.db, name)
  const borrower = row ? await borrowerForStaff(deps.db, row.borrowerId) : undefined
  if (!row || !borrower || !staff.markets.includes(borrower.market)) throw new AppError('notFound')
  return readStoredImage(deps, name, row.mime)
}
