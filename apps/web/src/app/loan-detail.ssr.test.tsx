import { ERRORS, loanDetails } from '@kilat/contract'
import { ORDER_STATUS } from '@kilat/domain'
import { screen, waitFor } from '@testing-library/react'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Root } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { render } from '../entry-server'
import { resetServerContexts, runInlineScripts } from '../test/server-contexts'
import { fetchTransport, type TransportRequest } from '../shared/api'
import { loanDetailsData } from '../test/fixtures'
import { fail, mockCall, server } from '../test/msw'
import { allowConsoleError } from '../test/setup'
import { startClient } from './start-client'

const template = readFileSync(resolve(import.meta.dirname, '../../index.html'), 'utf8')

async function renderPage(url: string, calls: TransportRequest[] = []) {
  const base = fetchTransport('http://localhost:3000')
  const result = await render({
    url,
    nonce: 'n1',
    template,
    transport: (request) => {
      calls.push(request)
      return base(request)
    },
  })
  let html = ''
  if (typeof result.body === 'string') html = result.body
  else for await (const chunk of result.body) html += String(chunk)
  await resetServerContexts()
  return { ...result, html }
}

let root: Root | undefined
afterEach(() => {
  root?.unmount()
  root = undefined
})

// The loan details screen rendered on the server and hydrated by the whole client: it starts app/,
// which composes the features, so it lives here rather than in features/loans.
describe('/loan-detail on the server', () => {
  it('renders the banner, the product card and the title in the first HTML, privately', async () => {
    server.use(mockCall(loanDetails, loanDetailsData({ orderStatus: ORDER_STATUS.submitted, noticeStatusText: 'Sedang ditinjau', isScore: '1' })))
    const page = await renderPage('/loan-detail?productId=5&orderId=K2026000005&tok=demo-borrower')
    expect(page.status).toBe(200)
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.html).toContain('<title>Kilat Tunai · Kilat</title>')
    expect(page.html).toContain('Sedang ditinjau')
    expect(page.html).toContain('data-status-icon="review"')
    expect(page.html).toContain('Nomor pesanan')
    expect(page.html).toContain('Rekomendasi untuk Anda')
    // The rating asked on arrival is in the first paint: the popup comes open in the HTML (the
    // script makes it a modal), the thanks popup closed.
    expect(page.html).toMatch(/<dialog open="" [^>]*aria-labelledby="[^"]+"><div[^>]*><h2[^>]*>Nilai layanan kami</)
    expect(page.html.match(/<dialog /g)).toHaveLength(2)
    expect(page.html.match(/<dialog open/g)).toHaveLength(1)
  })

  it('renders a refused session as a state, without an error for the browser to retry', async () => {
    server.use(mockCall(loanDetails, fail(ERRORS.sessionRequired.code, 'Sesi Anda telah berakhir.', 401)))
    const page = await renderPage('/loan-detail?orderId=K2026000005&tok=gone&lang=en')
    expect(page.status).toBe(200)
    expect(page.html).toContain('Please log in again')
  })

  it('hydrates without a mismatch or a second call, and opens the rating popup', async () => {
    allowConsoleError(/Detected multiple renderers concurrently rendering the same context provider/)
    server.use(mockCall(loanDetails, loanDetailsData({ isScore: '1' })))
    const calls: TransportRequest[] = []
    const url = '/loan-detail?productId=5&orderId=K2026000005&lang=en'
    const page = await renderPage(url, calls)
    window.history.replaceState(null, '', url)
    document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(page.html)?.[1] ?? ''
    runInlineScripts()
    root = await startClient()
    expect(await screen.findByRole('dialog', { name: 'Rate our service' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Kilat Tunai · Kilat'))
    expect(calls).toHaveLength(1)
  })

  it('hydrates a failed load as the same error state, asking again only on retry', async () => {
    allowConsoleError(/Detected multiple renderers concurrently rendering the same context provider/)
    let count = 0
    server.use(
      mockCall(loanDetails, () => {
        count++
        return count === 1 ? fail(1099, 'Something went wrong on our side.', 500) : loanDetailsData()
      }),
    )
    const url = '/loan-detail?productId=5&orderId=K2026000005&lang=en'
    const page = await renderPage(url)
    expect(page.html).toContain('Something went wrong on our side.')
    window.history.replaceState(null, '', url)
    document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(page.html)?.[1] ?? ''
    runInlineScripts()
    root = await startClient()
    const retry = await screen.findByRole('button', { name: 'Try again' })
    await new Promise((r) => setTimeout(r, 50))
    expect(count).toBe(1)
    retry.click()
    expect(await screen.findByRole('heading', { level: 1, name: 'Kilat Tunai' })).toBeInTheDocument()
    expect(count).toBe(2)
  })
})
