import { extensionDetail, loanPlayDetail, repaymentWay } from '@kilat/contract'
import { act, getDefaultNormalizer, screen } from '@testing-library/react'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Root } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { startClient } from './start-client'
import { render, type TransportRequest } from '../entry-server'
import { fetchTransport } from '../shared/api'
import { mockCall, server } from '../test/msw'
import { resetServerContexts, runInlineScripts } from '../test/server-contexts'
import { allowConsoleError } from '../test/setup'
import { extensionDetailData, installmentPlan, repaymentWayData } from '../features/repayment/test-fixtures'

const template = readFileSync(resolve(import.meta.dirname, '../../index.html'), 'utf8')
const apiCalls: TransportRequest[] = []
let root: Root | undefined

afterEach(() => {
  root?.unmount()
  root = undefined
  apiCalls.length = 0
})

/** The server's page with its data, then the browser taking it over (docs/product/platform.md#server-rendering). */
async function loadInBrowser(url: string) {
  // React's development build notices the server renderer used the same context objects earlier in this process.
  allowConsoleError(/Detected multiple renderers concurrently rendering the same context provider/)
  const base = fetchTransport('http://localhost:3000')
  const result = await render({ url, nonce: 'n', template, transport: (request) => (apiCalls.push(request), base(request)) })
  let html = ''
  if (typeof result.body === 'string') html = result.body
  else for await (const chunk of result.body) html += String(chunk)
  await resetServerContexts()
  window.history.replaceState(null, '', url)
  document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? ''
  runInlineScripts()
  const callsAfterServer = apiCalls.length
  root = await act(() => startClient())
  return { html, callsAfterServer }
}

describe('repayment plan screens rendered on the server', () => {
  it.each([
    { url: '/installments?orderId=K2026000007&productId=7&lang=en', call: loanPlayDetail, data: installmentPlan(), text: 'Rp\u00a01.025.000,00' },
    { url: '/repay-delay?orderId=K2026000005&productId=5&lang=en', call: extensionDetail, data: extensionDetailData(), text: 'Once this is paid, your new due date will be 2026-07-01.' },
    { url: '/repay-card?orderId=K2026000005&productId=5&lang=en', call: repaymentWay, data: repaymentWayData(), text: 'Card 523456******1234' },
  ] as const)('$url: its data in the first HTML, hydrated without a mismatch or a refetch', async ({ url, call, data, text }) => {
    server.use(mockCall(call as typeof loanPlayDetail, data as ReturnType<typeof installmentPlan>))
    const { html, callsAfterServer } = await loadInBrowser(url)
    expect(html).toContain(text)
    expect(callsAfterServer).toBe(1)
    // as written, the no-break space of an amount included
    expect(await screen.findByText(text, { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) })).toBeInTheDocument()
    await new Promise((done) => setTimeout(done, 50))
    expect(apiCalls).toHaveLength(callsAfterServer)
  })
})
