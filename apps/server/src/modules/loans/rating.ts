import type { Executor } from '../../db/client.js'
import type { Borrower } from '../auth/auth.service.js'
import { AppError } from '../../http/errors.js'
import { rateBorrowerOrder, upsertRating } from './loans.repo.js'

/**
 * docs/product/loans.md#rating: the stars the borrower chose. `orderId` is the public order number
 * and must name an order of theirs; the rating is stored against its database key.
 */
export async function rateOrder(db: Executor, borrower: Borrower, input: { score: number; orderId?: string | undefined }): Promise<void> {
  if (!input.orderId) return upsertRating(db, { borrowerId: borrower.id, orderKey: null, score: input.score })
  if (!(await rateBorrowerOrder(db, borrower.id, input.orderId, input.score))) throw new AppError('notFound')
}
