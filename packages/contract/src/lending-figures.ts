import { MARKETS } from '@kilat/domain'
import { z } from 'zod'
import { defineCall } from './call.js'

/**
 * The public lending figures (docs/product/registration.md#lending-figures): one name in every
 * layer, `lending-figures`. Public, no session, `code0`.
 */

/** What Indonesian lenders must publish, computed from the database (docs/product/registration.md#lending-figures). */
export const lendingFiguresSchema = z.object({
  market: z.enum(MARKETS),
  currency: z.string(),
  /** Sum of the principal of every disbursed loan, in cents. */
  totalDisbursed: z.number().int(),
  /** Borrowers with at least one disbursed loan. */
  borrowersServed: z.number().int(),
  /** Loans not yet settled. */
  outstandingLoans: z.number().int(),
  /** TKB90: the share of outstanding loans at most 90 days overdue, in basis points (10000 = 100 %). */
  tkb90Bp: z.number().int().min(0).max(10_000),
  /** When the figures were computed: ISO 8601, and the market's yyyy-mm-dd. */
  computedAt: z.string(),
  computedDate: z.string(),
  company: z.object({ name: z.string(), phone: z.string(), email: z.string(), address: z.string() }),
  /** The supervisor's licence (OJK in Indonesia), or null where none is configured. */
  licence: z.object({ authority: z.string(), number: z.string() }).nullable(),
})
export type LendingFigures = z.infer<typeof lendingFiguresSchema>

/** Public, cacheable for 5 minutes. `market` defaults to the request's market. */
export const lendingFigures = defineCall({
  method: 'GET',
  path: '/h5-api/v3/public/lending-figures',
  family: 'code0',
  auth: 'none',
  query: z.object({ market: z.string().trim().toUpperCase().pipe(z.enum(MARKETS)).optional() }),
  data: lendingFiguresSchema,
})

export const lendingFiguresCalls = {
  lendingFigures,
}
