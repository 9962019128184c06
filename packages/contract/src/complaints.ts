import { MARKETS } from '@kilat/domain'
import { z } from 'zod'
import { STORABLE_TEXT } from './text.js'
import { defineCall } from './call.js'
import { ID_MAX, ORDER_NO } from './screens.js'

/**
 * Complaints (docs/product/complaints.md). The user-problem family answers in the `code00`
 * envelope; the customer-service contact (`personal-center`) in `code0`.
 */

/** orderId and orderNo name the same public order number (docs/product/envelopes-and-errors.md#url-map). */
const orderNo = z.string().trim().regex(ORDER_NO)
const problemId = z.coerce.number().int().positive().max(ID_MAX)
const option = z.object({ title: z.string(), value: z.number().int() })

/** Limits of a complaint (docs/product/complaints.md#limits). */
export const COMPLAINT_LIMITS = {
  detailMax: 200,
  imagesMax: 9,
  imageBytesMax: 5 * 1024 * 1024,
  imagePixelsMax: 4096,
  /** Photos one borrower may upload per market-local day. */
  uploadsPerDay: 30,
  /** Weekdays within which an agent replies. */
  replyWeekdays: 3,
} as const

/** The problem type whose complaints need a sub-type and an order that allows them (isShow 1). */
export const COLLECTION_PROBLEM_TYPE = 1

/**
 * The problem type of a credit-report dispute, "my credit report is wrong"
 * (docs/product/credit-reporting.md#disputes): it needs an order that was reported, and its reply
 * is due by the market's dispute rule, not the usual three weekdays.
 */
export const CREDIT_REPORT_PROBLEM_TYPE = 9

/**
 * Where a credit-report dispute stands, as the borrower reads it: received; a correction waits for
 * the next run; the correction was sent to the bureaus; or closed with the record as it was.
 */
export const DISPUTE_STATES = ['received', 'correction_queued', 'correction_sent', 'no_change'] as const
export type DisputeState = (typeof DISPUTE_STATES)[number]
export const disputeSchema = z.object({
  state: z.enum(DISPUTE_STATES),
  /** The state in the borrower's language. */
  stateText: z.string(),
  /** yyyy-mm-dd: the market's limit for a dispute. */
  dueOn: z.string(),
})

export const COMPLAINT_STATUSES = ['processing', 'replied', 'closed'] as const
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number]

/** An order as the complaint screens show it (docs/product/complaints.md#order-card). */
export const orderCardSchema = z.object({
  orderNo: z.string(),
  productLogo: z.string(),
  productName: z.string(),
  /** The order's status number (docs/product/loans.md#statuses). */
  status: z.number().int(),
  /** 1 when a collection complaint (type 1) may be sent about this order. */
  isShow: z.union([z.literal(0), z.literal(1)]),
  /** Lines of the card: amount, applied on, status text. */
  list: z.array(z.object({ title: z.string(), value: z.string() })),
})
export type OrderCard = z.infer<typeof orderCardSchema>

const problemInitData = z.object({
  /** Problem types; type 1 (collection) asks for a sub-type. */
  problemType: z.array(option),
  /** Sub-types of the collection type. */
  problemSonType: z.array(option),
  /** 1 when the borrower has a complaint waiting for a reply (the 'My complaints' link shows it). */
  problemStatus: z.union([z.literal(0), z.literal(1)]),
  /** The order asked for, else the latest; null when the borrower has no order. */
  orderDetail: orderCardSchema.nullable(),
  /** Every order of the borrower, newest first. */
  orderList: z.array(orderCardSchema),
  /** The promise on the form: "we reply within 3 weekdays", in the borrower's language. */
  replyNote: z.string(),
})
export type ProblemInit = z.infer<typeof problemInitData>

const problemInitBody = z.object({ orderId: orderNo.optional(), orderNo: orderNo.optional() })

export const problemInit = defineCall({
  method: 'POST',
  path: '/h5-api/user-problem/problem-init',
  family: 'code00',
  auth: 'borrower',
  body: problemInitBody,
  data: problemInitData,
})

/** The older start page's init; the same answer. */
export const problemInitV3 = defineCall({
  method: 'POST',
  path: '/h5-api/v3/user-problem/problem-init',
  family: 'code00',
  auth: 'borrower',
  body: problemInitBody,
  data: problemInitData,
})

/**
 * `problemImage`: the urls answered by upload-problem-img, comma-joined (at most 9).
 * `requestKey`: a key the form makes once per complaint; the same key sent again (a double tap, a
 * retry after a lost answer) answers the complaint already saved (docs/product/complaints.md#saving).
 * An empty problemDetail answers `complaintTextRequired`.
 */
export const problemSave = defineCall({
  method: 'POST',
  path: '/h5-api/user-problem/problem-save',
  family: 'code00',
  auth: 'borrower',
  body: z.object({
    problemType: z.coerce.number().int().min(1).max(99),
    problemSonType: z.coerce.number().int().min(0).max(99).optional(),
    problemDetail: z.string().trim().max(COMPLAINT_LIMITS.detailMax).regex(STORABLE_TEXT).default(''),
    problemImage: z.string().trim().max(2000).regex(STORABLE_TEXT).default(''),
    orderNo,
    requestKey: z.string().trim().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/).optional(),
  }),
  data: z.object({
    problemId: z.number().int(),
    /** yyyy-mm-dd: the last day of the reply promise (3 weekdays, the market's holidays out). */
    replyDue: z.string(),
  }),
})

export const uploadProblemImg = defineCall({
  method: 'POST',
  path: '/h5-api/user-problem/upload-problem-img',
  family: 'code00',
  auth: 'borrower',
  bodyType: 'multipart',
  /** The file travels in the multipart field `problemImage`. */
  body: z.object({}),
  /** `url`: where the owner (and only the owner) reads the photo; send it back in problem-save. */
  data: z.object({ url: z.string() }),
})

const listRow = z.object({
  id: z.number().int(),
  /** yyyy-mm-dd hh:mm:ss, market time. */
  time: z.string(),
  /** The type's title (with the sub-type's for collection). */
  type: z.string(),
  content: z.string(),
  status: z.enum(COMPLAINT_STATUSES),
  /** yyyy-mm-dd. */
  replyDue: z.string(),
})

export const problemList = defineCall({
  method: 'POST',
  path: '/h5-api/user-problem/problem-list',
  family: 'code00',
  auth: 'borrower',
  data: z.object({
    /** In order: processing, replied, closed; each tab's rows newest first. */
    tabs: z.array(z.object({ status: z.enum(COMPLAINT_STATUSES), title: z.string(), list: z.array(listRow) })),
  }),
})

/** Where a borrower can take a complaint we did not settle (docs/product/complaints.md#escalation). */
export const escalationSchema = z.object({
  title: z.string(),
  text: z.string(),
  /** The market's authority: OJK (Indonesia), the RBI ombudsman (India), CONDUSEF (Mexico). */
  authority: z.object({ name: z.string(), phone: z.string(), url: z.string() }),
  grievanceOfficer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
})
export type Escalation = z.infer<typeof escalationSchema>

export const problemDetail = defineCall({
  method: 'POST',
  path: '/h5-api/user-problem/problem-detail',
  family: 'code00',
  auth: 'borrower',
  body: z.object({ problemId }),
  data: z.object({
    problemId: z.number().int(),
    /** Type title. */
    type: z.string(),
    /** Sub-type title, empty when none. */
    sonType: z.string(),
    typeValue: z.number().int(),
    sonTypeValue: z.number().int(),
    orderNo: z.string(),
    content: z.string(),
    images: z.array(z.string()),
    /** The agent's reply, empty until there is one. */
    disposeDetail: z.string(),
    disposeImages: z.array(z.string()),
    /** 1: the complaint was answered and not yet rated, so the rating modal opens 3 s after load. */
    isScore: z.union([z.literal(0), z.literal(1)]),
    /** The stars given, 0 when none. */
    score: z.number().int(),
    status: z.enum(COMPLAINT_STATUSES),
    /** Closed complaints only: whether the borrower's problem was solved. */
    outcome: z.enum(['resolved', 'unresolved']).nullable(),
    /** yyyy-mm-dd hh:mm:ss, market time. */
    time: z.string(),
    replyTime: z.string(),
    /** yyyy-mm-dd. */
    replyDue: z.string(),
    /** "Reply due by …" or "Answered on …", in the borrower's language. */
    replyDueText: z.string(),
    /** True when it is still unanswered after its reply date. */
    overdue: z.boolean(),
    /** When overdue or closed unresolved: where to escalate; else null. */
    escalation: escalationSchema.nullable(),
    /** A credit-report dispute's state; null for every other type. */
    dispute: disputeSchema.nullable(),
  }),
})

export const saveScore = defineCall({
  method: 'POST',
  path: '/h5-api/user-problem/save-score',
  family: 'code00',
  auth: 'borrower',
  body: z.object({ problemId, score: z.coerce.number().int().min(0).max(5) }),
})

/** Customer-service contact of the request's market (overall=30). */
export const contactKfInfo = defineCall({
  method: 'POST',
  path: '/h5-api/v3/personal-center/contact-kf-info',
  family: 'code0',
  auth: 'optional',
  body: z.object({ overall: z.coerce.number().int().min(0).max(1000).optional() }),
  data: z.object({
    email: z.string(),
    /** Customer-service telephone. */
    smWa: z.string(),
    /** Service hours, in the borrower's language. */
    hours: z.string(),
    market: z.enum(MARKETS),
    grievanceOfficer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  }),
})

export const complaintCalls = { problemInit, problemInitV3, problemSave, uploadProblemImg, problemList, problemDetail, saveScore, contactKfInfo }
