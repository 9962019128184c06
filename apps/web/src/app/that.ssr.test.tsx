import { generateVcode, vcodeStatus } from '@kilat/contract'
import { screen, waitFor } from '@testing-library/react'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Root } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { startClient } from './start-client'
import { render } from '../entry-server'
import { fetchTransport, type TransportRequest } from '../shared/api'
import { mockCall, server } from '../test/msw'
import { resetServerContexts, runInlineScripts } from '../test/server-contexts'
import { allowConsoleError } from '../test/setup'
import { accountStatus, bankAccount } from '../features/repayment/test-fixtures'
import { POLL_INTERVAL_MS } from '../features/repayment/use-payment-watch'

const template = readFileSync(resolve(import.meta.dirname, '../../index.html'), 'utf8')

let root: Root | undefined
afterEach(() => {
  root?.unmount()
  root = undefined
})

// The account is issued while the server renders, so the first HTML has it; the browser takes the
// answer over (no second account asked) and only then starts watching for the payment.
describe('/that on the server', () => {
  it('renders the account in the first HTML, hydrates without asking again, and polls only in the browser', async () => {
    allowConsoleError(/Detected multiple renderers concurrently rendering the same context provider/)
    const issued: string[] = []
    const polled: string[] = []
    server.use(
      mockCall(generateVcode, ({ form }) => {
        issued.push(form.get('payCode') ?? '')
        return bankAccount()
      }),
      mockCall(vcodeStatus, () => {
        polled.push('asked')
        return accountStatus({ status: 'paid', orderStatus: 200, paidAt: '2026-04-01 10:02:03' })
      }),
    )
    const url = '/that?orderId=K2026000005&productId=5&payCode=BCA&payType=1&isDefault=0&lang=en'
    const calls: TransportRequest[] = []
    const base = fetchTransport('http://localhost:3000')
    const result = await render({ url, nonce: 'n1', template, transport: (request) => (calls.push(request), base(request)) })
    let html = ''
    if (typeof result.body === 'string') html = result.body
    else for await (const chunk of result.body) html += String(chunk)
    await resetServerContexts()

    expect(result.headers['cache-control']).toBe('no-store')
    expect(html).toContain('<title>Repayment · Kilat</title>')
    // in groups of four, a line break allowed between them
    expect(html).toContain('<span>3935</span><span>8000</span><span>1234</span><span>5678</span>')
    expect(html).toContain('Rp\u00a02.575.000,00')
    expect(calls.map((call) => new URL(call.url, 'http://x').pathname).sort()).toEqual([generateVcode.path])
    expect(polled).toEqual([])

    window.history.replaceState(null, '', url)
    document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? ''
    runInlineScripts()
    root = await startClient()
    expect(await screen.findByRole('heading', { name: 'Payment received' }, { timeout: 3 * POLL_INTERVAL_MS })).toBeInTheDocument()
    await waitFor(() => expect(polled).toEqual(['asked']))
    expect(issued).toEqual(['BCA'])
  }, 10_000)
})
