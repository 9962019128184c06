import { DELINQUENCY_BUCKETS, MARKETS, REMINDER_STEPS } from '@kilat/domain'
import { z } from 'zod'
import { STORABLE_TEXT } from './text.js'
import { STAFF_ROLES, defineOpsCall } from './ops.js'
import { opsOrderNo } from './orders.js'

/**
 * The collections desk's ops calls (docs/product/collections.md): the delinquency buckets, the
 * queue of overdue orders, an order's contact log and a new contact (the collector), and the
 * reminders the system sends before a due date, which join the same log.
 */

/** docs/product/collections.md#contact-log */
export const COLLECTIONS_LIMITS = {
  noteMax: 500,
  pageMax: 100,
  pageDefault: 50,
  /** A promise to pay is at most this many days after the borrower's local today. */
  promiseDaysMax: 30,
} as const

/** How a collector reached (or tried to reach) the borrower; `sms` is also the reminders' channel. */
export const CONTACT_CHANNELS = ['phone', 'sms', 'whatsapp', 'email'] as const
export type ContactChannel = (typeof CONTACT_CHANNELS)[number]

/** What came of a contact a collector made. */
export const CONTACT_OUTCOMES = ['no_answer', 'reached', 'promise_to_pay', 'refused_to_pay', 'wrong_number'] as const
export type ContactOutcome = (typeof CONTACT_OUTCOMES)[number]
/** What the log shows: a collector's outcomes, and the system's reminders (sent, or refused by the SMS provider). */
export const CONTACT_LOG_OUTCOMES = [...CONTACT_OUTCOMES, 'reminder_sent', 'reminder_failed'] as const
export type ContactLogOutcome = (typeof CONTACT_LOG_OUTCOMES)[number]

const market = z.enum(MARKETS)
const marketFilter = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(MARKETS))
  .optional()
const isoString = z.string()
const cents = z.number().int()
/** Key-set paging down the queue: the last row's amount owed and order key, `<cents>.<id>`. */
const cursor = z.string().regex(/^\d{1,15}\.\d{1,15}$/).optional()
const limit = z.coerce.number().int().min(1).max(COLLECTIONS_LIMITS.pageMax).default(COLLECTIONS_LIMITS.pageDefault)
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

export const promiseSchema = z.object({
  /** The borrower-local date by which they promised to pay (yyyy-mm-dd). */
  date: z.string(),
  amount: cents,
  /** `broken` from the borrower's local day after the date, when less than the amount came in. */
  state: z.enum(['pending', 'kept', 'broken']),
  /** What the borrower paid from the promise through its date, cents. */
  paidSince: cents,
})

/** One line of an order's contact log. */
export const contactSchema = z.object({
  id: z.number().int(),
  channel: z.enum(CONTACT_CHANNELS),
  outcome: z.enum(CONTACT_LOG_OUTCOMES),
  note: z.string(),
  /** The staff member who made it; null for the system's reminder. */
  staffEmail: z.string().nullable(),
  /** A reminder's step (3 days before, the day before, the due date); null for a collector's contact. */
  reminderStep: z.enum(REMINDER_STEPS).nullable(),
  /** When, and the borrower's local time then (`yyyy-mm-dd hh:mm`). */
  at: isoString,
  localAt: z.string(),
  promise: promiseSchema.nullable(),
})
export type ContactView = z.infer<typeof contactSchema>

const bucketFigures = z.object({ bucket: z.enum(DELINQUENCY_BUCKETS), count: z.number().int(), amount: cents })

/** Collector: the market's overdue orders by bucket, with counts and the amounts owed. */
export const collectionBuckets = defineOpsCall({
  method: 'GET',
  path: '/ops-api/collections/buckets',
  roles: ['collector'],
  query: z.object({ market: marketFilter }),
  data: z.object({
    markets: z.array(z.object({ market, date: z.string(), buckets: z.array(bucketFigures) })),
  }),
})

/** An overdue order as the queue lists it: no name, the phone masked, never a third party. */
export const collectionQueueRowSchema = z.object({
  orderNo: z.string(),
  market,
  status: z.number().int(),
  productName: z.string(),
  phoneMasked: z.string(),
  /** The oldest unpaid installment's due date and the whole local days since. */
  dueAt: isoString,
  daysOverdue: z.number().int(),
  bucket: z.enum(DELINQUENCY_BUCKETS),
  /** What the order owes now, late charges included, cents. */
  owed: cents,
  lastContactAt: isoString.nullable(),
  lastOutcome: z.enum(CONTACT_LOG_OUTCOMES).nullable(),
  /** The latest promise to pay, with its state. */
  promise: promiseSchema.nullable(),
})

/** Collector: overdue orders of a bucket (all buckets without one), largest amount owed first. */
export const collectionQueue = defineOpsCall({
  method: 'GET',
  path: '/ops-api/collections/queue',
  roles: ['collector'],
  query: z.object({ market: marketFilter, bucket: z.enum(DELINQUENCY_BUCKETS).optional(), cursor, limit }),
  data: z.object({ orders: z.array(collectionQueueRowSchema), nextCursor: z.string().nullable() }),
})

/** Every role of the order's market: its contact log, newest first, and whether a contact may be made now. */
export const collectionContacts = defineOpsCall({
  method: 'GET',
  path: '/ops-api/collections/contacts',
  roles: STAFF_ROLES,
  query: z.object({ orderNo: opsOrderNo }),
  data: z.object({
    orderNo: z.string(),
    market,
    /** The borrower's local time now, `yyyy-mm-dd hh:mm`, and the market's window (`08:00-20:00`). */
    localNow: z.string(),
    windowHours: z.string(),
    /** Whether a contact may be recorded now, by the market's window, in the borrower's calendar. */
    windowOpen: z.boolean(),
    contacts: z.array(contactSchema),
  }),
})

/**
 * Collector: records a contact attempt. Refused outside the market's window in the borrower's
 * local time and calendar (`contactOutsideWindow`); a promise to pay (outcome `promise_to_pay`)
 * needs a date from the borrower's today to 30 days on and an amount up to what is owed.
 */
export const collectionRecordContact = defineOpsCall({
  method: 'POST',
  path: '/ops-api/collections/contacts',
  roles: ['collector'],
  body: z
    .object({
      orderNo: opsOrderNo,
      channel: z.enum(CONTACT_CHANNELS),
      outcome: z.enum(CONTACT_OUTCOMES),
      note: z.string().trim().max(COLLECTIONS_LIMITS.noteMax).regex(STORABLE_TEXT).default(''),
      promiseDate: isoDate.optional(),
      promiseAmount: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    })
    .refine((b) => b.outcome !== 'promise_to_pay' || (b.promiseDate !== undefined && b.promiseAmount !== undefined), {
      path: ['promiseDate'],
      message: 'a promise to pay needs its date and amount',
    })
    .refine((b) => b.outcome === 'promise_to_pay' || (b.promiseDate === undefined && b.promiseAmount === undefined), {
      path: ['promiseDate'],
      message: 'only a promise to pay has a date and amount',
    }),
  data: z.object({ contact: contactSchema }),
})

/**
 * Demo mode only: sets the collections desk's clock (an ISO instant; null gives it back to the real
 * time), so that a browser test can try a contact at 21:00 and at 10:00 Jakarta time. Not served
 * without demo mode.
 */
export const collectionDemoClock = defineOpsCall({
  method: 'POST',
  path: '/ops-api/demo/collections-clock',
  roles: [],
  body: z.object({ at: z.iso.datetime({ offset: true }).nullable() }),
  data: z.object({ at: isoString }),
})

/** The collections calls, in the console's access matrix (ops-calls.ts). */
export const COLLECTIONS_OPS_CALLS = [collectionBuckets, collectionQueue, collectionContacts, collectionRecordContact, collectionDemoClock] as const
