import { ERROR_CODES, OPS_ERROR_CODES, complaintQueue, orderDashboard, staffSignIn, staffSignInCode } from '@kilat/contract'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { envelope, fail, mockCall, server } from '../../test/msw'
import { menuEntries, renderOps, staffOf } from '../test/render-ops'

const agent = staffOf('agent')
const emptyDay = { market: 'ID' as const, date: '2026-11-25', applications: 3, approvals: 1, rejections: 0, disbursed: 0, repaymentsReceived: 0, repaymentsCount: 0, ordersOverdue: 0, complaintsDueToday: 2, complaintsOverdue: 0 }

async function passwordStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Email'), agent.email)
  await user.type(screen.getByLabelText('Password'), 'kilat-demo-staff')
  await user.click(screen.getByRole('button', { name: 'Continue' }))
}

describe('the console sign-in', () => {
  it('takes the password, then the code, and opens the address first asked', async () => {
    const sent: Record<string, string> = {}
    server.use(
      // The console posts JSON (docs/decisions/0015-ops-console.md).
      http.post(staffSignIn.path, async ({ request }) => {
        sent.email = ((await request.json()) as { email: string }).email
        sent.xhr = request.headers.get('x-requested-with') ?? ''
        return HttpResponse.json(envelope(staffSignIn, { next: 'code' }))
      }),
      http.post(staffSignInCode.path, async ({ request }) => {
        const { code } = (await request.json()) as { code: string }
        return code.replace(/\s/g, '') === '123456'
          ? HttpResponse.json(envelope(staffSignInCode, agent))
          : HttpResponse.json({ code: OPS_ERROR_CODES.staffCodeWrong, data: null, message: 'wrong' }, { status: 401 })
      }),
      mockCall(orderDashboard, { markets: [emptyDay] }),
      mockCall(complaintQueue, { rows: [], nextCursor: null }),
    )
    const user = userEvent.setup()
    const { router } = await renderOps('/ops/complaints', { signedIn: false })
    // Never signed in here: the sign-in, with the address to come back to.
    await waitFor(() => expect(router.state.location.pathname).toBe('/ops/sign-in'))
    await passwordStep(user)
    expect(sent).toEqual({ email: agent.email, xhr: 'XMLHttpRequest' })

    await user.type(await screen.findByLabelText('Code'), '123 456')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/ops/complaints'))
    await waitFor(() => expect(router.state.location.search).toBe('?market=ID'))
    expect(await screen.findByRole('heading', { name: 'Complaints' })).toBeInTheDocument()
    expect(menuEntries()).toEqual(['Dashboard', 'Complaints', 'Knowledge base'])
  })

  it('shows a wrong code beside the field and stays on the code step', async () => {
    server.use(
      mockCall(staffSignIn, { next: 'code' }),
      mockCall(staffSignInCode, fail(OPS_ERROR_CODES.staffCodeWrong, 'The code is wrong', 401)),
    )
    const user = userEvent.setup()
    const { router } = await renderOps('/ops/sign-in', { signedIn: false })
    await passwordStep(user)
    await user.type(await screen.findByLabelText('Code'), '000000')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('The code is wrong or already used. Wait for the next one.')).toBeInTheDocument()
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true')
    expect(router.state.location.pathname).toBe('/ops/sign-in')
  })

  it('says a wrong password beside the password and a lock above the form', async () => {
    let tries = 0
    server.use(
      mockCall(staffSignIn, () => (++tries < 2 ? fail(OPS_ERROR_CODES.staffSignInFailed, 'wrong', 401) : fail(OPS_ERROR_CODES.staffLocked, 'locked', 423))),
    )
    const user = userEvent.setup()
    await renderOps('/ops/sign-in', { signedIn: false })
    await passwordStep(user)
    expect(await screen.findByText('The email or password is wrong.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong attempts: this account is locked for 15 minutes.')
  })

  it('puts the fields the server refused beside them', async () => {
    // A 400 names the fields at fault in `data.fields` (docs/product/operations.md#calls).
    server.use(http.post(staffSignIn.path, () => HttpResponse.json({ code: ERROR_CODES.invalidRequest, data: { fields: ['email'] }, message: 'bad' }, { status: 400 })))
    const user = userEvent.setup()
    await renderOps('/ops/sign-in', { signedIn: false })
    await passwordStep(user)
    expect(await screen.findByText('Type a valid email address.')).toBeInTheDocument()
  })
})
