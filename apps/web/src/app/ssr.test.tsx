import { demoOrders, ERRORS, loginInit, userInfo } from '@kilat/contract'
import { ORDER_STATUS } from '@kilat/domain'
import { act, screen, waitFor } from '@testing-library/react'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { render, type RenderInput, type TransportRequest } from '../entry-server'
import { fetchTransport } from '../shared/api'
import { fail, mockCall, server } from '../test/msw'
import { publicPageCalls } from '../test/public-pages'
import { resetServerContexts, runInlineScripts } from '../test/server-contexts'
import { allowConsoleError } from '../test/setup'
import { EARLY_TAP_SCRIPT } from './early-input'
import { startClient } from './start-client'

const template = readFileSync(resolve(import.meta.dirname, '../../index.html'), 'utf8').replace(
  '<!--app-head-->',
  '<!--app-head--><meta property="csp-nonce" nonce="__KILAT_CSP_NONCE__">',
)
const NONCE = 'test-nonce-123'

const apiCalls: TransportRequest[] = []

async function renderPage(url: string, extra: Partial<RenderInput> = {}) {
  const base = fetchTransport('http://localhost:3000')
  const result = await render({
    url,
    nonce: NONCE,
    template,
    transport: (request) => {
      apiCalls.push(request)
      return base(request)
    },
    ...extra,
  })
  let html = ''
  if (typeof result.body === 'string') html = result.body
  else for await (const chunk of result.body) html += String(chunk)
  return { ...result, html }
}

let root: Root | undefined

beforeEach(() => {
  apiCalls.length = 0
  server.use(
    mockCall(loginInit, { market: 'ID', callingCode: '62', codeLength: 6, resendSeconds: 60, demo: true }),
    mockCall(userInfo, ({ query }) =>
      query.get('tok') === 'demo-borrower'
        ? { phone: '+62812****7890', market: 'ID', name: 'Demo' }
        : fail(ERRORS.sessionRequired.code, 'Sesi Anda telah berakhir. Silakan masuk kembali.', 401),
    ),
    mockCall(demoOrders, { productId: 4, orders: [{ orderNo: 'K2026000006', productId: 2, productName: 'Kilat Plus', status: ORDER_STATUS.overdue }] }),
  )
})

afterEach(() => {
  root?.unmount()
  root = undefined
})

describe('server rendering', () => {
  it('renders the screen with its data, language, title and nonce', async () => {
    const page = await renderPage('/testPreview?tok=demo-borrower&lang=en&dId=d1')
    expect(page.status).toBe(200)
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.html).toContain('<html lang="en"')
    expect(page.html).toContain('<title>Test preview · Kilat</title>')
    expect(page.html).toContain('Signed in as +62812****7890')
    // Demo mode: the borrower's orders are in the first HTML, linked to their screens.
    expect(page.html).toContain('href="/loan-detail?')
    expect(page.html).toContain('K2026000006 · Kilat Plus')
    expect(page.html).toContain('<h1 class=')
    for (const script of page.html.match(/<script\b[^>]*>/g) ?? []) expect(script).toContain(`nonce="${NONCE}"`)
    expect(page.html).toContain('<script type="application/json" id="kilat-boot"')
    expect(page.html).not.toContain('__KILAT_CSP_NONCE__')
  })

  it('calls the API with the page’s shared parameters and the XMLHttpRequest marker', async () => {
    await renderPage('/testPreview?tok=demo-borrower&lang=en&dId=d1&unrelated=1')
    const info = apiCalls.find((c) => c.url.startsWith(userInfo.path))
    expect(info).toBeDefined()
    expect(Object.fromEntries(new URLSearchParams(info?.url.split('?')[1]))).toEqual({ tok: 'demo-borrower', lang: 'en', dId: 'd1' })
    expect(info?.headers['X-Requested-With']).toBe('XMLHttpRequest')
  })

  it('renders a refused session as a state, not an error', async () => {
    const page = await renderPage('/testPreview?tok=gone')
    expect(page.status).toBe(200)
    expect(page.html).toContain('Belum masuk.')
    expect(page.html).toContain('<html lang="id"')
  })

  it('lets public pages be cached briefly, unless the address carries a session', async () => {
    server.use(...publicPageCalls())
    expect((await renderPage('/Policy')).headers['cache-control']).toMatch(/^public, max-age=\d+/)
    expect((await renderPage('/privacy-policy?lang=es')).headers['cache-control']).toMatch(/^public/)
    expect((await renderPage('/Policy?tok=demo-borrower')).headers['cache-control']).toBe('no-store')
    expect((await renderPage('/loan-detail')).headers['cache-control']).toBe('no-store')
  })

  it('answers 404 outside the route table', async () => {
    const page = await renderPage('/definitely/not/here?lang=en')
    expect(page.status).toBe(404)
    expect(page.html).toContain('Page not found')
    expect(page.headers['cache-control']).toBe('no-store')
  })

  it('starts the app after the first paint: the screen’s chunks and the entry are requested by a starter, its stylesheets linked', async () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'], css: ['assets/index-1.css'] },
      '_shared-1.js': { file: 'assets/shared-1.js' },
      '_forms-1.js': { file: 'assets/forms-1.js', imports: ['_shared-1.js'], css: ['assets/forms-1.css'] },
      'src/features/test-preview/test-preview.route.ts': { file: 'assets/test-preview-1.js', imports: ['_forms-1.js', '_shared-1.js'], css: ['assets/test-preview-1.css'] },
    }
    const page = await renderPage('/testPreview?lang=en', { manifest })
    // Nothing in the HTML itself fetches a script: the browser paints first.
    expect(page.html).not.toMatch(/<script[^>]*\ssrc=|<link rel="modulepreload"/)
    const inline = [...page.html.matchAll(new RegExp(`<script nonce="${NONCE}">(.*?)</script>`, 'g'))].map((m) => m[1] ?? '')
    // First the holder of taps before hydration, ahead of every stylesheet (an inline script after
    // one waits for it): docs/product/platform.md#taps-before-hydration.
    expect(inline[0]).toBe(EARLY_TAP_SCRIPT)
    expect(page.html.indexOf(EARLY_TAP_SCRIPT)).toBeLessThan(page.html.indexOf('<link rel="stylesheet"'))
    const starter = inline.find((script) => script.includes('modulepreload')) ?? ''
    expect(starter).toContain('["/assets/test-preview-1.js","/assets/forms-1.js"]')
    // the entry's own chunk runs first, by a script of its own, then the entry
    expect(starter).toContain('var q=["/assets/shared-1.js","/src/entry-client.tsx"]')
    expect(starter).toContain("requestAnimationFrame")
    expect(page.html.match(/shared-1\.js/g)).toHaveLength(1)
    expect(page.html).toContain('<link rel="stylesheet" href="/assets/test-preview-1.css">')
    expect(page.html).toContain('<link rel="stylesheet" href="/assets/forms-1.css">')
  })
})

describe('hydration', () => {
  async function loadInBrowser(url: string) {
    // React's development build notices the server renderer used the same context objects earlier
    // in this process; a real browser never shares a process with the server.
    allowConsoleError(/Detected multiple renderers concurrently rendering the same context provider/)
    const page = await renderPage(url)
    await resetServerContexts()
    const body = /<body>([\s\S]*)<\/body>/.exec(page.html)?.[1] ?? ''
    window.history.replaceState(null, '', url)
    document.body.innerHTML = body
    runInlineScripts()
    root = await act(() => startClient())
    return page
  }

  it('takes over the server’s page without a mismatch or a refetch, then cleans the address', async () => {
    await loadInBrowser('/testPreview?tok=demo-borrower&lang=en&dId=d1')
    const callsAfterServer = apiCalls.length
    expect(await screen.findByText('Signed in as +62812****7890')).toBeInTheDocument()
    expect(document.documentElement.lang).toBe('en')
    await waitFor(() => expect(window.location.search).toBe('?lang=en&dId=d1'))
    // The page is interactive: the hydrated button answers.
    screen.getByRole('button', { name: 'Use demo borrower' }).click()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(apiCalls.length).toBe(callsAfterServer)
  })

  it('hydrates a coming-soon screen and the not-found screen', async () => {
    await loadInBrowser('/error?lang=id')
    expect(await screen.findByRole('heading', { level: 1, name: 'Terjadi kesalahan' })).toBeInTheDocument()
    root?.unmount()
    root = undefined
    await loadInBrowser('/nowhere?lang=en')
    expect(await screen.findByRole('heading', { level: 2, name: 'Page not found' })).toBeInTheDocument()
  })
})
