import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  demoLastCaptcha,
  demoLastSms,
  demoOrders,
  generateVcode,
  getCaptcha,
  getSid,
  getSms,
  loanDetailConfirm,
  loanDetailPush,
  loanDetails,
  logout,
  problemDetail,
  problemSave,
  sendSmsCode,
  smsLogin,
  uploadProblemImg,
  userInfo,
} from '@kilat/contract'
import { ORDER_STATUS } from '@kilat/domain'
import { deliverDueCallbacks } from '../../adapters/payments/callback-deliverer.js'
import { DatabaseStorage } from '../../adapters/storage/database-storage.js'
import { DEMO_PAYMENT_CALLBACK_SECRET } from '../../config.js'
import { openPostgres, type Database } from '../../db/client.js'
import { randomPhone } from '../../db/factories.js'
import { seedDemo } from '../../db/seed.js'
import { demoPayouts } from '../../modules/money-desk/money-desk.service.js'
import { runOrderJob } from '../../modules/orders/orders.service.js'
import { completeAllPayouts } from '../../modules/money-desk/test-helpers.js'
import { applyAllDueEvents } from '../../modules/repayment/inbox.js'
import { PAYMENT_CALLBACK_PATH, SANDBOX_PAY_PATH } from '../../modules/repayment/repayment.routes.js'
import { get, post } from '../inject.js'
import { buildTestApp, openTestDatabase } from '../setup-db.js'

/**
 * Two server processes on one database (docs/product/platform.md#scale-out): each app has its own
 * connection pool and its own data folder, as two machines behind a load balancer would, and
 * every request of a borrower's journey goes to the other one than the request before.
 *
 * On PostgreSQL (DATABASE_URL) that is the real thing, with each app's default storage. The
 * embedded PGlite belongs to one process, so there both apps share its one instance, and the images
 * go to the database storage explicitly (the default there is each app's own folder, which a
 * second machine could not read: what this test exists to catch on PostgreSQL).
 */
const onPostgres = Boolean(process.env.DATABASE_URL)

interface Node {
  app: FastifyInstance
  database: Database
  dataDir: string
}

let nodes: [Node, Node]
let turn = 0
/** The next app in turn: A, B, A, B… */
const next = (): Node => nodes[turn++ % 2]!

async function openNode(database: Database, sessionCacheMs?: number): Promise<Node> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kilat-node-'))
  const app = await buildTestApp(database, {
    env: { DATA_DIR: dataDir, JOB_INTERVAL_SECONDS: '0' },
    ...(sessionCacheMs === undefined ? {} : { sessionCacheMs }),
    ...(onPostgres ? {} : { storage: new DatabaseStorage(database.db) }),
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, database, dataDir }
}

beforeAll(async () => {
  const first = await openTestDatabase()
  await seedDemo(first.db, { sessionTtlDays: 30 })
  const second = onPostgres ? await openPostgres(process.env.DATABASE_URL!, { max: 5 }) : first
  nodes = [await openNode(first), await openNode(second)]
})

afterAll(async () => {
  for (const node of nodes ?? []) {
    await node.app.close()
    await node.database.close()
    rmSync(node.dataDir, { recursive: true, force: true })
  }
})

/** The data of a successful answer, whichever envelope family (code 0, code '00', success true). */
const data = (res: LightMyRequestResponse) => {
  const body = res.json() as { code?: number | string; success?: boolean; data: unknown }
  const ok = body.success === true || body.code === 0 || body.code === '00'
  expect(ok, `${res.statusCode} ${res.body}`).toBe(true)
  return body.data as Record<string, unknown>
}

describe('two server processes on one database', () => {
  it('answer the demo\'s captcha reader whichever process drew the captcha, and take the answer on either', async () => {
    const sid = data(await get(next().app, getSid.path)).sid as string
    const captcha = await get(next().app, getCaptcha.path, { sid })
    expect(captcha.headers['content-type']).toBe('image/png')
    const answer = data(await get(next().app, demoLastCaptcha.path, { sid })).answer as string
    expect(answer).toMatch(/^\S{4,8}$/)
    expect(data(await post(next().app, getSms.path, { phone: randomPhone('ID'), capcode: answer, sid })).resendSeconds).toBeGreaterThan(0)
  })

  it('carry a borrower through sign-in, a loan, a complaint with an image and a payment, turn by turn', async () => {
    // Sign in with the SMS code: sent by one process, read back and typed in on the other.
    const phone = randomPhone('ID')
    data(await post(next().app, sendSmsCode.path, { phone }))
    const code = data(await get(next().app, demoLastSms.path, { phone })).code as string
    expect(code).toMatch(/^\d{6}$/)
    const session = data(await post(next().app, smsLogin.path, { phone, code }))
    const ME = { tok: session.sessionId as string }
    expect(data(await get(next().app, userInfo.path, ME)).market).toBe('ID')

    // Apply for a loan.
    const productId = data(await get(next().app, demoOrders.path, ME)).productId as number
    expect(productId).toBeGreaterThan(0)
    const offer = data(await post(next().app, loanDetailConfirm.path, { productId }, ME))
    const pushed = data(await post(next().app, loanDetailPush.path, { productId, amount: offer.amount as number, periods: offer.periods as number, termUnit: offer.termUnit as string }, ME))
    const orderNo = pushed.orderNo as string
    const statusOf = async () => data(await get(next().app, loanDetails.path, { ...ME, orderId: orderNo })).orderStatus
    expect(await statusOf()).toBe(ORDER_STATUS.submitted)

    // Demo mode decides and pays it out; each step here on the other process's database.
    const config = nodes[0].app.config
    const later = (seconds: number) => new Date(Date.now() + seconds * 1000)
    expect((await runOrderJob({ db: next().database.db, config, payouts: demoPayouts }, later(config.DECISION_DELAY_SECONDS + 1))).approved).toBe(1)
    expect((await runOrderJob({ db: next().database.db, config, payouts: demoPayouts }, later(config.DECISION_DELAY_SECONDS + config.DISBURSE_DELAY_SECONDS + 2))).payoutsQueued).toBe(1)
    await completeAllPayouts(next().database.db, later(config.DECISION_DELAY_SECONDS + config.DISBURSE_DELAY_SECONDS + 2))
    expect([ORDER_STATUS.due, ORDER_STATUS.repayingInstallments]).toContain(await statusOf())

    // A complaint with an image: uploaded to one process, read back through the other.
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0e9f6e' } }).png().toBuffer()
    const boundary = '----kilat-cluster'
    const uploaded = await next().app.inject({
      method: 'POST',
      url: `${uploadProblemImg.path}?tok=${ME.tok}`,
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="problemImage"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`),
        photo,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    })
    const imageUrl = data(uploaded).url as string
    const image = await get(next().app, imageUrl, ME)
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/png')
    expect((await sharp(image.rawPayload).metadata()).width).toBe(40)
    const etag = image.headers.etag as string
    const revalidated = await next().app.inject({ method: 'GET', url: `${imageUrl}?tok=${ME.tok}`, headers: { 'if-none-match': etag } })
    expect(revalidated.statusCode).toBe(304)
    expect(revalidated.headers['cache-control']).toMatch(/^private/)

    const saved = await post(next().app, problemSave.path, { problemType: 2, problemDetail: 'Tagihan saya belum berubah setelah bayar.', problemImage: imageUrl, orderNo }, ME)
    const problemId = data(saved).problemId as number
    const detail = data(await post(next().app, problemDetail.path, { problemId }, ME))
    expect(detail.images).toEqual([imageUrl])
    expect((await get(next().app, (detail.images as string[])[0]!, ME)).rawPayload.equals(image.rawPayload)).toBe(true)

    // Pay through the sandbox gateway: the account from one process, the payment on the other,
    // the signed callback to a third turn's webhook, and the inbox applied by the next.
    const account = data(await post(next().app, generateVcode.path, { orderId: orderNo, payCode: 'ALFAMART', pay_type: 2 }, ME))
    data(await post(next().app, SANDBOX_PAY_PATH, { accountNo: account.vcode as string }))
    const webhook = next()
    const { port } = webhook.app.server.address() as AddressInfo
    const delivered = await deliverDueCallbacks({ db: next().database.db, secret: DEMO_PAYMENT_CALLBACK_SECRET, url: `http://127.0.0.1:${port}${PAYMENT_CALLBACK_PATH}` })
    expect(delivered).toMatchObject({ delivered: 1 })
    expect((await applyAllDueEvents(next().database.db)).applied).toBe(1)
    expect(await statusOf()).toBe(ORDER_STATUS.settled)
  })

  it('stop honouring a session logged out on the other process once the session cache\'s life has passed', async () => {
    // The cache's life shortened from 5 s (http/sessions.ts SESSION_CACHE_MS) to keep the test short.
    const LIFE_MS = 400
    const pair = [await openNode(nodes[0].database, LIFE_MS), await openNode(nodes[1].database, LIFE_MS)] as const
    try {
      const phone = randomPhone('ID')
      data(await post(pair[0].app, sendSmsCode.path, { phone }))
      const code = data(await get(pair[1].app, demoLastSms.path, { phone })).code as string
      const ME = { tok: data(await post(pair[0].app, smsLogin.path, { phone, code })).sessionId as string }
      // resolved, so cached, on the second process
      expect((await get(pair[1].app, userInfo.path, ME)).statusCode).toBe(200)
      data(await post(pair[0].app, logout.path, {}, ME))
      // refused at once where the logout happened; on the other process within the cache's life
      expect((await get(pair[0].app, userInfo.path, ME)).statusCode).toBe(401)
      await new Promise((resolve) => setTimeout(resolve, LIFE_MS + 50))
      expect((await get(pair[1].app, userInfo.path, ME)).statusCode).toBe(401)
    } finally {
      for (const node of pair) {
        await node.app.close()
        rmSync(node.dataDir, { recursive: true, force: true })
      }
    }
  })
})
