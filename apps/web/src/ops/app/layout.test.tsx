import { ERROR_CODES, auditSearch, orderDashboard, staffList, staffMe, staffRoleRequests, staffSetLanguage } from '@kilat/contract'
import { STAFF_ROLES } from '@kilat/contract'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fail, mockCall, server } from '../../test/msw'
import { menuEntries, renderOps, staffOf } from '../test/render-ops'
import { keepLanguage } from './i18n'
import { OPS_SCREENS, screensOf } from './menu'

const day = { market: 'ID' as const, date: '2026-11-25', applications: 0, approvals: 0, rejections: 0, disbursed: 0, repaymentsReceived: 0, repaymentsCount: 0, ordersOverdue: 0, complaintsDueToday: null, complaintsOverdue: null }

describe('the side menu by role', () => {
  it('lists each role its own screens, as the calls behind them allow', () => {
    expect(screensOf('agent').map((s) => s.key)).toEqual(['dashboard', 'complaints', 'kb'])
    expect(screensOf('risk').map((s) => s.key)).toEqual(['dashboard', 'review', 'orders', 'kycFlags', 'decisions', 'decisionSettings'])
    expect(screensOf('finance').map((s) => s.key)).toEqual(['dashboard', 'orders', 'disbursement', 'adjustments', 'payments', 'decisionSettings', 'bureau', 'health'])
    expect(screensOf('admin').map((s) => s.key)).toEqual(['dashboard', 'complaints', 'staff', 'audit', 'products', 'kb', 'funnel', 'kycFlags', 'decisions', 'decisionSettings', 'bureau', 'health'])
    expect(screensOf('collector').map((s) => s.key)).toEqual(['dashboard', 'collections'])
    // Every screen is somebody's.
    for (const s of OPS_SCREENS) expect(STAFF_ROLES.some((role) => screensOf(role).includes(s))).toBe(true)
  })

  it("shows an admin's menu, keeps the market in the address, and refuses a screen of another role", async () => {
    server.use(mockCall(staffMe, staffOf('admin')), mockCall(orderDashboard, { markets: [{ ...day, market: 'MX' }] }))
    const { router } = await renderOps('/ops/dashboard?market=mx')
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument()
    expect(menuEntries()).toEqual(['Dashboard', 'Complaints', 'Staff', 'Audit trail', 'Products', 'Knowledge base', 'Registration funnel', 'Identity flags', 'Credit policy', 'Automatic payout', 'Credit reporting', 'Health'])
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

describe("the console's language", () => {
  it("speaks the address's ?lang= over the signed-in member's language, until they choose one", async () => {
    const staff = { ...staffOf('admin'), language: 'id' as const }
    server.use(
      mockCall(staffMe, staff),
      mockCall(orderDashboard, { markets: [day] }),
      mockCall(staffList, { accounts: [] }),
      mockCall(auditSearch, { entries: [], nextBefore: null }),
      mockCall(staffSetLanguage, { ...staff, language: 'en' }),
    )
    const user = userEvent.setup()
    const { router } = await renderOps('/ops/dashboard?market=ID&lang=es')
    expect(await screen.findByRole('heading', { name: 'Panel' })).toBeInTheDocument()
    // the member's Indonesian does not win once they are known
    await waitFor(() => expect(router.state.location.search).toContain('market=ID'))
    expect(screen.getByRole('heading', { name: 'Panel' })).toBeInTheDocument()
    expect(document.documentElement.lang).toBe('es')

    // another screen, by a link that does not repeat ?lang=: still the language asked
    await user.click(screen.getByRole('link', { name: 'Registro de auditoría' }))
    expect(await screen.findByRole('heading', { name: 'Registro de auditoría' })).toBeInTheDocument()
    expect(router.state.location.search).not.toContain('lang=')

    // the member's own choice is shown
    await user.click(screen.getByRole('button', { name: /^admin@demo/ }))
    await user.click(await screen.findByRole('menuitem', { name: 'English' }))
    expect(await screen.findByRole('heading', { name: 'Audit trail' })).toBeInTheDocument()
  })

  it('carries ?lang= from the sign-in to the screen it opens', () => {
    expect(keepLanguage('/ops', 'es')).toBe('/ops?lang=es')
    expect(keepLanguage('/ops/staff?market=ID', 'id')).toBe('/ops/staff?market=ID&lang=id')
    expect(keepLanguage('/ops/staff?lang=en', 'es')).toBe('/ops/staff?lang=en')
    expect(keepLanguage('/ops/staff', 'xx')).toBe('/ops/staff')
    expect(keepLanguage('/ops/staff', null)).toBe('/ops/staff')
  })

  it("speaks the member's language without ?lang=", async () => {
    server.use(mockCall(staffMe, { ...staffOf('admin'), language: 'es' }), mockCall(orderDashboard, { markets: [day] }))
    await renderOps('/ops/dashboard?market=ID')
    expect(await screen.findByRole('heading', { name: 'Panel' })).toBeInTheDocument()
  })
})
