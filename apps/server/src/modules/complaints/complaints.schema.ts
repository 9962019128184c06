import { sql } from 'drizzle-orm'
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, ts, createdAt, type Localized } from '../../db/columns.js'
import { borrowers } from '../auth/auth.schema.js'
import { orders } from '../orders/orders.schema.js'

/**
 * Complaint problem types and the collection sub-types (docs/product/complaints.md#problem-types):
 * `parent_value` 0 for a type, the type's value (1, collection) for its sub-types.
 */
export const problemTypes = pgTable(
  'problem_types',
  {
    id: id(),
    parentValue: integer('parent_value').notNull().default(0),
    value: integer('value').notNull(),
    title: jsonb('title').$type<Localized>().notNull(),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('problem_types_parent_value_key').on(t.parentValue, t.value)],
)

export const COMPLAINT_STATUS_NAMES = ['processing', 'replied', 'closed'] as const
export type ComplaintStatusName = (typeof COMPLAINT_STATUS_NAMES)[number]
export type ComplaintOutcome = 'resolved' | 'unresolved'

/**
 * A borrower's complaint (docs/product/complaints.md#complaint-lifecycle). Images are the names the
 * storage adapter gave the uploads (`complaint_uploads.name`), never addresses. `reply_due` is the
 * market-local date by which an agent answers (3 business days). `request_key` makes a double tap
 * one complaint (docs/product/complaints.md#saving).
 */
export const complaints = pgTable(
  'complaints',
  {
    id: id(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    /** The order's database key (`orders.id`); see the note above `orders`. */
    orderKey: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    problemType: integer('problem_type').notNull(),
    /** 0 when the type has no sub-types. */
    problemSonType: integer('problem_son_type').notNull().default(0),
    detail: text('detail').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    status: text('status').$type<ComplaintStatusName>().notNull().default('processing'),
    outcome: text('outcome').$type<ComplaintOutcome>(),
    replyText: text('reply_text'),
    replyImages: jsonb('reply_images').$type<string[]>().notNull().default([]),
    repliedAt: ts('replied_at'),
    closedAt: ts('closed_at'),
    score: integer('score'),
    scoredAt: ts('scored_at'),
    replyDue: date('reply_due', { mode: 'string' }).notNull(),
    requestKey: text('request_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('complaints_borrower_created_idx').on(t.borrowerId, t.createdAt),
    index('complaints_status_due_idx').on(t.status, t.replyDue),
    // the console at scale (docs/performance/console-at-scale.md): an order's complaints on the
    // order screen, and the desk's queue of every status in its order (reply due, then id)
    index('complaints_order_idx').on(t.orderKey),
    index('complaints_due_id_idx').on(t.replyDue, t.id),
    uniqueIndex('complaints_borrower_request_key').on(t.borrowerId, t.requestKey).where(sql`request_key is not null`),
    check('complaints_status_check', sql`${t.status} in ('processing', 'replied', 'closed')`),
    check('complaints_outcome_check', sql`${t.outcome} is null or (${t.status} = 'closed' and ${t.outcome} in ('resolved', 'unresolved'))`),
    check('complaints_score_check', sql`${t.score} is null or ${t.score} between 1 and 5`),
    check('complaints_detail_check', sql`char_length(${t.detail}) between 1 and 200`),
  ],
)

/**
 * An image stored through the storage adapter (docs/product/complaints.md#images): the borrower's
 * own uploads and the agent's reply images, both served only to that borrower.
 */
export const complaintUploads = pgTable(
  'complaint_uploads',
  {
    id: id(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    /** Server-made file name (random, with the extension of the re-encoded type). */
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    source: text('source').$type<'borrower' | 'agent'>().notNull().default('borrower'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('complaint_uploads_name_key').on(t.name),
    index('complaint_uploads_borrower_created_idx').on(t.borrowerId, t.createdAt),
    check('complaint_uploads_source_check', sql`${t.source} in ('borrower', 'agent')`),
  ],
)

/**
 * Who works on a complaint (docs/product/operations.md#complaint-desk): one row per complaint, so
 * that of two agents taking it at once the database lets exactly one in. The staff member's email
 * is kept as it was then: staff rows belong to modules/staff, and the desk shows it without them.
 */
export const complaintAssignments = pgTable(
  'complaint_assignments',
  {
    complaintId: bigint('complaint_id', { mode: 'number' })
      .primaryKey()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    staffId: bigint('staff_id', { mode: 'number' }).notNull(),
    staffEmail: text('staff_email').notNull(),
    assignedAt: ts('assigned_at').notNull().defaultNow(),
  },
  (t) => [index('complaint_assignments_staff_idx').on(t.staffId)],
)

/** Staff's internal notes on a complaint: never shown to the borrower. */
export const complaintNotes = pgTable(
  'complaint_notes',
  {
    id: id(),
    complaintId: bigint('complaint_id', { mode: 'number' })
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    staffId: bigint('staff_id', { mode: 'number' }).notNull(),
    staffEmail: text('staff_email').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('complaint_notes_complaint_idx').on(t.complaintId, t.id), check('complaint_notes_text_check', sql`char_length(${t.text}) between 1 and 1000`)],
)

export type ProblemType = typeof problemTypes.$inferSelect
export type Complaint = typeof complaints.$inferSelect
export type NewComplaint = typeof complaints.$inferInsert
export type ComplaintUpload = typeof complaintUploads.$inferSelect
