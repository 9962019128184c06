import { opsBureauRun, opsBureauRuns, staffMe } from '@kilat/contract'
import { formatMoney } from '@kilat/domain'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { fail, mockCall, server } from '../../test/msw'
import { menuEntries, renderOps, staffOf } from '../test/render-ops'
import { BROKEN, CLEAN, CONFIRMED_SEND, PENDING_SEND, RUN } from './bureau-fixtures'

const rp = (cents: number) => formatMoney(cents, 'ID')
const heading = (name: string) => screen.findByRole('heading', { level: 1, name })
const runsTable = () => screen.findByRole('table', { name: 'Runs of this market, newest period first' })

describe('the credit reporting runs', () => {
  it("lists the market's runs with their checks, readiness and sends in words, and the last closed period", async () => {
    const asked: string[] = []
    server.use(
      mockCall(staffMe, staffOf('finance')),
      mockCall(opsBureauRuns, (request) => {
        asked.push(request.query.get('market') ?? '')
        return {
          runs: [{ ...RUN, sends: [{ bureau: 'slik', files: ['D01', 'F01'], send: PENDING_SEND }] }, { ...BROKEN, sends: [{ bureau: 'slik', files: ['D01', 'F01'], send: null }] }],
          lastClosedPeriod: '2026-11',
        }
      }),
    )
    await renderOps('/ops/bureau?market=ID')
    expect(await heading('Credit reporting · Indonesia')).toBeInTheDocument()
    expect(asked).toEqual(['ID'])
    expect(await screen.findByText('Last closed period: 2026-11.')).toBeInTheDocument()
    expect(menuEntries()).toContain('Credit reporting')

    const table = await runsTable()
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
    expect(headers).toEqual(['Period', 'Build', 'Status', 'Records', 'Corrections', 'Balance vs ledger', 'Records with errors', 'Sending', 'Bureaus'])
    const [current, broken] = within(table).getAllByRole('row').slice(1)
    expect(current!.textContent).toBe(`2026-112Current1.2403${rp(150_000_000_00)}Equals the ledger0Ready to sendSLIK: waiting for a second member`)
    expect(broken!.textContent).toBe(`2026-101Current1.1000${rp(100_000_000_00)}Ledger: ${rp(BROKEN.ledgerBalance)}2Has errorsSLIK: not sent`)
    expect(within(current!).getByRole('link', { name: '2026-11, build 2' })).toHaveAttribute('href', '/ops/bureau/run?runId=12&market=ID')
  })

  it('opens a run from its row', async () => {
    server.use(
      mockCall(staffMe, staffOf('admin')),
      mockCall(opsBureauRuns, { runs: [{ ...RUN, sends: [{ bureau: 'slik', files: ['D01', 'F01'], send: CONFIRMED_SEND }] }], lastClosedPeriod: '2026-11' }),
      mockCall(opsBureauRun, CLEAN),
    )
    const user = userEvent.setup()
    const { router } = await renderOps('/ops/bureau?market=ID')
    const table = await runsTable()
    const row = within(table).getAllByRole('row')[1]!
    expect(row).toHaveTextContent('SLIK: sent on 2026-12-02')
    await user.click(within(row).getByText('1.240'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/ops/bureau/run'))
    expect(router.state.location.search).toBe('?runId=12&market=ID')
    expect(await heading('Run of 2026-11, build 2 · Indonesia')).toBeInTheDocument()
  })

  it("names each of Mexico's bureaus and India's half-month periods", async () => {
    server.use(
      mockCall(staffMe, staffOf('finance', ['MX', 'IN'])),
      mockCall(opsBureauRuns, (request) =>
        request.query.get('market') === 'MX'
          ? {
              runs: [{ ...RUN, market: 'MX', sends: [{ bureau: 'buro', files: ['INTF'], send: { ...CONFIRMED_SEND, bureau: 'buro' } }, { bureau: 'circulo', files: ['INTF'], send: { ...PENDING_SEND, status: 'withdrawn' } }] }],
              lastClosedPeriod: '2026-11',
            }
          : { runs: [], lastClosedPeriod: '2026-11-2' },
      ),
    )
    const user = userEvent.setup()
    await renderOps('/ops/bureau?market=MX')
    expect(await heading('Credit reporting · Mexico')).toBeInTheDocument()
    const row = within(await runsTable()).getAllByRole('row')[1]!
    // a withdrawn mark is as if none had been asked
    expect(within(row).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Buró de Crédito: sent on 2026-12-02', 'Círculo de Crédito: not sent'])
    expect(row.textContent).toContain(formatMoney(150_000_000_00, 'MX'))

    await user.click(screen.getByRole('radio', { name: 'India' }).closest('label')!)
    expect(await heading('Credit reporting · India')).toBeInTheDocument()
    expect(await screen.findByText('Last closed period: 2026-11, second half. It has no run yet: the job builds it after the cut-off.')).toBeInTheDocument()
    expect(within(await runsTable()).getByText('No runs yet for this market.')).toBeInTheDocument()
  })

  it('says it is loading, then what failed, and tries again', async () => {
    let release: () => void = () => {}
    let answer: 'wait' | 'fail' | 'ok' = 'wait'
    server.use(
      mockCall(staffMe, staffOf('finance')),
      http.get(opsBureauRuns.path, async () => {
        if (answer === 'wait') await new Promise<void>((resolve) => (release = resolve))
        return undefined
      }),
      mockCall(opsBureauRuns, () => (answer === 'ok' ? { runs: [], lastClosedPeriod: '2026-11' } : fail(500, 'The bureau store is down', 500))),
    )
    const user = userEvent.setup()
    await renderOps('/ops/bureau?market=ID')
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…')
    answer = 'fail'
    release()
    expect(await screen.findByText('This could not be loaded.')).toBeInTheDocument()
    expect(screen.getByText('The bureau store is down')).toBeInTheDocument()
    answer = 'ok'
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Last closed period: 2026-11. It has no run yet: the job builds it after the cut-off.')).toBeInTheDocument()
  })

  it('is not open to risk, whose menu does not have it', async () => {
    server.use(mockCall(staffMe, staffOf('risk')), mockCall(opsBureauRuns, { runs: [], lastClosedPeriod: '2026-11' }))
    await renderOps('/ops/bureau?market=ID')
    expect(await screen.findByText('Your role does not open this page.')).toBeInTheDocument()
    expect(menuEntries()).not.toContain('Credit reporting')
  })
})
