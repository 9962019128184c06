import { Writable } from 'node:stream'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineCall } from '@kilat/contract'
import type { Database } from '../db/client.js'
import { buildTestApp, openTestDatabase } from '../test/setup-db.js'
import { AppError } from './errors.js'
import { registerCall } from './route.js'

/** Calls of each family and shape, served through registerCall like the real ones. */
const echoQuery = defineCall({
  method: 'GET', path: '/h5-api/test/echo-query', family: 'code0', auth: 'none',
  query: z.object({ n: z.coerce.number().int() }),
  data: z.object({ n: z.number(), lang: z.string().nullable(), nonce: z.string(), market: z.string(), locale: z.string() }),
})
const saveThing = defineCall({
  method: 'POST', path: '/h5-api/test/save-thing', family: 'code00', auth: 'none',
  body: z.object({ name: z.string().trim().min(1).max(20), count: z.coerce.number().int().min(0) }),
  data: z.object({ name: z.string(), count: z.number() }),
})
const either = defineCall({
  method: 'GET_POST', path: '/h5-api/test/either', family: 'success', auth: 'none',
  body: z.object({ productId: z.coerce.number().int() }),
  data: z.object({ productId: z.number() }),
})
const upload = defineCall({
  method: 'POST', path: '/h5-api/test/upload', family: 'code00', auth: 'none', bodyType: 'multipart',
  body: z.object({ note: z.string().max(20).default('') }),
  data: z.object({ note: z.string(), sizes: z.array(z.number()) }),
})
const failing = defineCall({ method: 'POST', path: '/h5-api/test/failing', family: 'code00', auth: 'none' })
const missing = defineCall({ method: 'GET', path: '/h5-api/test/missing', family: 'code00', auth: 'none' })
const bulky = defineCall({
  method: 'GET', path: '/h5-api/test/bulky', family: 'code0', auth: 'none', data: z.array(z.string()),
})
const offContract = defineCall({
  method: 'GET', path: '/h5-api/test/off-contract', family: 'code0', auth: 'none', data: z.object({ a: z.number() }),
})

let database: Database
let app: FastifyInstance
const logLines: string[] = []

beforeAll(async () => {
  database = await openTestDatabase()
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk))
      done()
    },
  })
  app = await buildTestApp(database, { logStream })
  await app.register(async (scope) => {
    registerCall(scope, echoQuery, ({ query, req }) => ({
      n: query.n, lang: query.lang ?? null, nonce: req.cspNonce, market: req.market, locale: req.locale,
    }))
    registerCall(scope, saveThing, ({ body }) => body)
    registerCall(scope, either, ({ body }) => ({ productId: body.productId }))
    registerCall(scope, upload, ({ body, files }) => ({ note: body.note, sizes: files.map((f) => f.data.length) }))
    registerCall(scope, failing, () => {
      throw new Error('secret internal detail: password=hunter2')
    })
    registerCall(scope, missing, () => {
      throw new AppError('notFound')
    })
    registerCall(scope, bulky, () => Array.from({ length: 200 }, (_, i) => `line ${i} of a long answer`))
    // deliberately wrong: the contract says a number
    registerCall(scope, offContract, () => ({ a: 'not a number' }) as unknown as { a: number })
  })
  await app.ready()
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

function postJson(url: string, payload: unknown) {
  return app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) })
}

function postForm(url: string, payload: string) {
  return app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload })
}

describe('envelopes', () => {
  it('wraps code0 answers and validates the query with coercion', async () => {
    const res = await app.inject({ method: 'GET', url: `${echoQuery.path}?n=42&lang=en&dId=abc` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.json()).toMatchObject({ code: 0, message: 'success', data: { n: 42, lang: 'en', market: 'ID', locale: 'en' } })
  })

  it("picks the market and language from the shared parameters", async () => {
    const india = await app.inject({ method: 'GET', url: `${echoQuery.path}?n=1&isNeedPop=1` })
    expect(india.json().data).toMatchObject({ market: 'IN', locale: 'en' })
    const mexico = await app.inject({ method: 'GET', url: `${echoQuery.path}?n=1&market=MX` })
    expect(mexico.json().data).toMatchObject({ market: 'MX', locale: 'es' })
    const idInEnglish = await app.inject({ method: 'GET', url: `${echoQuery.path}?n=1&lang=en-US` })
    expect(idInEnglish.json().data).toMatchObject({ market: 'ID', locale: 'en' })
  })

  it("wraps code00 answers from a form body and from JSON", async () => {
    const form = await postForm(saveThing.path, 'name=%20Budi%20&count=3')
    expect(form.json()).toEqual({ code: '00', message: 'success', data: { name: 'Budi', count: 3 } })
    const fromJson = await postJson(saveThing.path, { name: 'Siti', count: 2 })
    expect(fromJson.json()).toEqual({ code: '00', message: 'success', data: { name: 'Siti', count: 2 } })
  })

  it('wraps success-family answers, for GET (query) and POST (body) alike', async () => {
    const viaGet = await app.inject({ method: 'GET', url: `${either.path}?productId=7` })
    expect(viaGet.json()).toEqual({ success: true, data: { productId: 7 } })
    const viaPost = await postForm(either.path, 'productId=8')
    expect(viaPost.json()).toEqual({ success: true, data: { productId: 8 } })
    const bad = await app.inject({ method: 'GET', url: `${either.path}?productId=x` })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ success: false, data: { fields: ['productId'] }, code: 1000 })
  })

  it('keeps the family for errors: code00 codes are strings', async () => {
    const res = await app.inject({ method: 'GET', url: missing.path })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ code: '1002', data: null, message: 'Data yang Anda cari tidak ditemukan.' })
    expect(res.headers['cache-control']).toBe('no-store')
    const english = await app.inject({ method: 'GET', url: `${missing.path}?lang=en` })
    expect(english.json().message).toBe('We could not find what you asked for.')
  })
})

describe('compression', () => {
  it('sends large answers with brotli or gzip as the client accepts, and small ones as they are', async () => {
    const plain = await app.inject({ method: 'GET', url: bulky.path })
    expect(plain.headers['content-encoding']).toBeUndefined()
    const expected = plain.json()
    expect(expected.data).toHaveLength(200)

    const br = await app.inject({ method: 'GET', url: bulky.path, headers: { 'accept-encoding': 'br, gzip' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4)
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(expected)

    const gz = await app.inject({ method: 'GET', url: bulky.path, headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(expected)

    const small = await app.inject({ method: 'GET', url: `${echoQuery.path}?n=1`, headers: { 'accept-encoding': 'br, gzip' } })
    expect(small.headers['content-encoding']).toBeUndefined()
  })
})

describe('error handler', () => {
  it('answers 500 internal without the internal message, and logs it with the request id', async () => {
    const res = await postJson(failing.path, {})
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ code: '1099', data: null, message: 'Terjadi kesalahan pada sistem kami. Silakan coba lagi.' })
    expect(res.body).not.toContain('hunter2')
    const logged = logLines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'request failed')
    expect(logged?.reqId).toEqual(expect.any(String))
    expect(JSON.stringify(logged)).toContain('secret internal detail')
  })

  it('refuses data outside the contract instead of sending it', async () => {
    const res = await app.inject({ method: 'GET', url: offContract.path })
    expect(res.statusCode).toBe(500)
    expect(res.json().code).toBe(1099)
  })

  it('answers malformed JSON with 400 invalidRequest', async () => {
    for (const payload of ['{"name": "a",', '{bad json}', '[1,2', '{"__proto__": {"x": 1}}']) {
      const res = await app.inject({ method: 'POST', url: saveThing.path, headers: { 'content-type': 'application/json' }, payload })
      expect(res.statusCode, payload).toBe(400)
      expect(res.json(), payload).toMatchObject({ code: '1000', message: expect.stringContaining('tidak valid') })
    }
  })

  it('answers an empty JSON body with 400', async () => {
    const res = await app.inject({ method: 'POST', url: saveThing.path, headers: { 'content-type': 'application/json' }, payload: '' })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('1000')
  })

  it('answers malformed or duplicated form fields with 400 naming the fields', async () => {
    const dup = await postForm(saveThing.path, 'name=a&name=b&count=1')
    expect(dup.statusCode).toBe(400)
    expect(dup.json().data).toEqual({ fields: ['name'] })
    const garbage = await postForm(saveThing.path, '%%%&&&==%E0%A4%A')
    expect(garbage.statusCode).toBe(400)
    expect(garbage.json().data.fields.sort()).toEqual(['count', 'name'])
  })

  it('names wrong types, missing fields and too-long strings', async () => {
    const wrongTypes = await postJson(saveThing.path, { name: 123, count: 'many' })
    expect(wrongTypes.statusCode).toBe(400)
    expect(wrongTypes.json().data.fields.sort()).toEqual(['count', 'name'])
    const missingFields = await postJson(saveThing.path, {})
    expect(missingFields.json().data.fields.sort()).toEqual(['count', 'name'])
    const tooLong = await postJson(saveThing.path, { name: 'x'.repeat(21), count: 1 })
    expect(tooLong.json()).toMatchObject({ code: '1000', data: { fields: ['name'] } })
    const negative = await postJson(saveThing.path, { name: 'ok', count: -1 })
    expect(negative.json().data).toEqual({ fields: ['count'] })
    const notObject = await postJson(saveThing.path, ['name', 'count'])
    expect(notObject.statusCode).toBe(400)
  })

  it('handles hostile input as data, never as a failure', async () => {
    const script = await postJson(saveThing.path, { name: '<script>x</script>', count: 1 })
    expect(script.statusCode).toBe(200)
    expect(script.json().data.name).toBe('<script>x</script>')
    expect(script.headers['content-type']).toMatch(/^application\/json/)
    const sqlish = await postForm(saveThing.path, `name=${encodeURIComponent("' OR 1=1 --")}&count=1`)
    expect(sqlish.json().data.name).toBe("' OR 1=1 --")
    const unicode = await postJson(saveThing.path, { name: 'Zoë 😀 日本 \u202e', count: 0 })
    expect(unicode.json().data.name).toBe('Zoë 😀 日本 \u202e')
    const nul = await postJson(saveThing.path, { name: 'a\u0000b', count: 0 })
    expect(nul.statusCode).toBe(200)
    const huge = await postJson(saveThing.path, { name: 'x'.repeat(10_240), count: 1 })
    expect(huge.statusCode).toBe(400)
    const array = await postJson(saveThing.path, { name: ['a', 'b'], count: [1, 2] })
    expect(array.json().data.fields.sort()).toEqual(['count', 'name'])
    const object = await postJson(saveThing.path, { name: { $gt: '' }, count: 1 })
    expect(object.statusCode).toBe(400)
  })

  it('answers duplicated or oversized query parameters with 400', async () => {
    const dup = await app.inject({ method: 'GET', url: `${echoQuery.path}?n=1&n=2` })
    expect(dup.statusCode).toBe(400)
    expect(dup.json()).toMatchObject({ code: 1000, data: { fields: ['n'] } })
    const bigShared = await app.inject({ method: 'GET', url: `${echoQuery.path}?n=1&dId=${'d'.repeat(10_240)}` })
    expect(bigShared.statusCode).toBe(400)
    expect(bigShared.json().data).toEqual({ fields: ['dId'] })
    const dupShared = await app.inject({ method: 'GET', url: `${echoQuery.path}?n=1&lang=en&lang=es` })
    expect(dupShared.statusCode).toBe(400)
  })

  it('answers an unknown path with the 404 envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/h5-api/no/such/call?lang=es' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ code: 1002, data: null, message: 'No encontramos lo que buscas.' })
    const post = await postJson('/api/v1/nothing', {})
    expect(post.statusCode).toBe(404)
  })

  it('answers a known path with the wrong method with 405', async () => {
    const res = await app.inject({ method: 'GET', url: saveThing.path })
    expect(res.statusCode).toBe(405)
    expect(res.json()).toMatchObject({ code: 1003, data: null })
    const del = await app.inject({ method: 'DELETE', url: echoQuery.path })
    expect(del.statusCode).toBe(405)
  })

  it('answers a body over 1 MB with 413', async () => {
    const big = await postJson(saveThing.path, { name: 'x', count: 1, pad: 'p'.repeat(1_100_000) })
    expect(big.statusCode).toBe(413)
    expect(big.json()).toMatchObject({ code: '1004', data: null })
    const bigForm = await postForm(saveThing.path, `name=x&count=1&pad=${'p'.repeat(1_100_000)}`)
    expect(bigForm.statusCode).toBe(413)
  })

  it('answers an unsupported content type with 415', async () => {
    const res = await app.inject({ method: 'POST', url: saveThing.path, headers: { 'content-type': 'text/plain' }, payload: 'name=x' })
    expect(res.statusCode).toBe(415)
    expect(res.json()).toMatchObject({ code: '1005', data: null })
    const xml = await app.inject({ method: 'POST', url: saveThing.path, headers: { 'content-type': 'application/xml' }, payload: '<a/>' })
    expect(xml.statusCode).toBe(415)
  })
})

describe('multipart', () => {
  function multipartBody(parts: Array<{ name: string; filename?: string; data: Buffer | string }>) {
    const boundary = '----kilat-test-boundary'
    const chunks: Buffer[] = []
    for (const part of parts) {
      const disposition = part.filename
        ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: image/jpeg`
        : `form-data; name="${part.name}"`
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`))
      chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data))
      chunks.push(Buffer.from('\r\n'))
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`))
    return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
  }

  it('reads fields and files', async () => {
    const body = multipartBody([
      { name: 'note', data: 'hello' },
      { name: 'problemImage', filename: 'a.jpg', data: Buffer.alloc(1000, 1) },
      { name: 'problemImage', filename: 'b.jpg', data: Buffer.alloc(2000, 2) },
    ])
    const res = await app.inject({ method: 'POST', url: upload.path, ...body })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ code: '00', message: 'success', data: { note: 'hello', sizes: [1000, 2000] } })
  })

  it('refuses a file over 5 MB and more than 9 files with 413', async () => {
    const big = multipartBody([{ name: 'problemImage', filename: 'big.jpg', data: Buffer.alloc(5 * 1024 * 1024 + 1) }])
    const tooBig = await app.inject({ method: 'POST', url: upload.path, ...big })
    expect(tooBig.statusCode).toBe(413)
    expect(tooBig.json().code).toBe('1004')
    const many = multipartBody(Array.from({ length: 10 }, (_, i) => ({ name: 'problemImage', filename: `${i}.jpg`, data: 'x' })))
    const tooMany = await app.inject({ method: 'POST', url: upload.path, ...many })
    expect(tooMany.statusCode).toBe(413)
  })

  it('refuses a non-multipart body on an upload call with 415, and bad fields with 400', async () => {
    const res = await postJson(upload.path, { note: 'x' })
    expect(res.statusCode).toBe(415)
    const longNote = await app.inject({ method: 'POST', url: upload.path, ...multipartBody([{ name: 'note', data: 'n'.repeat(30) }]) })
    expect(longNote.statusCode).toBe(400)
    expect(longNote.json().data).toEqual({ fields: ['note'] })
    const broken = await app.inject({
      method: 'POST', url: upload.path, headers: { 'content-type': 'multipart/form-data; boundary=zzz' }, payload: 'not multipart at all',
    })
    expect(broken.statusCode).toBe(400)
    expect(broken.json()).toMatchObject({ code: '1000', data: null })
  })
})

describe('request log', () => {
  it('writes one line per request when it is answered: the request with its address redacted, the status, the time taken', async () => {
    logLines.length = 0
    await app.inject({ method: 'GET', url: `${echoQuery.path}?n=1&tok=secret-token&lang=en` })
    const lines = logLines.map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      reqId: expect.any(String),
      req: { method: 'GET', url: `${echoQuery.path}?n=1&tok=[redacted]&lang=en`, remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    })
    expect(logLines.join('')).not.toContain('secret-token')
  })
})

describe('security headers', () => {
  it('sends a page one CSP nonce per request, the same in script-src and style-src', async () => {
    const nonceOf = (res: { headers: Record<string, unknown> }) => /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1]
    const a = await app.inject({ method: 'GET', url: '/relevant' })
    const b = await app.inject({ method: 'GET', url: '/relevant' })
    const csp = String(a.headers['content-security-policy'])
    const nonce = nonceOf(a) ?? ''
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{24}$/)
    expect(nonce).not.toBe(nonceOf(b))
    expect(csp).toContain(`script-src 'nonce-${nonce}' 'strict-dynamic'`)
    expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`)
    expect(csp.match(/'nonce-/g)).toHaveLength(2)
    for (const directive of [
      "default-src 'self'", "style-src-attr 'unsafe-inline'", "img-src 'self' data: blob:", "font-src 'self' data:",
      "connect-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'self'", "form-action 'self'",
    ]) expect(csp).toContain(directive)
    expect(a.headers['x-content-type-options']).toBe('nosniff')
    expect(a.headers['strict-transport-security']).toBeUndefined()
  })

  it('sends calls, files and health answers a fixed policy that allows nothing, and makes them no nonce', async () => {
    for (const url of [`${echoQuery.path}?n=1`, '/healthz', '/h5-api/nowhere', '/assets/nothing.js']) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'")
    }
    const call = await app.inject({ method: 'GET', url: `${echoQuery.path}?n=1` })
    expect(call.json().data.nonce).toBe('')
  })

  it('sends the same other security headers, with the same values, on a call, a page and an error', async () => {
    const expected = {
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    }
    for (const url of [`${echoQuery.path}?n=1`, '/relevant', '/nowhere', '/healthz']) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.headers, url).toMatchObject(expected)
      expect(res.headers['strict-transport-security'], url).toBeUndefined()
      expect(res.headers['x-powered-by'], url).toBeUndefined()
    }
  })

  it('sends the headers on errors too', async () => {
    const res = await app.inject({ method: 'GET', url: '/nowhere' })
    expect(res.headers['content-security-policy']).toContain("object-src 'none'")
  })
})
