import { opsPolicyReplay, staffMe, type ReplayLine } from '@kilat/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { mockCall, server } from '../../test/msw'
import { renderInConsole, staffOf } from '../test/render-ops'
import { PENDING, PUBLISHED } from './policy-fixtures'
import { ReplayPanel } from './replay-panel'

interface Sent {
  body: unknown
  market: string | null
  contentType: string | null
  requestedWith: string | null
  accept: string | null
}

let sent: Sent[] = []

/** The replay's answer as the server streams it: the test writes each piece when it wants. */
function streaming() {
  const encoder = new TextEncoder()
  let controller!: ReadableStreamDefaultController<Uint8Array>
  let opened!: () => void
  const ready = new Promise<void>((resolve) => (opened = resolve))
  server.use(
    mockCall(staffMe, staffOf('risk')),
    http.post(opsPolicyReplay.path, async ({ request }) => {
      sent.push({
        body: await request.json(),
        market: new URL(request.url).searchParams.get('market'),
        contentType: request.headers.get('content-type'),
        requestedWith: request.headers.get('x-requested-with'),
        accept: request.headers.get('accept'),
      })
      const stream = new ReadableStream<Uint8Array>({
        start(c) {
          controller = c
          opened()
        },
      })
      return new HttpResponse(stream, { headers: { 'content-type': 'application/x-ndjson' } })
    }),
  )
  return {
    ready,
    /** A piece of the stream as it is: a line may come in two pieces. */
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    line: (line: ReplayLine) => controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`)),
    end: () => controller.close(),
  }
}

const RESULT: Extract<ReplayLine, { type: 'result' }> = {
  type: 'result',
  total: 400,
  moves: {
    approve: { approve: 300, refer: 20, reject: 5 },
    refer: { approve: 10, refer: 40, reject: 3 },
    reject: { approve: 0, refer: 2, reject: 20 },
  },
  outcomes: {
    approve: { repaid: 180, overdue: 12, running: 98 },
    refer: { repaid: 8, overdue: 9, running: 3 },
    reject: { repaid: 1, overdue: 4, running: 0 },
  },
  millis: 1_234,
}

const replayPanel = async () => (await screen.findByRole('heading', { name: 'Replay', level: 2 })).closest('section')!

/** A table's body rows as [row heading, ...cells] texts. */
function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''))
}

beforeEach(() => {
  sent = []
})

describe('the replay of a version', () => {
  it('sends the version and the days as the console sends its calls, shows the progress as it streams, then the moves and the outcomes', async () => {
    const answer = streaming()
    const user = userEvent.setup()
    await renderInConsole(<ReplayPanel market="ID" versions={[PENDING, PUBLISHED]} initial={PENDING.id} />)
    const section = await replayPanel()
    // the waiting version by default, 30 days
    expect(within(section).getByText('Waiting version')).toBeInTheDocument()
    const days = within(section).getByLabelText('Days')
    expect(days).toHaveValue('30')
    await user.clear(days)
    await user.type(days, '90')
    await user.click(within(section).getByRole('button', { name: 'Replay' }))

    await answer.ready
    expect(sent).toEqual([{ body: { versionId: 6, days: 90 }, market: 'ID', contentType: 'application/json', requestedWith: 'XMLHttpRequest', accept: 'application/x-ndjson, application/json' }])

    answer.line({ type: 'progress', done: 0, total: 400 })
    answer.line({ type: 'progress', done: 100, total: 400 })
    expect(await within(section).findByText('100 of 400 applications replayed')).toBeInTheDocument()
    const bar = within(section).getByRole('progressbar', { name: 'Replay progress' })
    expect(bar).toHaveAttribute('aria-valuenow', '25')

    // a line in two pieces is read whole
    const line = JSON.stringify({ type: 'progress', done: 300, total: 400 })
    answer.write(line.slice(0, 20))
    answer.write(`${line.slice(20)}\n`)
    expect(await within(section).findByText('300 of 400 applications replayed')).toBeInTheDocument()
    expect(within(section).getByRole('progressbar', { name: 'Replay progress' })).toHaveAttribute('aria-valuenow', '75')

    answer.line(RESULT)
    answer.end()
    const moves = await within(section).findByRole('table', { name: "Applications by the band they had (rows) and this version's band (columns)" })
    expect(within(section).queryByRole('progressbar')).toBeNull()
    expect(within(section).getByText('Waiting version: 400 applications of the last 90 days, 40 of them would change band (in 1.234 ms).')).toBeInTheDocument()
    expect(
      within(moves)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Had → would get', 'Approve', 'Refer to a person', 'Reject'])
    expect(rowsOf(moves)).toEqual([
      ['Approve', '300', '20', '5'],
      ['Refer to a person', '10', '40', '3'],
      ['Reject', '0', '2', '20'],
    ])
    // the bands that change stand out; those that stay, and an empty move, do not
    const [approveRow] = within(moves).getAllByRole('row').slice(1)
    const cells = [...approveRow!.querySelectorAll('td')]
    expect(cells.map((c) => c.classList.contains('ops-decisions-moved'))).toEqual([false, true, true])
    const rejectRow = within(moves).getAllByRole('row')[3]!
    expect([...rejectRow.querySelectorAll('td')].map((c) => c.classList.contains('ops-decisions-moved'))).toEqual([false, true, false])

    const outcomes = within(section).getByRole('table', { name: "Paid-out loans by this version's band: repaid, overdue and running" })
    expect(rowsOf(outcomes)).toEqual([
      ['Approve', '180', '12', '98'],
      ['Refer to a person', '8', '9', '3'],
      ['Reject', '1', '4', '0'],
    ])
  })

  it("says the server's words when the replay stops on an error line", async () => {
    const answer = streaming()
    const user = userEvent.setup()
    await renderInConsole(<ReplayPanel market="ID" versions={[PENDING, PUBLISHED]} initial={PENDING.id} />)
    const section = await replayPanel()
    await user.click(within(section).getByRole('button', { name: 'Replay' }))
    await answer.ready
    answer.line({ type: 'progress', done: 50, total: 400 })
    expect(await within(section).findByText('50 of 400 applications replayed')).toBeInTheDocument()
    answer.line({ type: 'error', message: 'The replay stopped: the database took too long.' })
    answer.end()
    expect(await screen.findByText('The replay stopped: the database took too long.')).toBeInTheDocument()
    await waitFor(() => expect(within(section).queryByRole('progressbar')).toBeNull())
    expect(within(section).queryByRole('table')).toBeNull()
    // ready for another run (happy-dom keeps the leaving spinner's name)
    expect(within(section).getByRole('button', { name: /Replay$/ })).toBeEnabled()
  })

  it('shows a refusal answered as the usual envelope, not a stream, as any refusal', async () => {
    server.use(
      mockCall(staffMe, staffOf('admin')),
      http.post(opsPolicyReplay.path, () => HttpResponse.json({ code: 1000, data: { fields: ['days'] }, message: 'Days must be between 1 and 365.' }, { status: 400 })),
    )
    const user = userEvent.setup()
    await renderInConsole(<ReplayPanel market="ID" versions={[PUBLISHED]} initial={PUBLISHED.id} />)
    const section = await replayPanel()
    expect(within(section).getByText('Version 2 (Published)')).toBeInTheDocument()
    await user.click(within(section).getByRole('button', { name: 'Replay' }))
    expect(await screen.findByText('Days must be between 1 and 365.')).toBeInTheDocument()
    expect(within(section).queryByRole('table')).toBeNull()
  })

  it('does not send days outside 1 to 365', async () => {
    streaming()
    const user = userEvent.setup()
    await renderInConsole(<ReplayPanel market="ID" versions={[PENDING]} initial={PENDING.id} />)
    const section = await replayPanel()
    const days = within(section).getByLabelText('Days')
    await user.clear(days)
    expect(within(section).getByRole('button', { name: 'Replay' })).toBeDisabled()
    await user.type(days, '30')
    expect(within(section).getByRole('button', { name: 'Replay' })).toBeEnabled()
    expect(sent).toEqual([])
  })
})
