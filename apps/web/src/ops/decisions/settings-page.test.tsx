import { opsAutoPayoutConfirm, opsAutoPayoutRequest, opsDecisionSettings, opsDecisionSwitch, staffMe, type BodyOf, type DataOf, type StaffRole } from '@kilat/contract'
import { formatMoney } from '@kilat/domain'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { envelope, mockCall, server } from '../../test/msw'
import { dialogCloses } from '../test/dialogs'
import { renderOps, staffOf } from '../test/render-ops'
import { heading } from './policy-fixtures'

type Settings = DataOf<typeof opsDecisionSettings>

const rp = (cents: number) => formatMoney(cents, 'ID')

/** Rp 5.000.000 a loan, Rp 100.000.000 a day, Rp 12.000.000 of it paid out today; the policy deciding. */
const RUNNING: Settings = {
  limits: { perLoanMax: 500_000_000, dailyMax: 10_000_000_000 },
  pending: null,
  paidToday: 1_200_000_000,
  paused: { paused: false, by: null, at: null, reason: null },
}

/** A change asked for by finance member 11 (not the signed-in member 7). */
const CHANGE = {
  id: 31,
  market: 'ID' as const,
  perLoanMax: 300_000_000,
  dailyMax: 5_000_000_000,
  status: 'pending' as const,
  requestedBy: 11,
  requestedByEmail: 'finance-lead@demo.kilat.example.com',
  requestedAt: '2026-12-01T03:00:00.000Z',
  decidedBy: null,
  decidedByEmail: null,
  decidedAt: null,
  expiresAt: '2099-12-08T03:00:00.000Z',
}

let requested: Array<BodyOf<typeof opsAutoPayoutRequest>> = []
let switched: Array<BodyOf<typeof opsDecisionSwitch>> = []
let confirmed: Array<BodyOf<typeof opsAutoPayoutConfirm>> = []

function answering(role: StaffRole, settings: Settings) {
  server.use(
    mockCall(staffMe, staffOf(role)),
    mockCall(opsDecisionSettings, (request) => {
      expect(request.query.get('market')).toBe('ID')
      return settings
    }),
    http.post(opsAutoPayoutRequest.path, async ({ request }) => {
      const body = (await request.json()) as BodyOf<typeof opsAutoPayoutRequest>
      requested.push(body)
      return HttpResponse.json(envelope(opsAutoPayoutRequest, { request: { ...CHANGE, ...body, requestedBy: 7 } }))
    }),
    http.post(opsAutoPayoutConfirm.path, async ({ request }) => {
      confirmed.push((await request.json()) as BodyOf<typeof opsAutoPayoutConfirm>)
      return HttpResponse.json(envelope(opsAutoPayoutConfirm, { request: { ...CHANGE, status: 'confirmed' } }))
    }),
    http.post(opsDecisionSwitch.path, async ({ request }) => {
      const body = (await request.json()) as BodyOf<typeof opsDecisionSwitch>
      switched.push(body)
      return HttpResponse.json(envelope(opsDecisionSwitch, { paused: body.paused }))
    }),
  )
}

const section = async (name: string) => (await screen.findByRole('heading', { name, level: 2 })).closest('section')!

beforeEach(() => {
  requested = []
  switched = []
  confirmed = []
})

describe('the automatic payout', () => {
  it("shows the limits and today's total against the daily one, and finance asks for new limits in the market's money", async () => {
    answering('finance', RUNNING)
    const user = userEvent.setup()
    await renderOps('/ops/decisions/settings?market=ID')
    expect(await heading('Automatic payout · Indonesia')).toBeInTheDocument()
    expect(await screen.findByText('The credit policy decides new orders. Orders within the limits below are paid out without a person.')).toBeInTheDocument()

    const limits = await section('Limits in force')
    const value = (label: string) => [...limits.querySelectorAll('th')].find((th) => th.textContent === label)?.nextElementSibling?.textContent
    expect(value('Maximum per loan')).toBe(rp(500_000_000))
    expect(value('Maximum per day')).toBe(rp(10_000_000_000))
    expect(within(limits).getByRole('progressbar', { name: "Share of today's limit paid out" })).toHaveAttribute('aria-valuenow', '12')
    expect(limits.textContent).toContain(`${rp(1_200_000_000)} of ${rp(10_000_000_000)}`)

    // finance may not pause: that is risk's and the admins'
    expect(screen.queryByRole('button', { name: /automatic decisions/ })).toBeNull()

    const form = await section('Ask for new limits')
    await user.type(within(form).getByLabelText('Maximum per loan'), '2000000')
    await user.type(within(form).getByLabelText('Maximum per day'), 'lots')
    await user.click(within(form).getByRole('button', { name: 'Ask for these limits' }))
    expect(await within(form).findByText('Write an amount such as 1500000 or 1500000.50.')).toBeInTheDocument()
    expect(requested).toEqual([])

    await user.clear(within(form).getByLabelText('Maximum per day'))
    await user.type(within(form).getByLabelText('Maximum per day'), '50000000,50')
    expect(form.textContent).toContain(rp(5_000_000_050))
    await user.click(within(form).getByRole('button', { name: 'Ask for these limits' }))
    await waitFor(() => expect(requested).toHaveLength(1))
    // integer cents, never through a float
    expect(requested[0]).toEqual({ market: 'ID', perLoanMax: 200_000_000, dailyMax: 5_000_000_050 })
    expect(await screen.findByText('New limits asked for. Another finance member confirms them.')).toBeInTheDocument()
  })

  it('lets another finance member confirm a change waiting, and shows risk the change with no button', async () => {
    answering('finance', { ...RUNNING, pending: CHANGE })
    const user = userEvent.setup()
    const { unmount } = await renderOps('/ops/decisions/settings?market=ID')
    const waiting = await section('Change of limits waiting')
    expect(waiting).toHaveTextContent('finance-lead@demo.kilat.example.com')
    expect(waiting.textContent).toContain(rp(300_000_000))
    expect(waiting.textContent).toContain(rp(5_000_000_000))
    // one change at a time: no form while one waits
    expect(await within(await section('Ask for new limits')).findByText(/A change is already waiting/)).toBeInTheDocument()

    await user.click(within(waiting).getByRole('button', { name: 'Confirm the change of limits' }))
    const question = await screen.findByText('Confirm these limits? The system pays out within them from now on.')
    await user.click(within(question.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(confirmed).toEqual([{ requestId: 31 }]))
    expect(await screen.findByText('Limits confirmed.')).toBeInTheDocument()
    unmount()

    answering('risk', { ...RUNNING, pending: CHANGE })
    await renderOps('/ops/decisions/settings?market=ID')
    const seen = await section('Change of limits waiting')
    expect(within(seen).queryByRole('button')).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Ask for new limits' })).toBeNull()
  })

  it('pauses with a reason of ten characters or more, then gives the focus back to the switch', async () => {
    answering('risk', RUNNING)
    const user = userEvent.setup()
    await renderOps('/ops/decisions/settings?market=ID')
    await heading('Automatic payout · Indonesia')
    // risk does not ask for limits
    expect(screen.queryByRole('heading', { name: 'Ask for new limits' })).toBeNull()
    const pause = await screen.findByRole('button', { name: 'Pause automatic decisions' })
    await user.click(pause)
    const dialog = await screen.findByRole('dialog', { name: 'Pause automatic decisions in Indonesia' })
    expect(dialog).toHaveTextContent('Every new order will go to the review queue')
    const reason = within(dialog).getByLabelText('Reason')
    await waitFor(() => expect(reason).toHaveFocus())
    await user.type(reason, ' too few ')
    await user.click(within(dialog).getByRole('button', { name: 'Pause automatic decisions' }))
    expect(await within(dialog).findByText('Write at least 10 characters.')).toBeInTheDocument()
    expect(switched).toEqual([])

    await user.clear(reason)
    await user.type(reason, '  Fraud wave from one device farm  ')
    await user.click(within(dialog).getByRole('button', { name: 'Pause automatic decisions' }))
    await waitFor(() => expect(switched).toHaveLength(1))
    expect(switched[0]).toEqual({ market: 'ID', paused: true, reason: 'Fraud wave from one device farm' })
    expect(await screen.findByText('Automatic decisions paused.')).toBeInTheDocument()
    await dialogCloses()
    await waitFor(() => expect(screen.getByRole('button', { name: /automatic decisions/ })).toHaveFocus())
  })

  it('says plainly, when paused, that every new order goes to the review queue, who paused it and why', async () => {
    answering('admin', { ...RUNNING, paused: { paused: true, by: 'risk@demo.kilat.example.com', at: '2026-12-02T02:00:00.000Z', reason: 'Fraud wave from one device farm' } })
    const user = userEvent.setup()
    await renderOps('/ops/decisions/settings?market=ID')
    const alert = (await screen.findByText('Automatic decisions are paused: every new order goes to the review queue.')).closest('.ant-alert')!
    expect(alert).toHaveTextContent('Paused by risk@demo.kilat.example.com on 2026-12-02 09:00:00.')
    expect(alert).toHaveTextContent('Reason: Fraud wave from one device farm')
    // an admin resumes; it asks for finance's limits no more than risk does
    expect(screen.queryByRole('heading', { name: 'Ask for new limits' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Resume automatic decisions' }))
    const dialog = await screen.findByRole('dialog', { name: 'Resume automatic decisions in Indonesia' })
    await user.type(within(dialog).getByLabelText('Reason'), 'The device farm is blocked now.')
    await user.click(within(dialog).getByRole('button', { name: 'Resume automatic decisions' }))
    await waitFor(() => expect(switched).toEqual([{ market: 'ID', paused: false, reason: 'The device farm is blocked now.' }]))
  })

  it('is not open to an agent', async () => {
    answering('agent', RUNNING)
    await renderOps('/ops/decisions/settings?market=ID')
    expect(await screen.findByText('Your role does not open this page.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /automatic decisions/ })).toBeNull()
  })
})
