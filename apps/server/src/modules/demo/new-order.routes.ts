import type { FastifyInstance } from 'fastify'
import { demoNewOrder, type ParsedBodyOf } from '@kilat/contract'
import { ORDER_STATUS, type OrderStatus } from '@kilat/domain'
import { catalogueChanged } from '../../db/catalogue-version.js'
import { buildOrder } from '../../db/factories.js'
import type { Borrower } from '../auth/auth.service.js'
import type { NewOrder, NewOrderPeriod } from '../orders/orders.service.js'
import { createProduct, ownActiveProducts, type Product } from '../products/products.service.js'
import { AppError } from '../../http/errors.js'
import { registerCall } from '../../http/route.js'
import { newOrderNo } from '../loans/loans.service.js'
import { insertOrder } from '../orders/orders.service.js'

type Kind = ParsedBodyOf<typeof demoNewOrder>['kind']

const DAY_MS = 86_400_000
/** An installment order's first unpaid installment falls due this many days ahead, as a due single payment does (factories.ts). */
const NEXT_DUE_DAYS = 5

const STATUS_OF: Record<Kind, OrderStatus> = {
  due: ORDER_STATUS.due,
  installments: ORDER_STATUS.repayingInstallments,
  overdue: ORDER_STATUS.overdue,
  approved: ORDER_STATUS.approved,
  paidOutToday: ORDER_STATUS.due,
}

/**
 * The product an order of `kind` copies: the market's first own active product of the right term
 * (single payment with an extension fee for `due` and `overdue`, installments otherwise).
 */
async function templateOf(app: FastifyInstance, borrower: Borrower, kind: Kind): Promise<Product> {
  const rows = await ownActiveProducts(app.db, borrower.market)
  const found = rows.find((p) => (kind === 'installments' ? p.termUnit === 'period' && p.periods > 1 : p.extensionFee > 0 && p.termUnit === 'day'))
  if (!found) throw new AppError('productUnavailable')
  return found
}

/** Moves every date of a built order by `ms`; the unpaid installments are then not yet due. */
function shifted(built: ReturnType<typeof buildOrder>, ms: number): ReturnType<typeof buildOrder> {
  const by = (d: Date | null | undefined) => (d ? new Date(d.getTime() + ms) : null)
  const order: NewOrder = {
    ...built.order,
    appliedAt: by(built.order.appliedAt)!,
    createdAt: by(built.order.createdAt)!,
    decidedAt: by(built.order.decidedAt),
    disbursedAt: by(built.order.disbursedAt),
    dueAt: by(built.order.dueAt),
  }
  const periods = built.periods.map(
    (p): Omit<NewOrderPeriod, 'orderKey'> => ({ ...p, dueAt: by(p.dueAt)!, paidAt: by(p.paidAt), status: p.status === 'paid' ? 'paid' : 'unpaid' }),
  )
  return { order, periods }
}

/**
 * Demo mode only (registered by app.ts with the demo routes): a fresh paid-out order for the
 * signed-in borrower (docs/product/money-rules.md#repayment "Demo and tests"), built as the seed builds its
 * orders. Each order gets its own copy of the market's product, disabled (never listed or offered):
 * a borrower has one unsettled order per product, and every browser test needs an order of its own.
 */
export async function newOrderRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, demoNewOrder, async ({ borrower, body }) => {
    const now = new Date()
    const template = await templateOf(app, borrower, body.kind === 'approved' ? 'due' : body.kind)
    if (body.kind === 'installments' && body.paidPeriods >= template.periods) throw new AppError('selectionInvalid', { data: { fields: ['paidPeriods'] } })

    const orderNo = newOrderNo(now, borrower.market)
    await app.db.transaction(async (tx) => {
      const { id: _id, createdAt: _createdAt, ...fields } = template
      const product = await createProduct(tx, { ...fields, code: `${template.code}-${orderNo.toLowerCase()}`, status: 'disabled', sort: template.sort + 10_000 })
      let built = buildOrder({
        orderNo,
        borrowerId: borrower.id,
        product,
        status: STATUS_OF[body.kind],
        principal: template.minAmount,
        now,
        isDelay: body.kind === 'due' || body.kind === 'overdue',
        ...(body.kind === 'installments' ? { paidPeriods: body.paidPeriods } : {}),
        // the demo's automatic decision and payout leave it alone; the order job still ages it
        manualReview: true,
      })
      if (body.kind === 'installments') {
        const next = built.periods.find((p) => p.status !== 'paid')!
        built = shifted(built, now.getTime() + NEXT_DUE_DAYS * DAY_MS - next.dueAt.getTime())
      }
      if (body.kind === 'approved' && body.payoutCents !== undefined) {
        // what the borrower receives ends in these cents; the fee takes the difference, so that
        // principal = fee + received still holds (docs/product/operations.md#the-payout-sandbox)
        const received = Math.floor(built.order.received! / 100) * 100 + body.payoutCents
        built = { ...built, order: { ...built.order, received: received as typeof built.order.received, fee: (built.order.principal! - received) as typeof built.order.fee } }
      }
      // paid out a minute ago: inside the cooling-off period where the market has one
      if (body.kind === 'paidOutToday') built = shifted(built, now.getTime() - 60_000 - built.order.disbursedAt!.getTime())
      return insertOrder(tx, built.order, built.periods)
    })
    catalogueChanged()
    return { orderNo }
  })
}
