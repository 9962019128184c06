import type { Executor } from '../../db/client.js'
import type { Borrower } from '../../db/schema.js'
import { borrowerOrder } from '../orders/orders.service.js'
import { upsertRating } from './loans.repo.js'

/**
 * docs/product/loans.md#rating: the stars the borrower chose. `orderId` is the public order number
 * and must name an order of theirs; the rating is stored against its database key.
 */
export async function rateOrder(db: Executor, borrower: Borrower, input: { score: number; orderId?: string | undefined }): Promise<void> {
  const orderKey = input.orderId ? (await borrowerOrder(db, borrower.id, input.orderId)).order.id : null
  await upsertRating(db, { borrowerId: borrower.id, orderKey, score: input.score })
}
