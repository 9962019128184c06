import { OPS_ERROR_CODES, opsBureauRebuild, opsBureauRun, opsBureauSendConfirm, opsBureauSendRequest, opsBureauSendWithdraw, staffMe, type BodyOf, type DataOf, type StaffRole } from '@kilat/contract'
import { formatMoney, localDate } from '@kilat/domain'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { envelope, fail, mockCall, server } from '../../test/msw'
import { dialogCloses } from '../test/dialogs'
import { renderOps, staffOf } from '../test/render-ops'
import { CLEAN, CONFIRMED_SEND, PENDING_SEND, RUN, WITH_FINDINGS } from './bureau-fixtures'

type RunData = DataOf<typeof opsBureauRun>

const rp = (cents: number) => formatMoney(cents, 'ID')
const heading = (name: string) => screen.findByRole('heading', { level: 1, name })
const section = async (name: string) => (await screen.findByRole('heading', { name, level: 2 })).closest('section')!

let sent: Array<{ path: string; body: unknown }> = []
let asked: number[] = []

/** The run's answers by its id, and the calls' bodies kept in `sent`. */
function answering(role: StaffRole, runs: Record<number, RunData>, answers: { rebuild?: () => Response } = {}) {
  const record = <C extends typeof opsBureauRebuild | typeof opsBureauSendRequest | typeof opsBureauSendConfirm | typeof opsBureauSendWithdraw>(call: C, answer: (body: BodyOf<C>) => Response) =>
    http.post(call.path, async ({ request }) => {
      const body = (await request.json()) as BodyOf<C>
      sent.push({ path: call.path, body })
      return answer(body)
    })
  server.use(
    mockCall(staffMe, staffOf(role)),
    mockCall(opsBureauRun, (request) => {
      const runId = Number(request.query.get('runId'))
      asked.push(runId)
      return runs[runId] ?? fail(404, 'No such run', 404)
    }),
    record(opsBureauRebuild, () => answers.rebuild?.() ?? HttpResponse.json(envelope(opsBureauRebuild, { run: { ...RUN, id: 13, version: 3 } }))),
    record(opsBureauSendRequest, (body) => HttpResponse.json(envelope(opsBureauSendRequest, { send: { ...PENDING_SEND, ...body, requestedBy: 7 } as never }))),
    record(opsBureauSendConfirm, () => HttpResponse.json(envelope(opsBureauSendConfirm, { send: CONFIRMED_SEND }))),
    record(opsBureauSendWithdraw, () => HttpResponse.json(envelope(opsBureauSendWithdraw, { send: { ...PENDING_SEND, status: 'withdrawn' } }))),
  )
}

const withSend = (send: typeof PENDING_SEND | null): RunData => ({ ...CLEAN, run: { ...RUN, sends: [{ bureau: 'slik', files: ['D01', 'F01'], send }] } })

beforeEach(() => {
  sent = []
  asked = []
})

describe('a credit reporting run', () => {
  it('shows the checks, no findings, and the files as links to their streamed download', async () => {
    answering('finance', { 12: CLEAN })
    await renderOps('/ops/bureau/run?runId=12&market=ID')
    expect(await heading('Run of 2026-11, build 2 · Indonesia')).toBeInTheDocument()
    expect(screen.getByText('Current')).toBeInTheDocument()
    expect(screen.getByText('Ready to send')).toBeInTheDocument()
    expect(screen.getByText(/Built on 2026-12-01 09:00:00 by finance-lead@demo.kilat.example.com; cut-off 2026-11-30./)).toBeInTheDocument()

    const checks = await section('Checks')
    const value = (label: string) => [...checks.querySelectorAll('th')].find((th) => th.textContent === label)?.nextElementSibling?.textContent
    expect(value('Run balance')).toBe(rp(150_000_000_00))
    expect(value('Ledger balance')).toBe(rp(150_000_000_00))
    expect(value('Run against the ledger')).toBe('Equal')
    expect(value('Accounts left out')).toBe('0')
    expect(value('Records with errors')).toBe('0')

    expect(within(await section('Findings')).getByText('No findings: every record passed its checks.')).toBeInTheDocument()

    const bureaus = await section('Files and sending')
    expect(within(bureaus).getByRole('link', { name: 'Download D01 for SLIK' })).toHaveAttribute('href', '/ops-api/bureau/download?market=ID&runId=12&bureau=slik&file=D01')
    expect(within(bureaus).getByRole('link', { name: 'Download F01 for SLIK' })).toHaveAttribute('href', '/ops-api/bureau/download?market=ID&runId=12&bureau=slik&file=F01')
    expect(bureaus).toHaveTextContent('Not sent yet.')
    expect(within(bureaus).getByRole('button', { name: 'Mark as sent to SLIK' })).toBeEnabled()
  })

  it('puts each finding in words with its order and field, and keeps the files back with the reason', async () => {
    answering('finance', { 9: WITH_FINDINGS })
    await renderOps('/ops/bureau/run?runId=9&market=ID')
    expect(await heading('Run of 2026-10, build 1 · Indonesia')).toBeInTheDocument()
    expect(screen.getByText('Has errors')).toBeInTheDocument()
    expect(screen.getByText(/by the scheduled job/)).toBeInTheDocument()

    const checks = await section('Checks')
    const value = (label: string) => [...checks.querySelectorAll('th')].find((th) => th.textContent === label)?.nextElementSibling?.textContent
    expect(value('Run against the ledger')).toBe(`Differ by ${rp(150_000)}`)
    expect(value('Accounts left out')).toBe('1')
    expect(value('Records with errors')).toBe('2')
    expect(within(within(checks).getByRole('list', { name: 'Problems of the whole run' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      `The run's totals differ from the ledger's: 1 (${rp(150_000)})`,
      `An account that should be reported is left out: 1 (${rp(150_000)})`,
    ])

    const findings = await section('Findings')
    expect(findings).toHaveTextContent('Showing the first 3 of 203 findings.')
    const table = within(findings).getByRole('table', { name: 'Findings of this run, record by record' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => r.textContent)).toEqual([
      'K2026100112345678The identity number is not validNIK',
      'K2026100187654321The postal code is not validkode pos',
      "—The run's totals differ from the ledger's—",
    ])
    expect(within(rows[0]!).getByRole('link', { name: 'K2026100112345678' })).toHaveAttribute('href', '/ops/orders/K2026100112345678?market=ID')

    const bureaus = await section('Files and sending')
    const reason = 'The files can be downloaded and marked sent once the run has no errors: fix the data, then rebuild the run.'
    expect(within(bureaus).getByText(reason)).toBeInTheDocument()
    expect(within(bureaus).queryByRole('link', { name: /Download/ })).toBeNull()
    for (const name of ['Download D01 for SLIK', 'Download F01 for SLIK', 'Mark as sent to SLIK']) {
      const button = within(bureaus).getByRole('button', { name })
      expect(button).toBeDisabled()
      expect(button).toHaveAccessibleDescription(reason)
    }
  })

  it('rebuilds the period for finance after a question, then opens the new run', async () => {
    answering('finance', { 12: CLEAN, 13: { ...CLEAN, run: { ...RUN, id: 13, version: 3 } } })
    const user = userEvent.setup()
    const { router } = await renderOps('/ops/bureau/run?runId=12&market=ID')
    await heading('Run of 2026-11, build 2 · Indonesia')
    await user.click(screen.getByRole('button', { name: 'Rebuild the run' }))
    const question = await screen.findByText("Build this period's run again from the data as it is now? This build is kept as it is.")
    await user.click(within(question.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Rebuild the run' }))
    await waitFor(() => expect(sent).toEqual([{ path: opsBureauRebuild.path, body: { market: 'ID', period: '2026-11' } }]))
    expect(await screen.findByText('Run rebuilt: build 3.')).toBeInTheDocument()
    expect(await heading('Run of 2026-11, build 3 · Indonesia')).toBeInTheDocument()
    expect(router.state.location.search).toBe('?runId=13&market=ID')
  })

  it("says the server's refusal of a rebuild", async () => {
    const message = 'This period was already sent to this bureau. Corrections go in the next run.'
    answering('finance', { 12: CLEAN }, { rebuild: () => HttpResponse.json({ code: OPS_ERROR_CODES.bureauAlreadySent, data: null, message }, { status: 409 }) })
    const user = userEvent.setup()
    const { router } = await renderOps('/ops/bureau/run?runId=12&market=ID')
    await user.click(await screen.findByRole('button', { name: 'Rebuild the run' }))
    const question = await screen.findByText(/Build this period's run again/)
    await user.click(within(question.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Rebuild the run' }))
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(router.state.location.search).toBe('?runId=12&market=ID')
  })

  it("marks a bureau sent: the row's bureau, today by default, the day chosen", async () => {
    answering('finance', { 12: CLEAN })
    const user = userEvent.setup()
    await renderOps('/ops/bureau/run?runId=12&market=ID')
    const mark = await screen.findByRole('button', { name: 'Mark as sent to SLIK' })
    await user.click(mark)
    const dialog = await screen.findByRole('dialog', { name: 'Mark as sent to SLIK' })
    expect(dialog).toHaveTextContent("Give the day this run's files were sent to the bureau. Another finance member or an admin confirms it.")
    expect(dialog).toHaveTextContent('BureauSLIK')
    const day = within(dialog).getByLabelText('Sent on')
    expect(day).toHaveValue(localDate(new Date(), 'ID'))
    // a day to come is not a day it was sent
    fireEvent.change(day, { target: { value: '2999-01-01' } })
    await user.click(within(dialog).getByRole('button', { name: 'Mark as sent' }))
    expect(await within(dialog).findByText('Choose a day: today or earlier.')).toBeInTheDocument()
    expect(sent).toEqual([])

    fireEvent.change(day, { target: { value: '2026-12-02' } })
    await user.click(within(dialog).getByRole('button', { name: 'Mark as sent' }))
    await waitFor(() => expect(sent).toEqual([{ path: opsBureauSendRequest.path, body: { runId: 12, bureau: 'slik', sentOn: '2026-12-02' } }]))
    expect(await screen.findByText('Marked as sent. Another finance member or an admin confirms it.')).toBeInTheDocument()
    await dialogCloses()
    // the run is asked again
    await waitFor(() => expect(asked.length).toBeGreaterThan(1))
  })

  it('lets another member confirm a send waiting, or withdraw it, and asks the run again', async () => {
    answering('finance', { 12: withSend(PENDING_SEND) })
    const user = userEvent.setup()
    await renderOps('/ops/bureau/run?runId=12&market=ID')
    const bureaus = await section('Files and sending')
    expect(bureaus).toHaveTextContent('Sent on 2026-12-02, marked by finance-lead@demo.kilat.example.com on 2026-12-02 10:00:00: waiting for a second member.')
    expect(within(bureaus).queryByRole('button', { name: 'Mark as sent to SLIK' })).toBeNull()

    await user.click(within(bureaus).getByRole('button', { name: 'Confirm the send to SLIK' }))
    const question = await screen.findByText("Confirm that this run's files were sent to SLIK on 2026-12-02?")
    await user.click(within(question.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(sent).toEqual([{ path: opsBureauSendConfirm.path, body: { requestId: 41 } }]))
    expect(await screen.findByText('Send confirmed.')).toBeInTheDocument()
    await waitFor(() => expect(asked).toHaveLength(2))

    await user.click(within(bureaus).getByRole('button', { name: 'Withdraw the send to SLIK' }))
    await waitFor(() => expect(sent.at(-1)).toEqual({ path: opsBureauSendWithdraw.path, body: { requestId: 41 } }))
    expect(await screen.findByText('Send withdrawn.')).toBeInTheDocument()
    await waitFor(() => expect(asked).toHaveLength(3))
  })

  it('tells the maker another member confirms, and the server refusing them in words', async () => {
    answering('finance', { 12: withSend({ ...PENDING_SEND, requestedBy: 7 }) })
    const { unmount } = await renderOps('/ops/bureau/run?runId=12&market=ID')
    const bureaus = await section('Files and sending')
    expect(within(bureaus).getByText('You marked it sent: another finance member or an admin confirms it.')).toBeInTheDocument()
    expect(within(bureaus).queryByRole('button', { name: 'Confirm the send to SLIK' })).toBeNull()
    expect(within(bureaus).getByRole('button', { name: 'Withdraw the send to SLIK' })).toBeEnabled()
    unmount()

    // another tab: the server still knows who asked
    answering('finance', { 12: withSend(PENDING_SEND) })
    server.use(mockCall(opsBureauSendConfirm, fail(OPS_ERROR_CODES.fourEyesSameMember, 'same member', 409)))
    const user = userEvent.setup()
    await renderOps('/ops/bureau/run?runId=12&market=ID')
    await user.click(await screen.findByRole('button', { name: 'Confirm the send to SLIK' }))
    const question = await screen.findByText(/Confirm that this run's files were sent/)
    await user.click(within(question.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('You marked this send: another finance member or an admin confirms it.')).toBeInTheDocument()
  })

  it('shows a confirmed send with who confirmed it; an admin neither rebuilds nor marks', async () => {
    answering('admin', { 12: withSend(CONFIRMED_SEND) })
    await renderOps('/ops/bureau/run?runId=12&market=ID')
    const bureaus = await section('Files and sending')
    expect(bureaus).toHaveTextContent('Sent on 2026-12-02, confirmed by controller@demo.kilat.example.com.')
    expect(screen.queryByRole('button', { name: 'Rebuild the run' })).toBeNull()
    expect(within(bureaus).queryByRole('button', { name: /Mark as sent/ })).toBeNull()
    // an admin downloads
    expect(within(bureaus).getByRole('link', { name: 'Download D01 for SLIK' })).toBeInTheDocument()
  })

  it('offers finance no rebuild once a bureau has the run', async () => {
    answering('finance', { 12: withSend(CONFIRMED_SEND) })
    await renderOps('/ops/bureau/run?runId=12&market=ID')
    await section('Files and sending')
    expect(screen.queryByRole('button', { name: 'Rebuild the run' })).toBeNull()
  })

  it('says a replaced run is not the one to send', async () => {
    answering('finance', { 12: { ...CLEAN, run: { ...RUN, status: 'superseded' } } })
    await renderOps('/ops/bureau/run?runId=12&market=ID')
    expect(await screen.findByText("A newer build replaced this run: open the period's current run from the list.")).toBeInTheDocument()
    expect(screen.getByText('Replaced')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Rebuild the run' })).toBeNull()
    const bureaus = await section('Files and sending')
    expect(within(bureaus).getByRole('button', { name: 'Download D01 for SLIK' })).toHaveAccessibleDescription(
      "This run was replaced by a newer build: download and send the period's current run.",
    )
  })

  it('says it is loading, what failed, and when no run is named', async () => {
    let release: () => void = () => {}
    server.use(
      mockCall(staffMe, staffOf('finance')),
      http.get(opsBureauRun.path, async () => {
        await new Promise<void>((resolve) => (release = resolve))
        return undefined
      }),
      mockCall(opsBureauRun, fail(404, 'No such run', 404)),
    )
    const { unmount } = await renderOps('/ops/bureau/run?runId=99&market=ID')
    expect(await heading('Credit reporting run')).toBeInTheDocument()
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…')
    release()
    expect(await screen.findByText('No such run')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the runs' })).toHaveAttribute('href', '/ops/bureau?market=ID')
    unmount()

    await renderOps('/ops/bureau/run?market=ID')
    expect(await screen.findByText('No run is chosen: open one from the list of runs.')).toBeInTheDocument()
  })
})
