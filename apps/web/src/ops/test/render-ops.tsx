import type { StaffMe } from '@kilat/contract'
import { render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createRouter } from '../../shared/router'
import { OpsApp } from '../app/ops-app'
import { loadOpsLanguage } from '../app/i18n'
import { createOpsRoutes } from '../app/routes'
import { setSignedInHint, useStaffQuery } from '../app/session'

/** Renders the console at an address, its calls answered by the test's MSW handlers. */
export async function renderOps(path: string, { signedIn = true }: { signedIn?: boolean } = {}) {
  // A browser that signed in before asks the server who it is; one that did not goes to the sign-in.
  setSignedInHint(signedIn)
  // The browser's own history, as in the console: calls read the market from the address.
  window.history.replaceState(null, '', path)
  const router = createRouter({ routes: createOpsRoutes(), context: undefined })
  const language = await loadOpsLanguage('en')
  const view = render(<OpsApp router={router} language={language} />)
  return { ...view, router }
}

/**
 * Renders one piece of the console (a component under test) inside the console's providers at
 * /ops/test, once the signed-in staff member (the test's `staffMe` answer) is known.
 */
export async function renderInConsole(ui: ReactNode, { search = '?market=ID' }: { search?: string } = {}) {
  setSignedInHint(true)
  window.history.replaceState(null, '', `/ops/test${search}`)
  function Piece() {
    const me = useStaffQuery()
    return me.data ? ui : null
  }
  const router = createRouter({ routes: [{ path: '/ops/test', Component: Piece }], context: undefined })
  const language = await loadOpsLanguage('en')
  const view = render(<OpsApp router={router} language={language} />)
  return { ...view, router }
}

export const staffOf = (role: StaffMe['role'], markets: StaffMe['markets'] = ['ID', 'MX']): StaffMe => ({
  id: 7,
  email: `${role}@demo.kilat.example.com`,
  role,
  markets,
  language: 'en',
})

/** The side menu's entries, in order. */
export function menuEntries(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Console menu' })
  return [...nav.querySelectorAll('a')].map((a) => a.textContent ?? '')
}
