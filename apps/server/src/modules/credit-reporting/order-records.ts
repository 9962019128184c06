import type { StaffPrincipal } from '../../http/types.js'
import type { Executor } from '../../db/client.js'
import { AppError } from '../../http/errors.js'
import { assertStaffMarket } from '../../http/route.js'
import { orderRefByNo } from '../orders/orders.service.js'
import { correctionPendingOf, reportedRecordsOf } from './corrections.js'

/** The order screen's and a dispute's view: each run that reported the order, and a correction waiting. */
export async function orderRecordsOf(db: Executor, staff: StaffPrincipal, orderNo: string) {
  const order = await orderRefByNo(db, orderNo)
  if (!order) throw new AppError('notFound')
  assertStaffMarket(staff, order.market)
  const [records, correctionPending] = await Promise.all([reportedRecordsOf(db, order.orderKey), correctionPendingOf(db, order.orderKey)])
  return { records: records.map((r) => ({ ...r, sentTo: r.sentTo as never })), correctionPending }
}
