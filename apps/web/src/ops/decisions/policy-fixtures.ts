import type { PolicyVersionView } from '@kilat/contract'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'
import { expect } from 'vitest'

/** Indonesia's policy today: version 2, drafted by member 11, published by member 12. */
export const PUBLISHED: PolicyVersionView = {
  id: 5,
  market: 'ID',
  version: 2,
  status: 'published',
  rules: [
    { id: 'young', when: { 'identity.age': '< 21' }, band: 'reject', reason: 'outside_policy', maxAmount: null },
    { id: 'first-loan', when: { 'record.loansTaken': '0' }, band: 'approve', reason: 'new_borrower_limit', maxAmount: 200_000_000 },
  ],
  note: 'Lower first loans.',
  publishedAt: '2026-11-20T03:00:00.000Z',
  requestedBy: 11,
  requestedByEmail: 'analyst@demo.kilat.example.com',
  requestedAt: '2026-11-19T03:00:00.000Z',
  decidedBy: 12,
  decidedByEmail: 'head-of-risk@demo.kilat.example.com',
  decidedAt: '2026-11-20T03:00:00.000Z',
  expiresAt: '2026-11-26T03:00:00.000Z',
}

/** A draft waiting, by member 11 (not the signed-in member 7 of `staffOf`). */
export const PENDING: PolicyVersionView = {
  ...PUBLISHED,
  id: 6,
  version: null,
  status: 'pending',
  rules: [...PUBLISHED.rules, { id: 'name-mismatch', when: { 'payoutAccount.nameCheck': '"mismatch"' }, band: 'refer', reason: 'payout_name_mismatch', maxAmount: null }],
  note: 'Send name mismatches to a person.',
  publishedAt: null,
  requestedAt: '2026-12-01T03:00:00.000Z',
  decidedBy: null,
  decidedByEmail: null,
  decidedAt: null,
  // far ahead: the tests do not hang on the day they run
  expiresAt: '2099-12-08T03:00:00.000Z',
}

/**
 * Chooses an option of an Ant Design select by its words: opens it as a pointer does (types `search`
 * into a searchable one) and clicks the option in the list it shows (its own listbox for a screen
 * reader holds a few options only).
 */
export async function choose(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, option: string, search?: string) {
  await user.click(combobox)
  // a long list shows its first options only: a searchable one is narrowed first
  if (search) await user.type(combobox, search)
  // the popup open now: those closed before stay in the page, hidden or leaving (happy-dom plays no motion to its end)
  const popup = await waitFor(() => {
    const open = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown')].filter((d) => !/ant-select-dropdown-hidden|-leave/.test(d.className))
    expect(open).toHaveLength(1)
    return open[0]!
  })
  const item = await waitFor(() => {
    const found = [...popup.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.textContent === option)
    expect(found, `option ${option}`).toBeDefined()
    return found!
  })
  fireEvent.click(item)
}

/** Waits for a screen's first render: its level-1 heading. */
export const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name })
