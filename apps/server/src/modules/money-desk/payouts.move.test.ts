import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAYOUT_IN_FLIGHT as CONTRACT_IN_FLIGHT, PAYOUT_STATUSES as CONTRACT_STATUSES } from '@kilat/contract'
import {
  ORDER_STATUS,
  PAYOUT_EVENTS,
  PAYOUT_IN_FLIGHT,
  PAYOUT_OPEN,
  PAYOUT_STATUSES,
  PAYOUT_TRANSITIONS,
  canPayoutTake,
  createsPayout,
  nextPayoutStatus,
  type PayoutEvent,
  type PayoutStatus,
} from '@kilat/domain'
import type { Database } from '../../db/client.js'
import { createBorrower, createOrder, createProduct } from '../../db/factories.js'
import { openTestDatabase } from '../../test/setup-db.js'
import { auditLog } from '../audit/audit.schema.js'
import { verifyChain } from '../audit/audit.service.js'
import type { Product } from '../products/products.schema.js'
import type { Order } from '../orders/orders.schema.js'
import { PAYOUT_OPEN_STATUSES, payoutEvents, payoutRequests, type PayoutRequest } from './payouts.schema.js'
import { movePayout, type PayoutMover } from './payouts.move.js'

/**
 * movePayout, the one way a payout request changes state (docs/product/operations.md#payout-states):
 * exactly the domain table's moves, each with its history row and audit row in one transaction;
 * anything else refused with nothing written.
 */

let database: Database
let product: Product
const at = new Date('2026-03-02T08:00:00.000Z')
const finance: PayoutMover = { kind: 'staff', staffId: 9_100_001, role: 'finance', ip: '203.0.113.9' }
const system: PayoutMover = { kind: 'system' }

beforeAll(async () => {
  database = await openTestDatabase()
  product = await createProduct(database.db, { termUnit: 'day', termDays: 91 })
})

afterAll(async () => {
  await database?.close()
})

async function approvedOrder(): Promise<Order> {
  const borrower = await createBorrower(database.db)
  return (await createOrder(database.db, { product, borrowerId: borrower.id, status: ORDER_STATUS.approved, now: at, manualReview: true })).order
}

type UpdateEvent = Exclude<PayoutEvent, 'request' | 'queue'>
const UPDATE_EVENTS = PAYOUT_EVENTS.filter((e): e is UpdateEvent => !createsPayout(e))

const move = (id: number, event: UpdateEvent, by: PayoutMover = system) => database.db.transaction((tx) => movePayout(tx, { event, id }, { by, at }))

/** The events that bring a new request to `state`, by the table (the shortest path). */
function pathTo(state: PayoutStatus): PayoutEvent[] {
  const paths = new Map<PayoutStatus | null, PayoutEvent[]>([[null, []]])
  const queue: Array<PayoutStatus | null> = [null]
  while (queue.length) {
    const from = queue.shift()!
    for (const t of PAYOUT_TRANSITIONS) {
      if (t.from !== from || paths.has(t.to)) continue
      paths.set(t.to, [...paths.get(from)!, t.event])
      queue.push(t.to)
    }
  }
  return paths.get(state)!
}

/** A request of a new approved order, moved along the table to `state`. */
async function requestIn(state: PayoutStatus): Promise<{ order: Order; request: PayoutRequest }> {
  const order = await approvedOrder()
  const [create, ...rest] = pathTo(state)
  let request = await database.db.transaction((tx) =>
    movePayout(tx, { event: create as 'request' | 'queue', create: { orderKey: order.id, amount: order.received, requestedBy: 9_100_001, requestedAt: at } }, { by: finance, at }),
  )
  for (const event of rest) request = await move(request!.id, event as UpdateEvent)
  expect(request?.status).toBe(state)
  return { order, request: request! }
}

const rowOf = async (id: number) => (await database.db.select().from(payoutRequests).where(eq(payoutRequests.id, id)))[0]!
const historyOf = (id: number) => database.db.select().from(payoutEvents).where(eq(payoutEvents.requestId, id)).orderBy(asc(payoutEvents.id))
const auditOf = (order: Order) => database.db.select().from(auditLog).where(eq(auditLog.recordId, order.orderNo)).orderBy(asc(auditLog.id))

describe('movePayout makes the moves of the table', () => {
  it('from the request to the completion: each move one history row and one audit row', async () => {
    const order = await approvedOrder()
    const created = await database.db.transaction((tx) =>
      movePayout(tx, { event: 'request', create: { orderKey: order.id, amount: order.received, requestedBy: 9_100_001, requestedAt: at } }, { by: finance, at }),
    )
    expect(created).toMatchObject({ status: 'pending', amount: order.received })
    const id = created!.id
    const confirmer: PayoutMover = { kind: 'staff', staffId: 9_100_002, role: 'finance', ip: '203.0.113.10' }
    expect(await database.db.transaction((tx) => movePayout(tx, { event: 'confirm', id, changes: { decidedBy: 9_100_002, decidedAt: at, nextAttemptAt: at } }, { by: confirmer, at }))).toMatchObject({
      status: 'confirmed',
      decidedBy: 9_100_002,
    })
    expect(await move(id, 'claim')).toMatchObject({ status: 'sending' })
    expect(await database.db.transaction((tx) => movePayout(tx, { event: 'accept', id, changes: { providerRef: 'po_1', acceptedAt: at } }, { by: system, at }))).toMatchObject({ status: 'accepted', providerRef: 'po_1' })
    expect(await move(id, 'complete', { kind: 'provider' })).toMatchObject({ status: 'completed' })

    expect((await historyOf(id)).map((e) => [e.fromStatus, e.toStatus, e.actorKind, e.staffId])).toEqual([
      [null, 'pending', 'staff', 9_100_001],
      ['pending', 'confirmed', 'staff', 9_100_002],
      ['confirmed', 'sending', 'system', null],
      ['sending', 'accepted', 'system', null],
      ['accepted', 'completed', 'provider', null],
    ])
    expect((await auditOf(order)).map((a) => [a.action, a.staffId, a.role, a.ip, a.before, a.after])).toEqual([
      ['orders.payout-request', 9_100_001, 'finance', '203.0.113.9', null, { payoutRequestId: id, status: 'pending', amount: order.received }],
      ['orders.payout-confirm', 9_100_002, 'finance', '203.0.113.10', { payoutRequestId: id, status: 'pending' }, { payoutRequestId: id, status: 'confirmed' }],
      ['orders.payout-send', null, null, null, { payoutRequestId: id, status: 'confirmed' }, { payoutRequestId: id, status: 'sending', attempt: 0 }],
      ['orders.payout-accept', null, null, null, { payoutRequestId: id, status: 'sending' }, { payoutRequestId: id, status: 'accepted', providerRef: 'po_1' }],
      ['orders.payout-complete', null, null, null, { payoutRequestId: id, status: 'accepted' }, { payoutRequestId: id, status: 'completed', providerRef: 'po_1', by: 'provider' }],
    ])
    expect((await verifyChain(database.db)).broken).toBeNull()
  })

  it('in every state, takes exactly the events the table allows; a refused one writes nothing', async () => {
    for (const state of PAYOUT_STATUSES) {
      const { order, request } = await requestIn(state)
      const history = (await historyOf(request.id)).length
      const audit = (await auditOf(order)).length
      for (const event of UPDATE_EVENTS.filter((e) => !canPayoutTake(state, e))) {
        expect(await move(request.id, event), `${state} --${event}-->`).toBeUndefined()
      }
      expect(await rowOf(request.id)).toEqual(request)
      expect(await historyOf(request.id)).toHaveLength(history)
      expect(await auditOf(order)).toHaveLength(audit)
      for (const event of UPDATE_EVENTS.filter((e) => canPayoutTake(state, e))) {
        const fresh = await requestIn(state)
        const moved = await move(fresh.request.id, event)
        expect(moved?.status, `${state} --${event}-->`).toBe(nextPayoutStatus(state, event))
        expect((await historyOf(fresh.request.id)).at(-1)).toMatchObject({ fromStatus: state, toStatus: moved!.status })
      }
    }
  })

  it('creates no second open request for an order: refused, nothing written', async () => {
    const { order, request } = await requestIn('sending')
    const history = (await historyOf(request.id)).length
    const audit = (await auditOf(order)).length
    for (const event of ['request', 'queue'] as const) {
      const second = await database.db.transaction((tx) => movePayout(tx, { event, create: { orderKey: order.id, amount: order.received, requestedBy: null, requestedAt: at } }, { by: system, at }))
      expect(second).toBeUndefined()
    }
    expect(await database.db.select().from(payoutRequests).where(eq(payoutRequests.orderKey, order.id))).toHaveLength(1)
    expect(await historyOf(request.id)).toHaveLength(history)
    expect(await auditOf(order)).toHaveLength(audit)
  })

  it('of two results at once (the callback and the worker), exactly one is recorded', async () => {
    const { request } = await requestIn('accepted')
    const [completed, failed] = await Promise.all([move(request.id, 'complete', { kind: 'provider' }), move(request.id, 'fail')])
    expect([completed?.status, failed?.status].filter(Boolean)).toHaveLength(1)
    expect((await historyOf(request.id)).filter((e) => e.fromStatus === 'accepted')).toHaveLength(1)
  })

  it('a move whose audit row the caller writes itself (a confirmed refund) writes its history row only', async () => {
    const order = await approvedOrder()
    const refund = await database.db.transaction((tx) =>
      movePayout(
        tx,
        { event: 'queue', create: { orderKey: order.id, amount: order.received, purpose: 'refund', adjustmentId: 1, requestedBy: 9_100_001, requestedAt: at, decidedBy: 9_100_002, decidedAt: at, nextAttemptAt: at } },
        { by: { kind: 'staff', staffId: 9_100_002, role: null, ip: null }, at, auditedBy: 'adjustments.refund-confirm' },
      ),
    )
    expect(refund).toMatchObject({ status: 'confirmed', purpose: 'refund' })
    expect((await historyOf(refund!.id)).map((e) => [e.fromStatus, e.toStatus, e.staffId])).toEqual([[null, 'confirmed', 9_100_002]])
    expect(await auditOf(order)).toEqual([])
  })
})

describe('one payout table everywhere', () => {
  it('the contract and the schema spell the domain\'s states, in flight and open', () => {
    expect([...CONTRACT_STATUSES]).toEqual([...PAYOUT_STATUSES])
    expect([...CONTRACT_IN_FLIGHT]).toEqual([...PAYOUT_IN_FLIGHT])
    expect([...PAYOUT_OPEN_STATUSES]).toEqual([...PAYOUT_OPEN])
  })
})
