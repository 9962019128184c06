import { MARKETS } from '@kilat/domain'
import { z } from 'zod'
import { STORABLE_TEXT } from './text.js'
import { COMPLAINT_LIMITS, COMPLAINT_STATUSES, DISPUTE_STATES } from './complaints.js'
import { defineOpsCall } from './ops.js'
import { ID_MAX } from './screens.js'

/**
 * The complaint desk of the operations console (docs/product/operations.md#complaint-desk): the
 * queue, one complaint, and what an agent does with it. Agents and admins make these calls, each
 * only about complaints of their own markets.
 */
export const COMPLAINT_DESK_ROLES = ['agent', 'admin'] as const

/** docs/product/operations.md#complaint-desk */
export const COMPLAINT_DESK_LIMITS = {
  /** An agent's reply, as the borrower reads it. */
  replyMax: 1000,
  /** An internal note, never shown to the borrower. */
  noteMax: 1000,
  replyImagesMax: COMPLAINT_LIMITS.imagesMax,
  queuePageMax: 100,
  queuePageDefault: 50,
} as const

const complaintId = z.coerce.number().int().positive().max(ID_MAX)
/**
 * Text a person typed: trimmed, no control characters but line breaks and tabs, and no markup (a
 * tag such as `<b>`, `</` or `<!`, as HTML reads one): the borrower's screen shows text only; `a < b` and `<3` pass.
 */
const typed = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/)
    .regex(STORABLE_TEXT)
    .refine((v) => !/<[a-zA-Z!?/]/.test(v), 'markup')
const market = z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(MARKETS))
/** The queue's paging key: the last row's reply-due date and id, as the answer's `nextCursor` gives it. */
const cursor = z.string().regex(/^\d{4}-\d{2}-\d{2}_\d{1,15}$/)

export const COMPLAINT_OUTCOMES = ['resolved', 'unresolved'] as const

/** The staff member a complaint is assigned to (or who wrote a note). */
const staffRef = z.object({ id: z.number().int(), email: z.string() })

/** How long is left of a deadline: its market-local date and the calendar days until it (0 on the day, negative once past). */
const deadline = z.object({
  /** yyyy-mm-dd, market-local: the deadline ends with that day. */
  date: z.string(),
  daysLeft: z.number().int(),
  /** True once the day has passed while the complaint is still not closed (replied, for our promise). */
  overdue: z.boolean(),
})

const queueRow = z.object({
  id: z.number().int(),
  market: z.enum(MARKETS),
  problemType: z.number().int(),
  /** The type's name in the staff member's language, with the sub-type's for collection. */
  problemTypeName: z.string(),
  status: z.enum(COMPLAINT_STATUSES),
  outcome: z.enum(COMPLAINT_OUTCOMES).nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** Our promise: a reply within 3 business days. */
  replyDue: deadline,
  /** The regulator's limit: Indonesia 10 working days, India 30 days, Mexico 30 business days. */
  regulatorDue: deadline,
  assignee: staffRef.nullable(),
})
export type ComplaintQueueRow = z.infer<typeof queueRow>

/** Sorted by reply-due date, then id; `cursor` is the previous page's `nextCursor`. */
export const complaintQueue = defineOpsCall({
  method: 'GET',
  path: '/ops-api/complaints/queue',
  roles: COMPLAINT_DESK_ROLES,
  query: z.object({
    status: z.enum(COMPLAINT_STATUSES).optional(),
    /** One of the staff member's markets; every one of them when absent. */
    market: market.optional(),
    problemType: z.coerce.number().int().min(1).max(99).optional(),
    /** Not yet replied, reply due today (`today`) or before today (`overdue`), market-local. */
    due: z.enum(['today', 'overdue']).optional(),
    assignee: z.enum(['me', 'nobody']).optional(),
    cursor: cursor.optional(),
    limit: z.coerce.number().int().min(1).max(COMPLAINT_DESK_LIMITS.queuePageMax).default(COMPLAINT_DESK_LIMITS.queuePageDefault),
  }),
  data: z.object({
    rows: z.array(queueRow),
    /** Pass as `cursor` for the next page; null on the last one. */
    nextCursor: z.string().nullable(),
  }),
})

const historyEntry = z.object({
  /** ISO 8601. */
  at: z.string(),
  /** `complaint.assign`, `complaint.note`, `complaint.image`, `complaint.reply`, `complaint.close`. */
  action: z.string(),
  staffId: z.number().int().nullable(),
  role: z.string().nullable(),
})

export const complaintDeskDetailSchema = queueRow.extend({
  problemSonType: z.number().int(),
  /** The sub-type's name, empty when none. */
  problemSonTypeName: z.string(),
  /** The borrower's text. */
  text: z.string(),
  /** Where a staff session opens the borrower's images. */
  images: z.array(z.string()),
  borrower: z.object({
    id: z.number().int(),
    /** Never the whole number: its first digits and last two. */
    phoneMasked: z.string(),
  }),
  order: z.object({
    orderNo: z.string(),
    productName: z.string(),
    /** The order's status number (docs/product/loans.md#statuses). */
    status: z.number().int(),
    /** Integer cents. */
    principal: z.number().int(),
    totalRepay: z.number().int(),
    paid: z.number().int(),
    /** ISO 8601; the two below are null until the loan is paid out. */
    appliedAt: z.string(),
    disbursedAt: z.string().nullable(),
    dueAt: z.string().nullable(),
  }),
  /** The borrower's complaints filed before this one, newest first (the latest 50). */
  earlier: z.array(
    z.object({ id: z.number().int(), createdAt: z.string(), status: z.enum(COMPLAINT_STATUSES), problemTypeName: z.string() }),
  ),
  /** Internal notes, oldest first: never shown to the borrower. */
  notes: z.array(z.object({ id: z.number().int(), at: z.string(), author: staffRef, text: z.string() })),
  /** The reply the borrower reads, null until there is one. */
  reply: z.object({ text: z.string(), images: z.array(z.string()), at: z.string() }).nullable(),
  /** The borrower's stars once rated, else null. */
  score: z.number().int().nullable(),
  closedAt: z.string().nullable(),
  /** What staff did to it, oldest first (from the audit trail). */
  history: z.array(historyEntry),
  /** A credit-report dispute (docs/product/credit-reporting.md#disputes): its state; null for other types. */
  dispute: z.object({ state: z.enum(DISPUTE_STATES), dueOn: z.string() }).nullable(),
})
export type ComplaintDeskDetail = z.infer<typeof complaintDeskDetailSchema>

export const complaintDeskDetail = defineOpsCall({
  method: 'GET',
  path: '/ops-api/complaints/detail',
  roles: COMPLAINT_DESK_ROLES,
  query: z.object({ complaintId }),
  data: complaintDeskDetailSchema,
})

/**
 * Takes an unassigned complaint. Of two agents at once exactly one gets it; the other is told it
 * is taken (`complaintTaken`). Asking again for one's own complaint changes nothing.
 */
export const complaintAssign = defineOpsCall({
  method: 'POST',
  path: '/ops-api/complaints/assign',
  roles: COMPLAINT_DESK_ROLES,
  body: z.object({ complaintId }),
  data: z.object({ assignee: staffRef }),
})

export const complaintNote = defineOpsCall({
  method: 'POST',
  path: '/ops-api/complaints/note',
  roles: COMPLAINT_DESK_ROLES,
  body: z.object({ complaintId, text: typed(COMPLAINT_DESK_LIMITS.noteMax) }),
  data: z.object({ id: z.number().int(), at: z.string(), author: staffRef, text: z.string() }),
})

/**
 * One image of a coming reply, multipart: the field `complaintId` and the file in `image`. The
 * borrower's upload rules (docs/product/complaints.md#images). Answers the stored image's `name`,
 * to send in the reply's `images`, and a `url` a staff session opens.
 */
export const complaintReplyImage = defineOpsCall({
  method: 'POST',
  path: '/ops-api/complaints/reply-image',
  roles: COMPLAINT_DESK_ROLES,
  bodyType: 'multipart',
  body: z.object({ complaintId }),
  data: z.object({ name: z.string(), url: z.string() }),
})

/** The name of an image `reply-image` stored. */
const imageName = z.string().regex(/^[a-f0-9]{32}\.(?:jpg|png)$/)

/**
 * The reply the borrower reads on their complaint (text and up to 9 images from `reply-image`);
 * one per complaint, not once it is closed. Taking it assigns an unassigned complaint to the
 * replier; one assigned to someone else is refused (`complaintTaken`).
 */
export const complaintReply = defineOpsCall({
  method: 'POST',
  path: '/ops-api/complaints/reply',
  roles: COMPLAINT_DESK_ROLES,
  body: z.object({
    complaintId,
    text: typed(COMPLAINT_DESK_LIMITS.replyMax),
    images: z.array(imageName).max(COMPLAINT_DESK_LIMITS.replyImagesMax).default([]),
  }),
  data: complaintDeskDetailSchema,
})

/**
 * Closes as resolved or unresolved, once (of two closers one wins). The same assignment rule as the
 * reply. A credit-report dispute closed as resolved may ask for a correction record in the next
 * run (`correctReport`); on any other complaint it is refused (`disputeOnly`).
 */
export const complaintClose = defineOpsCall({
  method: 'POST',
  path: '/ops-api/complaints/close',
  roles: COMPLAINT_DESK_ROLES,
  body: z.object({ complaintId, outcome: z.enum(COMPLAINT_OUTCOMES), correctReport: z.boolean().default(false) }),
  data: complaintDeskDetailSchema,
})

/** The complaint desk's calls, in the console's access matrix (ops-calls.ts). */
export const COMPLAINTS_OPS_CALLS = [
  complaintQueue,
  complaintDeskDetail,
  complaintAssign,
  complaintNote,
  complaintReplyImage,
  complaintReply,
  complaintClose,
] as const

/** Where a staff session reads a complaint's image (not a contract call: it answers the image's bytes). */
export const OPS_COMPLAINT_IMAGE_PATH = '/ops-api/complaints/images/'
