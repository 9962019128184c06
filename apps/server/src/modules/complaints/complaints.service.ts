import {
  COLLECTION_PROBLEM_TYPE,
  COMPLAINT_LIMITS,
  COMPLAINT_STATUSES,
  type DataOf,
  type Escalation,
  type OrderCard,
  type ParsedBodyOf,
  type contactKfInfo,
  type problemDetail,
  type problemInit,
  type problemList,
  type problemSave,
} from '@kilat/contract'
import {
  ORDER_STATUS,
  formatDate,
  formatDateTime,
  formatMoney,
  isOrderStatus,
  isReplyOverdue,
  orderStatusName,
  replyDueDate,
  type Locale,
  type Market,
} from '@kilat/domain'
import { etagFromHash, sha256Of, type FileStorage } from '../../adapters/storage/file-storage.js'
import type { Config } from '../../config.js'
import { SUPPORT } from '../../content/support.js'
import type { Db, Executor } from '../../db/client.js'
import type { Borrower } from '../auth/auth.service.js'
import type { NewComplaint } from './complaints.schema.js'
import { AppError } from '../../http/errors.js'
import { textsFor } from '../../i18n/index.js'
import * as repo from './complaints.repo.js'
import { DISPUTE_STATE_TEXT, disputeReplyDue, disputeStates, isDispute } from './disputes.js'
import { demoImage, newImageName, processImage } from './images.js'

export interface ComplaintDeps {
  db: Db
  storage: FileStorage
  config: Pick<Config, 'SERVICE_PHONES' | 'SERVICE_EMAILS'>
}

/** Where the owner reads an image (apps/server/src/modules/complaints/complaints.routes.ts serves it). */
export const IMAGE_PATH = '/media/complaints/'
const imageUrl = (name: string) => `${IMAGE_PATH}${name}`

// docs/product/complaints.md#order-card: collection happens only on a loan that was paid out, so
// orders under review, approved but not yet paid, or rejected allow no collection complaint. Nor a
// credit-report dispute (docs/product/credit-reporting.md#disputes): only a loan paid out is reported.
const NEVER_COLLECTED = new Set<number>([ORDER_STATUS.submitted, ORDER_STATUS.approved, ORDER_STATUS.rejected])

function orderCard(row: repo.OrderCardRow, locale: Locale): OrderCard {
  const t = textsFor(locale)
  const status = row.status
  const statusTitle = isOrderStatus(status) ? t.loan.notice[orderStatusName(status)].title : String(status)
  return {
    orderNo: row.orderNo,
    productLogo: row.productLogo,
    productName: row.productName,
    status,
    isShow: NEVER_COLLECTED.has(status) ? 0 : 1,
    list: [
      { title: t.figures.principal, value: formatMoney(row.principal, row.market) },
      { title: t.figures.appliedAt, value: formatDate(row.appliedAt, row.market) },
      { title: t.figures.orderNo, value: row.orderNo },
      { title: STATUS_LABEL[locale], value: statusTitle },
    ],
  }
}

const STATUS_LABEL: Record<Locale, string> = { id: 'Status', en: 'Status', es: 'Estado' }

/** docs/product/complaints.md#start-page: the order asked for (else the latest), every order, the types. */
export async function initOf(db: Executor, borrower: Borrower, locale: Locale, orderNo: string | undefined): Promise<DataOf<typeof problemInit>> {
  const [orderRows, types, waiting] = await Promise.all([
    repo.borrowerOrderCards(db, borrower.id),
    repo.activeProblemTypes(db),
    repo.hasWaitingComplaint(db, borrower.id),
  ])
  const orderList = orderRows.map((r) => orderCard(r, locale))
  const asked = orderNo ? orderList.find((o) => o.orderNo === orderNo) : undefined
  if (orderNo && !asked) throw new AppError('notFound')
  const option = (t: (typeof types)[number]) => ({ title: t.title[locale], value: t.value })
  return {
    problemType: types.filter((t) => t.parentValue === 0).map(option),
    problemSonType: types.filter((t) => t.parentValue === COLLECTION_PROBLEM_TYPE).map(option),
    problemStatus: waiting ? 1 : 0,
    orderDetail: asked ?? orderList[0] ?? null,
    orderList,
    replyNote: textsFor(locale).complaints.replyNote,
  }
}

/** A double tap without a request key: the same complaint within this many seconds is the same one. */
export const SAME_COMPLAINT_SECONDS = 30

const NAME_IN_URL = /(?:^|\/)([a-z0-9_-]{8,64}\.(?:jpg|png|webp))$/

/** The stored names of `problemImage` (comma-joined urls as upload-problem-img answered them). */
export function imageNamesOf(problemImage: string): string[] {
  const parts = problemImage.split(',').map((p) => p.trim()).filter(Boolean)
  if (parts.length > COMPLAINT_LIMITS.imagesMax) throw new AppError('tooManyImages')
  const names = parts.map((p) => {
    const path = p.split(/[?#]/)[0] ?? ''
    const m = NAME_IN_URL.exec(path)
    if (!m || !(path === m[1] || path.endsWith(`${IMAGE_PATH}${m[1]}`))) throw new AppError('imageUnknown')
    return m[1]!
  })
  return [...new Set(names)]
}

/**
 * docs/product/complaints.md#saving: checks, then one transaction under the borrower's lock, so
 * that a double tap (same request key, or the same complaint within 30 s) answers the first one.
 */
export async function saveComplaint(
  db: Db,
  borrower: Borrower,
  input: ParsedBodyOf<typeof problemSave>,
  now = new Date(),
): Promise<DataOf<typeof problemSave>> {
  if (input.problemDetail === '') throw new AppError('complaintTextRequired')
  const images = imageNamesOf(input.problemImage)
  const market = borrower.market
  const answer = (c: { id: number; replyDue: string }) => ({ problemId: c.id, replyDue: c.replyDue })

  return db.transaction(async (tx) => {
    await repo.lockBorrower(tx, borrower.id)
    if (input.requestKey) {
      const earlier = await repo.complaintByRequestKey(tx, borrower.id, input.requestKey)
      if (earlier) return answer(earlier)
    }
    const order = await repo.findOrderForComplaint(tx, borrower.id, input.orderNo)
    if (!order) throw new AppError('notFound')
    const types = await repo.activeProblemTypes(tx)
    const type = types.find((t) => t.parentValue === 0 && t.value === input.problemType)
    const subTypes = types.filter((t) => t.parentValue === input.problemType)
    const son = input.problemSonType ?? 0
    if (!type) throw new AppError('problemTypeInvalid')
    if (subTypes.length > 0 ? !subTypes.some((t) => t.value === son) : son !== 0) throw new AppError('problemTypeInvalid')
    if (input.problemType === COLLECTION_PROBLEM_TYPE && NEVER_COLLECTED.has(order.status)) throw new AppError('collectionNotAllowed')
    if (isDispute(input.problemType) && NEVER_COLLECTED.has(order.status)) throw new AppError('disputeNotReported')
    if ((await repo.countOwnUploads(tx, borrower.id, images)) !== images.length) throw new AppError('imageUnknown')

    const values: NewComplaint = {
      borrowerId: borrower.id,
      orderKey: order.id,
      problemType: input.problemType,
      problemSonType: son,
      detail: input.problemDetail,
      images,
      // a credit-report dispute is due by the market's dispute rule, any other by our promise
      replyDue: isDispute(input.problemType) ? disputeReplyDue(now, market) : replyDueDate(now, market, COMPLAINT_LIMITS.replyWeekdays),
      requestKey: input.requestKey ?? null,
    }
    const same = await repo.recentSameComplaint(tx, values, SAME_COMPLAINT_SECONDS)
    if (same) return answer(same)
    return answer(await repo.insertComplaint(tx, values))
  })
}

export interface UploadInput {
  data: Buffer
}

/**
 * docs/product/complaints.md#images: quota, type from the bytes, size, re-encoding, a server-made
 * name; the row is written under the borrower's lock, so the quota holds for uploads sent together.
 */
export async function uploadImage(deps: ComplaintDeps, borrower: Borrower, file: UploadInput): Promise<{ url: string }> {
  if ((await repo.uploadsToday(deps.db, borrower.id, borrower.market)) >= COMPLAINT_LIMITS.uploadsPerDay) throw new AppError('uploadQuotaReached')
  const image = await processImage(file.data)
  const name = newImageName(image.ext)
  await storedThenRecorded(deps.storage, name, image.data, () =>
    deps.db.transaction(async (tx) => {
      await repo.lockBorrower(tx, borrower.id)
      if ((await repo.uploadsToday(tx, borrower.id, borrower.market)) >= COMPLAINT_LIMITS.uploadsPerDay) throw new AppError('uploadQuotaReached')
      await repo.insertUpload(tx, { borrowerId: borrower.id, name, mime: image.mime, bytes: image.data.length, width: image.width, height: image.height })
    }),
  )
  return { url: imageUrl(name) }
}

/**
 * Stores the file, then records it: never a row without its file. The file goes first, outside
 * the row's transaction, because the storage may be the database itself (adapters/storage), and on
 * PGlite's one connection a statement outside an open transaction would wait for it forever. A
 * record refused (the quota, a closed complaint) takes the file away again; a crash in between
 * leaves an orphan file, which no row names and so nobody can read.
 */
export async function storedThenRecorded<T>(storage: FileStorage, name: string, data: Buffer, record: () => Promise<T>): Promise<T> {
  await storage.put(name, data)
  try {
    return await record()
  } catch (error) {
    await storage.delete(name).catch(() => {})
    throw error
  }
}

export interface StoredImage {
  /** null: the caller's copy is current (its ETag matched), nothing to send. */
  data: Buffer | null
  mime: string
  etag: string
}

/**
 * An image for its owner only: another borrower's (or no such name) is not found. `isCurrent`
 * tells whether the caller's copy has this ETag; then only the tag is read, not the bytes.
 */
export async function imageFor(deps: ComplaintDeps, borrower: Borrower, name: string, isCurrent?: (etag: string) => boolean): Promise<StoredImage> {
  const row = await repo.ownUpload(deps.db, borrower.id, name)
  if (!row) throw new AppError('notFound')
  if (isCurrent) {
    const etag = await deps.storage.etagOf(name)
    if (etag !== null && isCurrent(etag)) return { data: null, mime: row.mime, etag }
  }
  return readStoredImage(deps, name, row.mime)
}

/** The bytes of a stored image; a demo reply image is drawn the first time it is asked for. */
export async function readStoredImage(deps: Pick<ComplaintDeps, 'storage'>, name: string, mime: string): Promise<{ data: Buffer; mime: string; etag: string }> {
  const stored = await deps.storage.get(name)
  if (stored) return { data: stored.data, mime, etag: stored.etag }
  const drawn = await demoImage(name)
  if (!drawn) throw new AppError('notFound')
  await deps.storage.put(name, drawn)
  return { data: drawn, mime, etag: etagFromHash(sha256Of(drawn)) }
}

function typeText(row: Pick<repo.ComplaintListRow, 'problemType' | 'problemSonType' | 'typeTitle' | 'sonTitle'>, locale: Locale): { type: string; sonType: string } {
  const type = row.typeTitle?.[locale] ?? String(row.problemType)
  const sonType = row.problemSonType ? (row.sonTitle?.[locale] ?? String(row.problemSonType)) : ''
  return { type, sonType }
}

/** docs/product/complaints.md#list: three tabs, always in the same order, rows newest first. */
export async function listOf(db: Executor, borrower: Borrower, locale: Locale): Promise<DataOf<typeof problemList>> {
  const rows = await repo.borrowerComplaints(db, borrower.id)
  const t = textsFor(locale).complaints
  return {
    tabs: COMPLAINT_STATUSES.map((status) => ({
      status,
      title: t.tabs[status],
      list: rows
        .filter((r) => r.status === status)
        .map((r) => {
          const { type, sonType } = typeText(r, locale)
          return {
            id: r.id,
            time: formatDateTime(r.createdAt, borrower.market),
            type: sonType ? t.typeWithSub(type, sonType) : type,
            content: r.detail,
            status: r.status,
            replyDue: r.replyDue,
          }
        }),
    })),
  }
}

export function escalationOf(market: Market, locale: Locale): Escalation {
  const s = SUPPORT[market]
  return { title: s.escalation.title[locale], text: s.escalation.text[locale], authority: s.authority, grievanceOfficer: s.grievanceOfficer }
}

/**
 * docs/product/complaints.md#detail: the complaint, the agent's reply, the rating flag, the reply
 * date and escalation; for a credit-report dispute its state (docs/product/credit-reporting.md#disputes).
 */
export async function detailOf(db: Executor, borrower: Borrower, locale: Locale, id: number, now = new Date()): Promise<DataOf<typeof problemDetail>> {
  const row = await repo.borrowerComplaint(db, borrower.id, id)
  if (!row) throw new AppError('notFound')
  const disputeState = (await disputeStates(db, [row])).get(row.id)
  const market = borrower.market
  const t = textsFor(locale).complaints
  const { type, sonType } = typeText(row, locale)
  const overdue = row.status === 'processing' && isReplyOverdue(row.replyDue, now, market)
  const answered = row.status !== 'processing'
  const replyDueText = row.repliedAt ? t.answeredOn(formatDate(row.repliedAt, market)) : overdue ? t.overdue(row.replyDue) : t.replyDue(row.replyDue)
  return {
    problemId: row.id,
    type,
    sonType,
    typeValue: row.problemType,
    sonTypeValue: row.problemSonType,
    orderNo: row.orderNo,
    content: row.detail,
    images: row.images.map(imageUrl),
    disposeDetail: row.replyText ?? '',
    disposeImages: row.replyImages.map(imageUrl),
    isScore: answered && row.score === null ? 1 : 0,
    score: row.score ?? 0,
    status: row.status,
    outcome: row.outcome ?? null,
    time: formatDateTime(row.createdAt, market),
    replyTime: row.repliedAt ? formatDateTime(row.repliedAt, market) : '',
    replyDue: row.replyDue,
    replyDueText,
    overdue,
    escalation: overdue || row.outcome === 'unresolved' ? escalationOf(market, locale) : null,
    dispute: disputeState ? { state: disputeState, stateText: DISPUTE_STATE_TEXT[locale][disputeState], dueOn: row.replyDue } : null,
  }
}

/** docs/product/complaints.md#rating: 1 to 5 stars, once, on an answered complaint. */
export async function scoreOf(db: Executor, borrower: Borrower, id: number, score: number): Promise<void> {
  if (score === 0) throw new AppError('ratingRequired')
  const result = await repo.scoreComplaint(db, borrower.id, id, score)
  if (result === 'notFound') throw new AppError('notFound')
  if (result === 'alreadyRated') throw new AppError('alreadyRated')
  if (result === 'notAnswered') throw new AppError('complaintNotAnswered')
}

/** docs/product/complaints.md#customer-service-contact: the market's contact from the configuration. */
export function contactOf(config: Pick<Config, 'SERVICE_PHONES' | 'SERVICE_EMAILS'>, market: Market, locale: Locale): DataOf<typeof contactKfInfo> {
  const s = SUPPORT[market]
  return { email: config.SERVICE_EMAILS[market], smWa: config.SERVICE_PHONES[market], hours: s.hours[locale], market, grievanceOfficer: s.grievanceOfficer }
}
/** The ops console's order desk: an order's complaints, a market's replies due today and late. */
export { complaintsDueIn, openCollectionComplaintsOf, orderComplaintsOf, type OrderComplaint } from './order-desk-reads.js'
