import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.js'
import { isPagePath } from '../../http/paths.js'
import pagesPlugin from './pages.plugin.js'

// A stand-in for the web app's build: the plugin's job is serving and wiring, not React.
const ENTRY = `
export async function render(input) {
  if (input.url.startsWith('/boom')) throw new Error('render failed')
  const api = await input.transport({ method: 'GET', url: '/h5-api/echo?tok=t1', headers: { 'X-Requested-With': 'XMLHttpRequest' } })
  const status = input.url.startsWith('/missing') ? 404 : 200
  const html = input.template.replaceAll('__KILAT_CSP_NONCE__', input.nonce).replace('<!--app-html-->', '<p>' + input.locale + ' ' + JSON.stringify(api.body) + '</p>')
  return { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }, body: html }
}
export function renderOpsPage(input) {
  return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }, body: input.template.replaceAll('__KILAT_CSP_NONCE__', input.nonce) }
}
`

let dist: string
let app: FastifyInstance

async function buildTestApp(webDist: string, env: 'production' | 'development' = 'production') {
  const config = loadConfig({ NODE_ENV: env, WEB_DIST: webDist, DEMO_MODE: 'false' })
  const instance = Fastify()
  instance.decorateRequest('cspNonce', 'n0nce')
  instance.decorateRequest('locale', 'en')
  instance.decorateRequest('market', 'ID')
  instance.get('/h5-api/echo', async (request) => ({ code: 0, message: 'ok', data: { cookie: request.headers.cookie ?? null, marker: request.headers['x-requested-with'] ?? null } }))
  await instance.register(pagesPlugin, { config })
  return instance
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'kilat-pages-'))
  mkdirSync(join(dist, 'client', 'assets'), { recursive: true })
  mkdirSync(join(dist, 'client', '.vite'), { recursive: true })
  mkdirSync(join(dist, 'server'), { recursive: true })
  writeFileSync(join(dist, 'client', 'index.html'), '<html lang="id"><head><script type="module" nonce="__KILAT_CSP_NONCE__" src="/assets/app-1.js"></script></head><body><!--app-html--></body></html>')
  writeFileSync(join(dist, 'client', '.vite', 'manifest.json'), '{}')
  const script = 'console.log("hello from a content-hashed file");'.repeat(40)
  writeFileSync(join(dist, 'client', 'assets', 'app-1.js'), script)
  writeFileSync(join(dist, 'client', 'assets', 'app-1.js.br'), brotliCompressSync(script))
  writeFileSync(join(dist, 'client', 'robots.txt'), 'User-agent: *\n')
  writeFileSync(join(dist, 'client', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  writeFileSync(join(dist, 'client', 'ops.html'), '<html lang="en"><head><meta property="csp-nonce" nonce="__KILAT_CSP_NONCE__"><script type="module" nonce="__KILAT_CSP_NONCE__" src="/assets/ops-1.js"></script></head><body><div id="ops-root"></div></body></html>')
  writeFileSync(join(dist, 'server', 'entry-server.js'), ENTRY)
  app = await buildTestApp(dist)
})

afterAll(async () => {
  await app?.close()
  rmSync(dist, { recursive: true, force: true })
})

describe('pages', () => {
  it('tells pages from API paths', () => {
    for (const page of ['/', '/testPreview?tok=1', '/loan-detail', '/apple', '/apis', '/Policy']) expect(isPagePath(page)).toBe(true)
    for (const api of ['/h5-api/v3/user/info', '/api/v1/x', '/app/v3/product/apply', '/media/1.png', '/healthz', '/readyz', '/assets/x.js', '/h5-api']) {
      expect(isPagePath(api)).toBe(false)
    }
  })

  it('renders a page through the web app’s renderer, its API calls in-process with the cookie', async () => {
    const response = await app.inject({ url: '/loan-detail?lang=en', headers: { cookie: 'sid=abc' } })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.body).toContain('nonce="n0nce"')
    expect(response.body).toContain('{"code":0,"message":"ok","data":{"cookie":"sid=abc","marker":"XMLHttpRequest"}}')
  })

  it('answers every /ops address with the console’s own page and this request’s nonce, never cached', async () => {
    for (const url of ['/ops', '/ops/sign-in', '/ops/complaints/4?market=ID', '/ops/enrol']) {
      const response = await app.inject({ url })
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.body).toContain('<div id="ops-root"></div>')
      expect(response.body).toContain('<script type="module" nonce="n0nce" src="/assets/ops-1.js">')
      expect(response.body).not.toContain('__KILAT_CSP_NONCE__')
    }
    // The borrower app's renderer still has every other page, /ops-api is no page at all.
    expect((await app.inject({ url: '/opsx' })).body).toContain('<p>en')
    expect(isPagePath('/ops-api/staff/me')).toBe(false)
  })

  it('passes the renderer’s status on (404 for an unknown page)', async () => {
    expect((await app.inject({ url: '/missing/page' })).statusCode).toBe(404)
  })

  it('leaves unknown API paths to the not-found handler', async () => {
    const response = await app.inject({ url: '/h5-api/nothing-here' })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).not.toContain('text/html')
  })

  it('answers a failed render with a plain localized page, never a stack', async () => {
    const response = await app.inject({ url: '/boom' })
    expect(response.statusCode).toBe(500)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.body).toContain('Something went wrong on our side')
    expect(response.body).not.toContain('render failed')
  })

  it('serves content-hashed assets precompressed and immutable for a year', async () => {
    const response = await app.inject({ url: '/assets/app-1.js', headers: { 'accept-encoding': 'br, gzip' } })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await app.inject({ url: '/assets/none.js' })).statusCode).toBe(404)
  })

  it('serves robots.txt and the favicon', async () => {
    const robots = await app.inject({ url: '/robots.txt' })
    expect(robots.statusCode).toBe(200)
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8')
    const icon = await app.inject({ url: '/favicon.ico' })
    expect(icon.headers['content-type']).toBe('image/svg+xml')
  })

  it('answers 503 when the web app was never built (outside development)', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'kilat-empty-'))
    const bare = await buildTestApp(empty)
    try {
      const response = await bare.inject({ url: '/' })
      expect(response.statusCode).toBe(503)
      expect(response.headers['cache-control']).toBe('no-store')
    } finally {
      await bare.close()
      rmSync(empty, { recursive: true, force: true })
    }
  })
})
