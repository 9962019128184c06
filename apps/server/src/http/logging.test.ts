import { PassThrough } from 'node:stream'
import fc from 'fast-check'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config.js'
import { logFormat, loggerOptions, OneLinePerRequest, prettyLogStream, redactUrl } from './logging.js'

describe('redactUrl', () => {
  it('removes secret values and keeps the rest', () => {
    expect(redactUrl('/h5-api/v3/user/info?tok=abc&lang=en&sessionId=def')).toBe(
      '/h5-api/v3/user/info?tok=[redacted]&lang=en&sessionId=[redacted]',
    )
    expect(redactUrl('/x?mobilePhone=%2B628123&phone=0812&code=123456&userId=9&dId=device')).toBe(
      '/x?mobilePhone=[redacted]&phone=[redacted]&code=[redacted]&userId=[redacted]&dId=device',
    )
    // the registration's sid, and secret body fields sent in the address by mistake
    expect(redactUrl('/api/v2/lender/promotion/get-captcha?sid=Zm9vYmFyYmF6cXV4cXV1eA&a=1')).toBe('/api/v2/lender/promotion/get-captcha?sid=[redacted]&a=1')
    expect(redactUrl('/x?smsCode=123456&verifyCode=654321&capcode=AB12&password=p&cardNo=4111111111111111&repayToken=t')).toBe(
      '/x?smsCode=[redacted]&verifyCode=[redacted]&capcode=[redacted]&password=[redacted]&cardNo=[redacted]&repayToken=[redacted]',
    )
  })

  it('handles encoded keys, bare keys and addresses without a query', () => {
    expect(redactUrl('/x?%74ok=abc')).toBe('/x?%74ok=[redacted]')
    expect(redactUrl('/x?tok')).toBe('/x?tok')
    expect(redactUrl('/x?%E0%A4%A=1&tok=s')).toBe('/x?%E0%A4%A=1&tok=[redacted]')
    expect(redactUrl('/healthz')).toBe('/healthz')
  })
})

describe('redactUrl, both paths', () => {
  /** What the address must become: each pair of the query whose decoded key is secret loses its value. */
  const SECRET = new Set(['tok', 'sessionId', 'mobilePhone', 'phone', 'code', 'userId', 'ref', 'accountNo', 'sid', 'smsCode', 'verifyCode', 'capcode', 'password', 'cardNo', 'token', 'repayToken'])
  const expected = (url: string) => {
    const q = url.indexOf('?')
    if (q < 0) return url
    const pairs = url.slice(q + 1).split('&').map((pair) => {
      const eq = pair.indexOf('=')
      if (eq < 0) return pair
      let key = pair.slice(0, eq)
      try {
        key = decodeURIComponent(key.replace(/\+/g, ' '))
      } catch {
        return pair
      }
      return SECRET.has(key) ? `${pair.slice(0, eq)}=[redacted]` : pair
    })
    return `${url.slice(0, q)}?${pairs.join('&')}`
  }
  const key = fc.oneof(fc.constantFrom(...SECRET, 'lang', 'token', 'xtok', 'Tok', 'code2', '%74ok', 'co+de'), fc.string({ maxLength: 6 }))
  const value = fc.oneof(fc.constantFrom('', 'abc', '%2B628', 'a+b', '=x', '?y'), fc.string({ maxLength: 8 }))
  const pair = fc.tuple(key, fc.boolean(), value).map(([k, withValue, v]) => (withValue ? `${k}=${v}` : k).replaceAll('&', ''))

  it('gives what decoding every key would, whichever path the address takes', () => {
    fc.assert(
      fc.property(fc.constantFrom('/x', '/h5-api/v3/loan-details/loan-details', '/a&tok=1'), fc.array(pair, { maxLength: 6 }), (path, pairs) => {
        const url = `${path}?${pairs.join('&')}`
        expect(redactUrl(url)).toBe(expected(url))
      }),
      { numRuns: 2000 },
    )
  })
})

describe('logFormat', () => {
  it('writes readable lines to a terminal, JSON lines anywhere else and always in production', () => {
    expect(logFormat({ isTTY: true, nodeEnv: 'development' })).toBe('pretty')
    expect(logFormat({ isTTY: true, nodeEnv: undefined })).toBe('pretty')
    expect(logFormat({ isTTY: undefined, nodeEnv: 'development' })).toBe('json')
    expect(logFormat({ isTTY: false, nodeEnv: 'development' })).toBe('json')
    expect(logFormat({ isTTY: true, nodeEnv: 'production' })).toBe('json')
  })
})

describe('readable log lines', () => {
  it('say the request in one line, with its secrets redacted as in JSON', async () => {
    const out = new PassThrough()
    let text = ''
    out.on('data', (chunk: Buffer) => (text += chunk.toString()))
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'unused-in-tests', WEB_DIST: 'no-web-app-in-tests', LOG_LEVEL: 'info' })
    const app = Fastify({ logger: loggerOptions(config, prettyLogStream(out, false)), logController: new OneLinePerRequest() })
    app.get('/x', async () => ({ ok: true }))
    await app.inject({ url: '/x?tok=secret-token-1234&lang=en' })
    await app.close()
    await new Promise((resolve) => setTimeout(resolve, 50))

    const line = text.split('\n').find((l) => l.includes('/x?'))
    expect(line).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: GET \/x\?tok=\[redacted\]&lang=en 200 \d+\.\d ms \(request completed, req-\d+\)$/)
    expect(text).not.toContain('secret-token-1234')
    // every line is a whole entry: no object spread over the lines after it
    for (const l of text.trim().split('\n')) expect(l).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] [A-Z]+: /)
    expect(text).not.toContain('{"')
  })
})

describe('trace fields', () => {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'unused-in-tests', WEB_DIST: 'no-web-app-in-tests', LOG_LEVEL: 'info' })

  it('are not even looked for while tracing is off: no mixin', () => {
    const options = loggerOptions(config, new PassThrough()) as { mixin?: unknown }
    expect(options.mixin).toBeUndefined()
  })

  it('show in a readable line as the trace id, after the request id', async () => {
    const out = new PassThrough()
    let text = ''
    out.on('data', (chunk: Buffer) => (text += chunk.toString()))
    const stream = prettyLogStream(out, false)
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736'
    stream.write(
      `${JSON.stringify({ level: 30, time: Date.now(), msg: 'request completed', reqId: 'req-1', trace_id: traceId, span_id: '00f067aa0ba902b7', req: { method: 'GET', url: '/x' }, res: { statusCode: 200 }, responseTime: 1.25 })}\n`,
    )
    stream.end()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(text.trim()).toMatch(new RegExp(`INFO: GET /x 200 1\\.3 ms \\(request completed, req-1, trace ${traceId}\\)$`))
    expect(text).not.toContain('00f067aa0ba902b7')
  })
})
