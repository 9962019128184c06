import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODES, bindCard, cardBanks, generateVcode, initPayType, repaymentHuichao, repaymentWay } from '@kilat/contract'
import { SandboxGateway } from '../../adapters/payments/sandbox-gateway.js'
import { ByMarket } from '../../adapters/providers/by-market.js'
import { DEMO_PAYMENT_CALLBACK_SECRET } from '../../config.js'
import { rowsOf, type Database } from '../../db/client.js'
import type { PaymentGateway } from '../../adapters/payments/payment-gateway.js'
import { seedDemo } from '../../db/seed.js'
import { get, post } from '../../test/inject.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'

/** A gateway that, like Xendit or Conekta, takes no cards on our server and offers no OXXO: the sandbox otherwise. */
function cardless(inner: PaymentGateway): PaymentGateway {
  return Object.assign(Object.create(inner) as PaymentGateway, {
    name: 'cardless',
    offers: (method: string) => method !== 'CARD' && method !== 'HOSTED' && method !== 'OXXO',
  })
}

let database: Database
let app: FastifyInstance
const me = { tok: 'demo-borrower' }
const mexico = { tok: 'demo-borrower-mx', market: 'MX' }

beforeAll(async () => {
  database = await openTestDatabase()
  await seedDemo(database.db, { sessionTtlDays: 30 })
  const sandbox = new SandboxGateway(DEMO_PAYMENT_CALLBACK_SECRET, { db: database.db })
  const limited = cardless(new SandboxGateway(DEMO_PAYMENT_CALLBACK_SECRET, { db: database.db }))
  app = await buildTestApp(database, { payments: ByMarket.of<PaymentGateway>({ ID: limited, IN: sandbox, MX: limited }) })
  await app.ready()
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

// docs/operations/going-live.md#what-each-market-offers
describe('the methods a market offers follow its gateway', () => {
  it('lists only what the gateway takes, and refuses the rest', async () => {
    const [due] = await rowsOf<{ order_no: string }>(database.db.execute(sql`select o.order_no from orders o join products p on p.id = o.product_id where p.market = 'MX' and o.status in (174, 180) order by o.id limit 1`))
    const orderId = due!.order_no
    const cash = await post(app, initPayType.path, { orderId, pay_type: 2 }, mexico)
    expect(cash.json().code, cash.body).toBe(0)
    expect(cash.json().data.list.map((m: { payCode: string }) => m.payCode)).not.toContain('OXXO')
    const refused = await post(app, generateVcode.path, { orderId, pay_type: 2, payCode: 'OXXO', purpose: 'repay', specific_num: 0, amount: 0 }, mexico)
    expect(refused.json().code).toBe(ERROR_CODES.payMethodUnknown)
  })

  it('offers no card where the gateway keeps cards in its own page', async () => {
    expect((await get(app, cardBanks.path, me)).json().data.list).toEqual([])
    const bind = await post(app, bindCard.path, { bankCode: 'BCA', cardNo: '4242424242424242', holderName: 'Budi Santoso' }, me)
    expect(bind.json().code).toBe(ERROR_CODES.payMethodUnknown)
    expect(bind.body).not.toContain('4242424242424242')
    const [due] = await rowsOf<{ order_no: string }>(database.db.execute(sql`select o.order_no from orders o join borrowers b on b.id = o.borrower_id where b.phone = '+6281234567890' and o.status in (174, 180) order by o.id limit 1`))
    const way = await post(app, repaymentWay.path, { orderId: due!.order_no }, me)
    // the demo borrower's sandbox cards cannot be charged through this gateway: none listed
    expect(way.json().code, way.body).toBe(0)
    expect(way.json().data.bankCards).toEqual([])
    const hosted = await post(app, repaymentHuichao.path, { orderId: due!.order_no, amount: way.json().data.amount }, me)
    expect(hosted.json().code).toBe(ERROR_CODES.payMethodUnknown)
  })

  it('keeps every method where the gateway takes them all', async () => {
    expect((await get(app, cardBanks.path, { tok: 'demo-borrower-in', market: 'IN' })).json().data.list.length).toBeGreaterThan(0)
  })
})
