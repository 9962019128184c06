import { complaintClose, complaintDeskDetail, opsBureauOrderRecords, staffMe, type BodyOf, type ComplaintDeskDetail, type DataOf } from '@kilat/contract'
import { formatMoney } from '@kilat/domain'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { envelope, fail, mockCall, server } from '../../test/msw'
import { allowConsoleError } from '../../test/setup'
import { renderOps, staffOf } from '../test/render-ops'

type Records = DataOf<typeof opsBureauOrderRecords>

const rp = (cents: number) => formatMoney(cents, 'ID')

/** "My credit report is wrong", open, assigned to nobody. */
const DISPUTE: ComplaintDeskDetail = {
  id: 5,
  market: 'ID',
  problemType: 9,
  problemTypeName: 'Credit report',
  status: 'processing',
  outcome: null,
  createdAt: '2026-12-03T02:00:00.000Z',
  replyDue: { date: '2026-12-08', daysLeft: 3, overdue: false },
  regulatorDue: { date: '2026-12-17', daysLeft: 12, overdue: false },
  assignee: null,
  problemSonType: 0,
  problemSonTypeName: '',
  text: 'SLIK says I am 30 days late, but I paid on time.',
  images: [],
  borrower: { id: 3, phoneMasked: '0812******89' },
  order: {
    orderNo: 'K2026100112345678',
    productName: 'Kilat 30',
    status: 8,
    principal: 150_000_000,
    totalRepay: 165_000_000,
    paid: 165_000_000,
    appliedAt: '2026-10-01T02:00:00.000Z',
    disbursedAt: '2026-10-01T03:00:00.000Z',
    dueAt: '2026-10-31T16:59:59.000Z',
  },
  earlier: [],
  notes: [],
  reply: null,
  score: null,
  closedAt: null,
  history: [],
  dispute: { state: 'received', dueOn: '2026-12-17' },
}

const RECORDS: Records = {
  records: [
    { runId: 12, period: '2026-11', state: 'settled', balance: 0, overdue: 0, daysPastDue: 0, correction: false, sentTo: [] },
    { runId: 9, period: '2026-10', state: 'open', balance: 165_000_000, overdue: 165_000_000, daysPastDue: 30, correction: false, sentTo: ['slik'] },
  ],
  correctionPending: false,
}

let closed: Array<BodyOf<typeof complaintClose>> = []
let recordsAsked: string[] = []

function answering(detail: ComplaintDeskDetail, records: Records | ReturnType<typeof fail> = RECORDS) {
  server.use(
    mockCall(staffMe, staffOf('agent')),
    mockCall(complaintDeskDetail, detail),
    mockCall(opsBureauOrderRecords, (request) => {
      recordsAsked.push(request.query.get('orderNo') ?? '')
      return records
    }),
    http.post(complaintClose.path, async ({ request }) => {
      const body = (await request.json()) as BodyOf<typeof complaintClose>
      closed.push(body)
      return HttpResponse.json(envelope(complaintClose, { ...detail, status: 'closed', outcome: body.outcome, closedAt: '2026-12-04T02:00:00.000Z' }))
    }),
  )
}

const section = async (name: string) => (await screen.findByRole('heading', { name, level: 2 })).closest('section')!

async function closeResolved(user: ReturnType<typeof userEvent.setup>, correct: boolean | null) {
  await user.click(await screen.findByRole('button', { name: 'Close as resolved' }))
  const question = await screen.findByText('Close this complaint as resolved?')
  const popup = question.closest('.ant-popover') as HTMLElement
  if (correct === null) expect(within(popup).queryByRole('checkbox')).toBeNull()
  else if (correct) await user.click(within(popup).getByRole('checkbox', { name: 'Issue a correction record in the next run' }))
  await user.click(within(popup).getByRole('button', { name: 'Close as resolved' }))
}

beforeEach(() => {
  // The complaint page's notes and earlier complaints are an antd List, which antd 6.6 warns is deprecated.
  allowConsoleError(/\[antd: List\] The `List` component is deprecated/)
  closed = []
  recordsAsked = []
})

describe("a credit report dispute's panel", () => {
  it("shows the dispute's state and due date, and what each run reported of the order", async () => {
    answering(DISPUTE)
    await renderOps('/ops/complaints/5?market=ID')
    const panel = await section('Credit report dispute')
    const value = (label: string) => [...panel.querySelectorAll('th')].find((th) => th.textContent === label)?.nextElementSibling?.textContent
    expect(value('State')).toBe('Received')
    expect(value('Due')).toBe('2026-12-17')
    expect(within(panel).getByRole('heading', { name: 'Reported records', level: 3 })).toBeInTheDocument()

    const table = await within(panel).findByRole('table', { name: 'What the credit bureaus were sent for order K2026100112345678, newest first' })
    expect(recordsAsked).toEqual(['K2026100112345678'])
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Period', 'Account', 'Balance', 'Overdue', 'Days past due', 'Correction', 'Sent to'])
    expect(within(table).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual([
      `2026-11Settled${rp(0)}${rp(0)}0NoNot sent yet`,
      `2026-10Open${rp(165_000_000)}${rp(165_000_000)}30NoSLIK`,
    ])
    expect(within(panel).queryByText('Correction waiting for the next run.')).toBeNull()
  })

  it('says a correction waits for the next run, and when nothing was reported yet', async () => {
    answering({ ...DISPUTE, dispute: { state: 'correction_queued', dueOn: '2026-12-17' } }, { records: [], correctionPending: true })
    await renderOps('/ops/complaints/5?market=ID')
    const panel = await section('Credit report dispute')
    expect(await within(panel).findByText('Correction waiting for the next run.')).toBeInTheDocument()
    expect(panel).toHaveTextContent('Correction waiting for the next run')
    expect(within(panel).getByText('This order has not been reported to a bureau yet.')).toBeInTheDocument()
  })

  it("says the records' failure inside the panel, the complaint still shown", async () => {
    answering(DISPUTE, fail(500, 'Bureau records unavailable', 500))
    await renderOps('/ops/complaints/5?market=ID')
    const panel = await section('Credit report dispute')
    expect(await within(panel).findByText('Bureau records unavailable')).toBeInTheDocument()
    expect(screen.getByText('SLIK says I am 30 days late, but I paid on time.')).toBeInTheDocument()
  })

  it('closes a dispute as resolved asking for a correction record in the next run', async () => {
    answering(DISPUTE)
    const user = userEvent.setup()
    await renderOps('/ops/complaints/5?market=ID')
    await closeResolved(user, true)
    await waitFor(() => expect(closed).toEqual([{ complaintId: 5, outcome: 'resolved', correctReport: true }]))
    expect(await screen.findByText('The complaint is closed.')).toBeInTheDocument()
  })

  it('closes a dispute as resolved without a correction when not ticked', async () => {
    answering(DISPUTE)
    const user = userEvent.setup()
    await renderOps('/ops/complaints/5?market=ID')
    await closeResolved(user, false)
    await waitFor(() => expect(closed).toEqual([{ complaintId: 5, outcome: 'resolved', correctReport: false }]))
  })

  it('shows no panel and no correction on any other complaint, closed as before', async () => {
    answering({ ...DISPUTE, problemType: 2, problemTypeName: 'Repayment', dispute: null })
    const user = userEvent.setup()
    await renderOps('/ops/complaints/5?market=ID')
    expect(await screen.findByRole('heading', { level: 1, name: 'Complaint #5 · Repayment' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Credit report dispute' })).toBeNull()
    await closeResolved(user, null)
    await waitFor(() => expect(closed).toEqual([{ complaintId: 5, outcome: 'resolved' }]))
    expect(recordsAsked).toEqual([])
  })
})
