import { MARKETS } from '@kilat/domain'
import { z } from 'zod'
import { defineOpsCall } from './ops.js'
import { ID_MAX } from './screens.js'
import { STORABLE_TEXT } from './text.js'

/**
 * The registration funnel's ops calls (docs/product/registration-funnel.md): visits → SMS sent →
 * registered → first order → first repayment of a market's days, by landing page and utm_tag, with
 * each step's rate against the one before. Admins only, in their own markets.
 */

export const FUNNEL_LIMITS = {
  /** A range covers at most this many days (a quarter). */
  daysMax: 92,
  /** Days the console opens on: the last 30, today included. */
  daysDefault: 30,
  /** Rows of day × landing page × utm_tag answered to the screen; the CSV has them all. */
  rowsMax: 500,
  /** utm_tags offered in the filter: the range's most registering ones. */
  utmTagsMax: 100,
} as const

const market = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(MARKETS))
/** A market-local calendar day. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d, { message: 'not a calendar day' })

/** A range of the market's local days, `from` ≤ `to`, at most FUNNEL_LIMITS.daysMax long (the server checks the range). */
export const funnelQuery = z.object({
  market,
  from: day,
  to: day,
  /** One landing page (`/register?id=`) of the market; another market's answers 404. */
  templateId: z.coerce.number().int().positive().max(ID_MAX).optional(),
  /** One campaign tag, as the landing page passed it. */
  utmTag: z.string().trim().min(1).max(64).regex(STORABLE_TEXT).optional(),
})

const count = z.number().int().nonnegative()
/** A step's rate against the step before it in basis points (10000 = 100 %); null when that step counted nothing. */
const rate = z.number().int().nonnegative().nullable()

export const funnelCountsSchema = z.object({ visits: count, smsSent: count, registered: count, firstOrders: count, firstRepayments: count })
export const funnelRatesSchema = z.object({ visits: rate, smsSent: rate, registered: rate, firstOrders: rate, firstRepayments: rate })

const funnelLine = z.object({ counts: funnelCountsSchema, rates: funnelRatesSchema })

export const funnelDaySchema = funnelLine.extend({ day: z.string() })
export const funnelRowSchema = funnelLine.extend({
  day: z.string(),
  /** 0: the visit named no landing page of the market. */
  templateId: z.number().int().nonnegative(),
  /** '' : none passed. */
  utmTag: z.string(),
})
export type FunnelRow = z.infer<typeof funnelRowSchema>
export type FunnelDay = z.infer<typeof funnelDaySchema>

export const funnelTemplateSchema = z.object({ id: z.number().int().positive(), name: z.string(), active: z.boolean() })

/** Admin: the funnel of a market's date range. */
export const funnelReport = defineOpsCall({
  method: 'GET',
  path: '/ops-api/funnel',
  roles: ['admin'],
  query: funnelQuery,
  data: z.object({
    market: z.enum(MARKETS),
    from: z.string(),
    to: z.string(),
    /** The market's landing pages, for the filter and the rows' names. */
    templates: z.array(funnelTemplateSchema),
    /** The range's utm_tags (those of the chosen landing page), most registering first. */
    utmTags: z.array(z.string()),
    /** Every day of the range, oldest first, zeros included: the chart. */
    days: z.array(funnelDaySchema),
    /** Day × landing page × utm_tag, newest day first, at most FUNNEL_LIMITS.rowsMax. */
    rows: z.array(funnelRowSchema),
    rowsTruncated: z.boolean(),
    totals: funnelLine,
  }),
})

/**
 * Admin: the same rows as CSV (text/csv; not the JSON envelope unless refused), every row of the
 * range, with the rates in percent. Recorded in the audit trail.
 */
export const funnelExport = defineOpsCall({
  method: 'GET',
  path: '/ops-api/funnel/export',
  roles: ['admin'],
  query: funnelQuery,
  data: z.null(),
})

/** The funnel's calls, in the console's access matrix (ops-calls.ts). */
export const FUNNEL_OPS_CALLS = [funnelReport, funnelExport] as const
