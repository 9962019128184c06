import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSeededApp, type SeededApp } from '../../test/setup-db.js'

// docs/product/shell-and-sessions.md#session-cookie-and-the-address-bar and
// docs/product/registration.md#channel-templates, through the whole app on the demo data.
let t: SeededApp
beforeAll(async () => {
  t = await openSeededApp()
})
afterAll(async () => {
  await t?.close()
})

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })

describe('public pages', () => {
  it.each(['/about-us', '/privacy-policy', '/privacy', '/loan-terms', '/', '/Policy', '/Contact'])(
    '%s with the session in its address sets the cookie and sends to the same address without it',
    async (path) => {
      for (const name of ['tok', 'sessionId']) {
        const res = await page(`${path}?${name}=demo-borrower&lang=en&market=ID`)
        expect(res.statusCode).toBe(302)
        expect(res.headers.location).toBe(`${path}?lang=en&market=ID`)
        expect(res.headers['cache-control']).toBe('no-store')
        expect(String(res.headers['set-cookie'])).toMatch(/^sid=demo-borrower;.*HttpOnly/)
      }
    },
  )

  it('drops an unknown token too, without a cookie', async () => {
    const res = await page('/about-us?tok=nobody-knows-this&lang=id')
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/about-us?lang=id')
    expect(res.headers['set-cookie']).toBeUndefined()
  })

  it("opens /register without an id on the market's default landing page", async () => {
    expect((await page('/register')).headers.location).toBe('/register?id=1')
    expect((await page('/register?isNeedPop=1&lang=en')).headers.location).toBe('/register?isNeedPop=1&lang=en&id=2')
    expect((await page('/register?market=MX&id=&tok=demo-borrower-mx')).headers.location).toBe('/register?market=MX&id=3')
  })

  it('leaves a borrower screen, and a public page without a session, to render', async () => {
    for (const url of ['/loan-detail?orderId=K2026000005&tok=demo-borrower', '/about-us?lang=en', '/register?id=2']) {
      expect((await page(url)).statusCode, url).not.toBe(302)
    }
  })
})
