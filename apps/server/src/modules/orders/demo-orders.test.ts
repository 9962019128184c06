import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_STATUS } from '@kilat/domain'
import type { Database } from '../../db/client.js'
import { orders } from './orders.schema.js'
import { DEMO_ORDERS, seedDemo } from '../../db/seed.js'
import { openTestDatabase } from '../../test/setup-db.js'
import { demoPayouts } from '../money-desk/money-desk.service.js'
import { runOrderJob, type JobDeps } from './orders.service.js'

let database: Database
let deps: JobDeps

beforeAll(async () => {
  database = await openTestDatabase()
  await seedDemo(database.db, { sessionTtlDays: 30 })
  deps = { db: database.db, config: { DEMO_MODE: true, DECISION_DELAY_SECONDS: 0, DISBURSE_DELAY_SECONDS: 0 }, payouts: demoPayouts }
})

afterAll(async () => {
  await database?.close()
})

const demoOrders = () => database.db.select().from(orders).where(inArray(orders.orderNo, DEMO_ORDERS.map((o) => o.orderNo)))

describe('the order job on the demo data', () => {
  it('finds nothing to do: the seed charged the overdue order through today, and the showcase stays where it is', async () => {
    const before = await demoOrders()
    // a minute later is the same local day in every market except right at a midnight
    const result = await runOrderJob(deps, new Date(Date.now() + 60_000))
    expect(result).toMatchObject({ approved: 0, rejected: 0, payoutsQueued: 0, overdue: 0 })
    const after = await demoOrders()
    expect(after.map((o) => [o.orderNo, o.status, o.penalty]).sort()).toEqual(before.map((o) => [o.orderNo, o.status, o.penalty]).sort())
  })

  it('charges the overdue demo order the next local day, and the partner’s overdue order never', async () => {
    const [overdue] = await database.db.select().from(orders).where(eq(orders.orderNo, 'K2026000006'))
    const [partner] = await database.db.select().from(orders).where(eq(orders.orderNo, 'K2026000010'))
    expect(overdue!.status).toBe(ORDER_STATUS.overdue)
    expect(partner!.status).toBe(ORDER_STATUS.partnerOverdue)
    await runOrderJob(deps, new Date(Date.now() + 86_400_000))
    const [overdueAfter] = await database.db.select().from(orders).where(eq(orders.id, overdue!.id))
    const [partnerAfter] = await database.db.select().from(orders).where(eq(orders.id, partner!.id))
    // one more day at 0,1 % of Rp 5.000.000
    expect(overdueAfter!.penalty).toBe(overdue!.penalty + 5_000_00)
    expect(partnerAfter!.penalty).toBe(0)
  })
})
