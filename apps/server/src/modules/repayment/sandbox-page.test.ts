import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { generateVcode } from '@kilat/contract'
import { buildApp } from '../../app.js'
import { loadConfig } from '../../config.js'
import { gatewayCallbacks } from '../../adapters/payments/sandbox.schema.js'
import { post } from '../../test/inject.js'
import { SANDBOX_PAY_PAGE_PATH } from './sandbox-page.js'
import { deliver, demoOrder, withSeededRepaymentApp, type RepaymentTestApp } from './test-helpers.js'

// The sandbox's "pay this account" page (demo mode and tests only).
let t: RepaymentTestApp
withSeededRepaymentApp((opened) => (t = opened))

const open = (query: string) => t.app.inject({ method: 'GET', url: `${SANDBOX_PAY_PAGE_PATH}?${query}` })
const submit = (app: FastifyInstance, fields: Record<string, string>, lang = 'en') =>
  app.inject({ method: 'POST', url: `${SANDBOX_PAY_PAGE_PATH}?lang=${lang}`, payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })

async function newAccount(): Promise<string> {
  const orderNo = await demoOrder(t.app, 'demo-borrower', { kind: 'due' })
  return (await post(t.app, generateVcode.path, { orderId: orderNo, payCode: 'ALFAMART', pay_type: 2 }, { tok: 'demo-borrower' })).json().data.vcode
}

describe('the sandbox pay page', () => {
  it('shows a labelled form, the account prefilled, in the language asked, running no script', async () => {
    const res = await open('lang=en&accountNo=3935800001')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("form-action 'self'")
    expect(csp).toContain("default-src 'none'")
    expect(csp).not.toContain('script-src')
    const html = res.body
    expect(html).toContain('<html lang="en">')
    expect(html).toContain('<title>Payment sandbox</title>')
    expect(html).toContain('<label for="accountNo">Account number or payment code</label>')
    expect(html).toContain('id="accountNo" name="accountNo"')
    expect(html).toContain('value="3935800001"')
    expect(html).toContain(`<form method="post" action="${SANDBOX_PAY_PAGE_PATH}?lang=en">`)
    expect(html).toContain('<button type="submit">Pay this account</button>')
    expect(html).not.toContain('<script')
    expect((await open('lang=id')).body).toContain('<html lang="id">')
    expect((await open('lang=es')).body).toContain('Pagar esta cuenta')
  })

  it('writes hostile input as text', async () => {
    const html = (await open(`lang=en&accountNo=${encodeURIComponent('"><script>alert(1)</script>')}`)).body
    expect(html).not.toContain('<script>')
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"')
    const posted = await submit(t.app, { accountNo: '<img src=x onerror=alert(1)>' })
    expect(posted.statusCode).toBe(404)
    expect(posted.body).not.toContain('<img')
  })

  it('pays the account: the callback is queued and, delivered, settles the order; a second time says it is paid', async () => {
    const accountNo = await newAccount()
    const res = await submit(t.app, { accountNo }, 'id')
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('Terbayar. Notifikasi dari gateway pembayaran sedang dikirim.')
    const callbacks = await t.database.db.select().from(gatewayCallbacks)
    expect(callbacks.filter((c) => JSON.parse(c.body).account_no === accountNo)).toHaveLength(1)
    const again = await submit(t.app, { accountNo })
    expect(again.statusCode).toBe(409)
    expect(again.body).toContain('This account has already been paid.')
    expect(again.body).toContain(`value="${accountNo}"`)
    expect((await deliver(t)).delivered).toBeGreaterThanOrEqual(1)
    // once the payment is recorded the account no longer takes money
    expect((await submit(t.app, { accountNo })).statusCode).toBe(404)
  })

  it('says so for an unknown account or none', async () => {
    const unknown = await submit(t.app, { accountNo: '0000000000' }, 'es')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.body).toContain('No hay ninguna cuenta pendiente con este número.')
    for (const fields of [{}, { accountNo: '' }, { accountNo: '9'.repeat(65) }] as Array<Record<string, string>>) {
      const res = await submit(t.app, fields)
      expect(res.statusCode).toBe(400)
      expect(res.body).toContain('Please enter an account number')
    }
  })

  it('is not there outside demo mode and tests', async () => {
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: 'unused-in-tests', WEB_DIST: 'no-web-app-in-tests', LOG_LEVEL: 'silent', JOB_INTERVAL_SECONDS: '0', PAYMENT_CALLBACK_SECRET: 'k'.repeat(32), SECRETS_KEYS: `live:${'k'.repeat(43)}=` })
    const app = await buildApp({ config, db: t.database })
    try {
      expect((await app.inject({ method: 'GET', url: SANDBOX_PAY_PAGE_PATH })).statusCode).toBe(404)
      expect((await submit(app, { accountNo: '1' })).statusCode).toBe(404)
    } finally {
      await app.close()
    }
  })
})
