import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERRORS, bindCard, complaintNote, orderReject, orderSearch, productApply, trackClick, trackVisit, type ErrorKey } from '@kilat/contract'
import { STAFF_COOKIE } from '../../modules/staff/staff.sessions.js'
import { DEMO_TOKEN, openFuzzEnv, type FuzzEnv } from './harness.js'

/**
 * What the fuzz suite found, one request each: every answer here was a 500 (or a message in one
 * language only) before its fix. Each also checks that nothing was logged as an error, so that
 * the error handler's safety net for database refusals does not hide a schema that lets bad text in.
 */
let env: FuzzEnv

beforeAll(async () => {
  env = await openFuzzEnv()
})

afterAll(async () => {
  await env?.close()
})

async function expectRefused(res: LightMyRequestResponse, key: ErrorKey, lang: 'id' | 'en' | 'es', fields?: string[]) {
  expect(res.statusCode, res.body).toBe(ERRORS[key].status)
  const body = res.json()
  expect(body.message).toBe(ERRORS[key].messages[lang])
  if (fields) expect(body.data).toEqual({ fields })
  expect(env.logged.filter((line) => line.includes('"sqlState"'))).toEqual([])
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()

function borrowerPost(path: string, fields: Record<string, string>, lang: string) {
  env.logged.length = 0
  return env.app.inject({
    method: 'POST',
    url: `${path}?tok=${DEMO_TOKEN}&lang=${lang}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form(fields),
  })
}

function opsPost(path: string, payload: unknown, lang: string, role: 'agent' | 'risk') {
  env.logged.length = 0
  return env.app.inject({
    method: 'POST',
    url: `${path}?lang=${lang}`,
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie: `${STAFF_COOKIE}=${env.staffCookie[role]}` },
    payload: JSON.stringify(payload),
  })
}

describe('defects the fuzz suite found', () => {
  it('a product apply with U+0000 in its scene is a 400 naming the field, not a failed insert', async () => {
    const productId = String(env.known.productId![0])
    const res = await borrowerPost(productApply.path, { product_id: productId, scene: 'home\u0000' }, 'en')
    await expectRefused(res, 'invalidRequest', 'en', ['scene'])
  })

  it('a promotion page visit or click with U+0000 in a tag or the phone is a 400', async () => {
    env.logged.length = 0
    const visit = await env.app.inject({ method: 'GET', url: `${trackVisit.path}?lang=es&page_id=${encodeURIComponent('a\u0000')}` })
    await expectRefused(visit, 'invalidRequest', 'es', ['page_id'])
    env.logged.length = 0
    const click = await env.app.inject({ method: 'GET', url: `${trackClick.path}?lang=id&phone=${encodeURIComponent('0812\u0000')}` })
    await expectRefused(click, 'invalidRequest', 'id', ['phone'])
  })

  it('a desk note with half a surrogate pair is a 400, not a failed audit row (its JSON refuses the escape)', async () => {
    const complaintId = env.known.complaintId![0]
    const res = await opsPost(complaintNote.path, { complaintId, text: 'called back \ud800' }, 'es', 'agent')
    await expectRefused(res, 'invalidRequest', 'es', ['text'])
    // a whole pair (an emoji) is text like any other
    const ok = await opsPost(complaintNote.path, { complaintId, text: 'called back 😀' }, 'es', 'agent')
    expect(ok.statusCode, ok.body).toBe(200)
  })

  it('a rejection note or an order search with U+0000 or half a pair is a 400', async () => {
    const res = await opsPost(orderReject.path, { orderNo: 'K2026000002', reason: 'other', note: 'no\ud800' }, 'en', 'risk')
    await expectRefused(res, 'invalidRequest', 'en', ['note'])
    env.logged.length = 0
    const search = await env.app.inject({
      method: 'GET',
      url: `${orderSearch.path}?lang=id&q=${encodeURIComponent('K2026\u0000')}`,
      headers: { cookie: `${STAFF_COOKIE}=${env.staffCookie.agent}` },
    })
    await expectRefused(search, 'invalidRequest', 'id', ['q'])
  })

  it('the eleventh bank card is refused in the language asked for', async () => {
    let last: LightMyRequestResponse | undefined
    // Luhn-valid numbers, one per card, until the limit answers
    for (let i = 0; i < 12; i++) {
      const digits = `41111111111${String(i).padStart(4, '0')}`
      last = await borrowerPost(bindCard.path, { bankCode: 'BCA', cardNo: withCheckDigit(digits), holderName: 'Budi Santoso' }, 'es')
      if (last.statusCode !== 200) break
    }
    await expectRefused(last!, 'cardLimitReached', 'es')
    expect(last!.json().data).toEqual({ reason: 'tooManyCards' })
  })
})

function withCheckDigit(body: string): string {
  let sum = 0
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i])
    if (i % 2 === 0) d *= 2
    if (d > 9) d -= 9
    sum += d
  }
  return `${body}${(10 - (sum % 10)) % 10}`
}
