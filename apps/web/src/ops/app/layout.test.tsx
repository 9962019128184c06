import { ERROR_CODES, auditSearch, orderDashboard, staffList, staffMe, staffRoleRequests } from '@kilat/contract'
import { STAFF_ROLES } from '@kilat/contract'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fail, mockCall, server } from '../../test/msw'
import { menuEntries, renderOps, staffOf } from '../test/render-ops'
import { OPS_SCREENS, screensOf } from './menu'

const day = { market: 'ID' as const, date: '2026-11-25', applications: 0, approvals: 0, rejections: 0, disbursed: 0, repaymentsReceived: 0, repaymentsCount: 0, ordersOverdue: 0, complaintsDueToday: null, complaintsOverdue: null }

describe('the side menu by role', () => {
  it('lists each role its own screens, as the calls behind them allow', () => {
    expect(screensOf('agent').map((s) => s.key)).toEqual(['dashboard', 'complaints', 'kb'])
    expect(screensOf('risk').map((s) => s.key)).toEqual(['dashboard', 'review', 'orders'])
    expect(screensOf('finance').map((s) => s.key)).toEqual(['dashboard', 'orders', 'disbursement', 'adjustments', 'payments'])
    expect(screensOf('admin').map((s) => s.key)).toEqual(['dashboard', 'complaints', 'staff', 'audit', 'products', 'kb', 'funnel'])
    expect(screensOf('collector').map((s) => s.key)).toEqual(['dashboard', 'collections'])
    // Every screen is somebody's.
    for (const s of OPS_SCREENS) expect(STAFF_ROLES.some((role) => screensOf(role).includes(s))).toBe(true)
  })

  it("shows an admin's menu, keeps the market in the address, and refuses a screen of another role", async () => {
    server.use(mockCall(staffMe, staffOf('admin')), mockCall(orderDashboard, { markets: [{ ...day, market: 'MX' }] }))
    const { router } = await renderOps('/ops/dashboard?market=mx')
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument()
    expect(menuEntries()).toEqual(['Dashboard', 'Complaints', 'Staff', 'Audit trail', 'Products', 'Knowledge base', 'Registration funnel'])
    await waitFor(() => expect(router.state.location.search).toBe('?market=MX'))
    expect(screen.getByRole('link', { name: 'Staff' })).toHaveAttribute('href', '/ops/staff?market=MX')

    await router.navigate('/ops/review?market=MX')
    expect(await screen.findByText('Your role does not open this page.')).toBeInTheDocument()
  })

  it('sends back to the sign-in with a message when the session ends', async () => {
    let alive = true
    server.use(
      mockCall(staffMe, () => (alive ? staffOf('admin') : fail(ERROR_CODES.sessionRequired, 'Please sign in', 401))),
      mockCall(orderDashboard, { markets: [day] }),
      mockCall(staffList, () => fail(ERROR_CODES.sessionRequired, 'Please sign in', 401)),
      // staff administration: the grants waiting, asked beside the list
      mockCall(staffRoleRequests, () => fail(ERROR_CODES.sessionRequired, 'Please sign in', 401)),
      mockCall(auditSearch, { entries: [], nextBefore: null }),
    )
    const user = userEvent.setup()
    const { router } = await renderOps('/ops/dashboard?market=ID')
    await screen.findByRole('heading', { name: 'Dashboard' })
    alive = false
    await user.click(screen.getByRole('link', { name: 'Staff' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/ops/sign-in'))
    expect(await screen.findByText('Your session ended. Sign in again to go on.')).toBeInTheDocument()
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/ops/staff?market=ID')
  })
})
