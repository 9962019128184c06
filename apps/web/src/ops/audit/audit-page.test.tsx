import { auditSearch, staffList, staffMe } from '@kilat/contract'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mockCall, server } from '../../test/msw'
import { renderOps, staffOf } from '../test/render-ops'

const entry = (id: number, action: string) => ({
  id,
  at: '2026-11-25T03:00:00.000Z',
  staffId: 7,
  role: 'admin',
  action,
  recordType: 'staff',
  recordId: '12',
  before: null,
  after: { disabled: true },
  ip: '127.0.0.1',
})

describe('the audit search', () => {
  it('searches by the filters in the address and pages by key', async () => {
    const asked: Array<Record<string, string>> = []
    server.use(
      mockCall(staffMe, staffOf('admin')),
      mockCall(staffList, { accounts: [{ ...staffOf('admin'), enrolled: true, disabled: false, createdAt: '2026-11-01T00:00:00.000Z', lastSignInAt: null, lastSignInIp: null }] }),
      mockCall(auditSearch, ({ query }) => {
        asked.push(Object.fromEntries(query))
        return query.get('before') === '40' ? { entries: [entry(39, 'staff.create')], nextBefore: null } : { entries: [entry(41, 'staff.disable'), entry(40, 'staff.sign-in')], nextBefore: 40 }
      }),
    )
    const user = userEvent.setup()
    const { router } = await renderOps('/ops/audit?market=ID&recordType=staff&recordId=12')
    // The screen's chunk (tables, date pickers) takes a while to transform on first use.
    expect(await screen.findByText('staff.disable', {}, { timeout: 8000 })).toBeInTheDocument()
    // The admin's email stands for their id.
    expect(screen.getAllByText('admin@demo.kilat.example.com (admin)')).toHaveLength(2)
    expect(asked[0]).toMatchObject({ market: 'ID', recordType: 'staff', recordId: '12' })
    expect(asked[0]).not.toHaveProperty('before')

    await user.click(screen.getByRole('button', { name: 'Older entries' }))
    expect(await screen.findByText('staff.create')).toBeInTheDocument()
    expect(new URLSearchParams(router.state.location.search).get('before')).toBe('40')
    expect(asked.at(-1)).toMatchObject({ recordType: 'staff', before: '40' })
    expect(screen.getByRole('button', { name: 'Older entries' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Newest entries' }))
    await waitFor(() => expect(router.state.location.search).not.toContain('before'))
  })
})
