import { opsHealth, staffMe, type MarketHealth, type OpsHealth } from '@kilat/contract'
import { HEALTH_LIMITS } from '@kilat/domain'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mockCall, server } from '../../test/msw'
import { menuEntries, renderOps, staffOf } from '../test/render-ops'
import { HEALTH_REFRESH_MS } from './health-texts'

const quiet = (market: MarketHealth['market']): MarketHealth => ({
  market,
  level: 'ok',
  localHour: 14,
  inbox: { pending: 0, oldestSeconds: 0, level: 'ok', limit: HEALTH_LIMITS.inboxOldestSeconds },
  outbox: {
    confirmed: 0,
    sending: 0,
    accepted: 0,
    oldestSending: { oldestSeconds: 0, level: 'ok', limit: HEALTH_LIMITS.outboxSendingSeconds },
    oldestAccepted: { oldestSeconds: 0, level: 'ok', limit: HEALTH_LIMITS.outboxAcceptedSeconds },
  },
  reconciliation: { unreconciledDays: 0, openDifferences: 0, reconciledByHour: 12, pastReconciledBy: true, level: 'ok', limit: HEALTH_LIMITS.unreconciledDays },
  adjustmentsPendingSecond: 0,
  providers: [],
})

const HEALTH: OpsHealth = {
  asOf: '2026-03-02T07:00:00.000Z',
  level: 'alert',
  markets: [
    {
      ...quiet('ID'),
      level: 'warn',
      inbox: { pending: 3, oldestSeconds: 250, level: 'warn', limit: HEALTH_LIMITS.inboxOldestSeconds },
      adjustmentsPendingSecond: 2,
      providers: ['xendit'],
    },
    {
      ...quiet('MX'),
      level: 'alert',
      localHour: 11,
      reconciliation: { unreconciledDays: 2, openDifferences: 4, reconciledByHour: 12, pastReconciledBy: false, level: 'alert', limit: HEALTH_LIMITS.unreconciledDays },
    },
  ],
  providers: [
    { name: 'xendit', markets: ['ID'], calls: 120, failed: 12, failures: [{ outcome: 'timeout', calls: 9 }, { outcome: '5xx', calls: 3 }], ratio: 0.1, level: 'warn' },
    { name: 'twilio', markets: [], calls: 2, failed: 0, failures: [], ratio: 0, level: null },
  ],
  providerWindow: { minutes: 15, coveredSeconds: 900, sinceStart: false, minCalls: 10, limit: HEALTH_LIMITS.providerErrorRatio },
  jobs: [
    { name: 'payment inbox', lastRunAt: '2026-03-02T06:59:55.000Z', lastSuccessAt: '2026-03-02T06:58:00.000Z', intervalSeconds: 10, lateIntervals: 12, level: 'alert', limit: HEALTH_LIMITS.jobLateIntervals },
  ],
}

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))

describe('the health screen', () => {
  it("shows each market's figures with their limits and levels in words, the providers and the jobs", async () => {
    server.use(mockCall(staffMe, staffOf('admin')), mockCall(opsHealth, HEALTH))
    await renderOps('/ops/health?market=ID')
    expect(await screen.findByRole('heading', { level: 1, name: 'Health of the service' })).toBeInTheDocument()
    expect(menuEntries()).toContain('Health')
    // 14:00 in Jakarta
    expect(await screen.findByText('Figures as of 2026-03-02 14:00:00, Indonesia time.')).toBeInTheDocument()
    expect(screen.getByText('Danger: some figures are past their danger limit: act now.')).toBeInTheDocument()
    expect(screen.getByText(/the operations runbook \(docs\/operations\/runbook\.md\)/)).toBeInTheDocument()
    expect(screen.getByText(/each one shows its own/)).toBeInTheDocument()
    expect(within(screen.getByRole('list', { name: 'Markets at a glance' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Indonesia Warning', 'Mexico Danger'])

    const indonesia = screen.getByRole('region', { name: 'Indonesia' })
    expect(rowsOf(within(indonesia).getByRole('table'))).toEqual([
      ['Payment inbox', '3 waiting · oldest 4 min', 'Warning at 2 min · danger at 10 min', 'Warning'],
      ['Payouts being sent', 'Nothing waiting', 'Warning at 5 min · danger at 15 min', 'OK'],
      ["Payouts awaiting the provider's result", 'Nothing waiting', 'Warning at 30 min · danger at 2 h', 'OK'],
      ['Payouts confirmed, not yet sent', '0', 'No limit', 'Not graded'],
      ['Waivers and refunds waiting for a second member', '2', 'No limit', 'Not graded'],
      ['Reconciliation', 'Days not closed: 0 · open differences: 0', 'Yesterday closed by 12:00 local time; danger from 1 day open. It is past 14:00 there.', 'OK'],
    ])
    expect(within(indonesia).getByText('Providers serving this market: xendit.')).toBeInTheDocument()
    const mexico = screen.getByRole('region', { name: 'Mexico' })
    expect(within(mexico).getByRole('row', { name: /Reconciliation/ })).toHaveTextContent('Days not closed: 2 · open differences: 4')
    expect(within(mexico).getByRole('row', { name: /Reconciliation/ })).toHaveTextContent('It is 11:00 there: yesterday may still be open.Danger')

    const providers = screen.getByRole('region', { name: 'Providers' })
    expect(within(providers).getByText(/Calls made by this server process in the last 15 minutes\. Error rate: warning at 5,00% · danger at 20,00%, graded from 10 calls\./)).toBeInTheDocument()
    expect(rowsOf(within(providers).getByRole('table'))).toEqual([
      ['xendit', 'Indonesia', '120', '12 (timeout 9, server error 3)', '10,00%', 'Warning'],
      ['twilio', 'Not known', '2', '0', '0,00%', 'Not graded'],
    ])
    const jobs = screen.getByRole('region', { name: 'Background jobs' })
    expect(rowsOf(within(jobs).getByRole('table'))).toEqual([['Payment inbox', '5 s ago', '2 min ago', '10 s', '12', 'Danger']])
  })

  it('reads the figures again on the button and every 30 seconds', async () => {
    let asked = 0
    server.use(
      mockCall(staffMe, staffOf('finance', ['ID'])),
      mockCall(opsHealth, () => {
        asked += 1
        return { ...HEALTH, level: 'ok', markets: [quiet('ID')], providers: [], jobs: [], providerWindow: { ...HEALTH.providerWindow, sinceStart: true, coveredSeconds: 125 } }
      }),
    )
    const user = userEvent.setup()
    await renderOps('/ops/health?market=ID')
    expect(await screen.findByText('OK: every figure is within its limits.')).toBeInTheDocument()
    expect(screen.getByText(/since it started 2 min ago \(less than 15 minutes\)/)).toBeInTheDocument()
    expect(screen.getByText('This server process has not called a provider yet.')).toBeInTheDocument()
    expect(asked).toBe(1)
    await user.click(screen.getByRole('button', { name: 'Refresh now' }))
    await expect.poll(() => asked).toBe(2)
    expect(HEALTH_REFRESH_MS).toBe(30_000)
  })
})
