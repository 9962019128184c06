import { opsBorrowerKyc, opsKycReveal, staffMe, type BodyOf, type DataOf, type StaffRole } from '@kilat/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { envelope, mockCall, server } from '../../test/msw'
import { renderInConsole, staffOf } from '../test/render-ops'
import { dialogCloses } from '../test/dialogs'
import { BorrowerKycPanel, SHOWN_FOR_MS } from './kyc-panel'

type Kyc = DataOf<typeof opsBorrowerKyc>

const ORDER_NO = 'K2026000005'
const NIK = '3273011205900001'

/** What risk is sent of Budi Santoso: masked, with one correction before and a name the bank spelt otherwise. */
const FOR_RISK: Kyc = {
  identity: {
    fullName: 'Budi Santoso',
    documentKind: 'nik',
    documentMasked: '3273 **** **** 0001',
    birthYear: 1990,
    kycResult: 'verified',
    kycVendor: 'demo-kyc',
    version: 2,
    history: [{ version: 1, fullName: 'Budi Santosa', documentMasked: '3273 **** **** 0009', recordedAt: '2026-01-05T02:00:00.000Z', replacedAt: '2026-02-01T02:00:00.000Z' }],
    updatedAt: '2026-02-01T02:00:00.000Z',
  },
  payoutAccount: {
    kind: 'bank',
    institution: 'BCA',
    last4: '2345',
    masked: 'BCA •••• 2345',
    nameCheck: 'mismatch',
    payable: false,
    updatedAt: '2026-02-01T02:00:00.000Z',
    holderName: 'BUDI HARTONO',
    checkedAt: '2026-02-01T02:05:00.000Z',
  },
  canReveal: true,
}

/** An agent's answer: the name and the masked number, nothing to reveal. */
const FOR_AGENT: Kyc = {
  identity: { ...FOR_RISK.identity!, birthYear: null, history: [] },
  payoutAccount: { ...FOR_RISK.payoutAccount!, nameCheck: 'match', payable: true, holderName: 'BUDI SANTOSO' },
  canReveal: false,
}

let sent: Array<BodyOf<typeof opsKycReveal>> = []

function answering(role: StaffRole, kyc: Kyc) {
  server.use(
    mockCall(staffMe, staffOf(role)),
    mockCall(opsBorrowerKyc, (request) => {
      expect(request.query.get('orderNo')).toBe(ORDER_NO)
      return kyc
    }),
    http.post(opsKycReveal.path, async ({ request }) => {
      const body = (await request.json()) as BodyOf<typeof opsKycReveal>
      sent.push(body)
      return HttpResponse.json(envelope(opsKycReveal, { field: body.field, value: NIK }))
    }),
  )
}

const panel = async () => (await screen.findByRole('heading', { name: 'Borrower identity and payout account' })).closest('section')!

/** The value beside a label of the panel (a th, then its td). */
function valueOf(section: HTMLElement, label: string): string {
  const th = [...section.querySelectorAll('th')].find((cell) => cell.textContent === label)
  if (!th) throw new Error(`no label ${label}`)
  return th.nextElementSibling?.textContent ?? ''
}

/** Opens the document number's dialog and asks with a reason. */
async function reveal(user: ReturnType<typeof userEvent.setup>, reason: string) {
  await user.click(await screen.findByRole('button', { name: 'Reveal the document number' }))
  const dialog = await screen.findByRole('dialog', { name: 'Reveal the document number' })
  const field = within(dialog).getByLabelText('Reason')
  await waitFor(() => expect(field).toHaveFocus())
  await user.type(field, reason)
  await user.click(within(dialog).getByRole('button', { name: 'Reveal' }))
  return dialog
}

beforeEach(() => {
  sent = []
})

describe("the order screen's identity and payout account", () => {
  it('shows the identity and the account masked, the name check in words and the corrections', async () => {
    answering('risk', FOR_RISK)
    await renderInConsole(<BorrowerKycPanel orderNo={ORDER_NO} market="ID" />)
    const section = await panel()
    expect(await within(section).findByRole('heading', { name: 'Identity' })).toBeInTheDocument()
    expect(valueOf(section, 'Name')).toBe('Budi Santoso')
    expect(valueOf(section, 'Document')).toMatch(/^NIK · 3273 \*{4} \*{4} 0001/)
    expect(within(section).getByText('Verified').closest('.ant-tag')).toHaveClass('ant-tag-green')
    expect(valueOf(section, 'KYC check')).toContain('demo-kyc')
    expect(valueOf(section, 'Birth date')).toMatch(/^Born in 1990/)
    expect(valueOf(section, 'Address')).toMatch(/^Hidden/)
    // the correction before, masked too
    const history = within(section).getByRole('table', { name: 'Earlier versions, newest first (masked)' })
    expect(within(history).getByText('3273 **** **** 0009')).toBeInTheDocument()
    expect(within(history).getByText('Budi Santosa')).toBeInTheDocument()

    expect(within(section).getByRole('heading', { name: 'Payout account' })).toBeInTheDocument()
    expect(valueOf(section, 'Account')).toMatch(/^Bank account · BCA •••• 2345/)
    // the check's result in words, its colour beside them
    const check = within(section).getByText('Does not match')
    expect(check.closest('.ant-tag')).toHaveClass('ant-tag-red')
    expect(valueOf(section, "Holder's name at the bank")).toMatch(/^BUDI HARTONO · 2026-02-01 09:05/)
    expect(valueOf(section, 'Payouts')).toBe('Blocked: no loan is paid into it')
    // nothing whole before a reveal
    expect(section).not.toHaveTextContent(NIK)
  })

  it('shows an agent the name and the masked number, with no reveal button', async () => {
    answering('agent', FOR_AGENT)
    await renderInConsole(<BorrowerKycPanel orderNo={ORDER_NO} market="ID" />)
    const section = await panel()
    expect(await within(section).findByText('3273 **** **** 0001')).toBeInTheDocument()
    expect(within(section).getByText('Matches the identity')).toBeInTheDocument()
    expect(within(section).queryAllByRole('button')).toHaveLength(0)
    // no row of what an agent may never see
    expect([...section.querySelectorAll('th')].map((th) => th.textContent)).not.toContain('Birth date')
    expect([...section.querySelectorAll('th')].map((th) => th.textContent)).not.toContain('Address')
    expect(within(section).queryByRole('table', { name: /Earlier versions/ })).toBeNull()
  })

  it('asks a reason, refuses a short one, then shows the value with its audit note until hidden', async () => {
    answering('risk', FOR_RISK)
    const user = userEvent.setup()
    await renderInConsole(<BorrowerKycPanel orderNo={ORDER_NO} market="ID" />)
    const section = await panel()

    const dialog = await reveal(user, ' too short ')
    expect(await within(dialog).findByText('Write at least 10 characters.')).toBeInTheDocument()
    expect(sent).toEqual([])

    await user.type(within(dialog).getByLabelText('Reason'), 'and the borrower called about it')
    await user.click(within(dialog).getByRole('button', { name: 'Reveal' }))
    await waitFor(() => expect(valueOf(section, 'Document')).toContain(NIK))
    expect(sent).toEqual([{ orderNo: ORDER_NO, field: 'documentNumber', reason: 'too short and the borrower called about it' }])
    expect(valueOf(section, 'Document')).toContain('Recorded in the audit trail. Hidden again within 60 seconds.')
    await dialogCloses()
    // the dialog gives the focus back to the field's button, now the one that hides it
    const hide = within(section).getByRole('button', { name: 'Hide the document number' })
    await waitFor(() => expect(hide).toHaveFocus())

    await user.click(hide)
    expect(section).not.toHaveTextContent(NIK)
    expect(valueOf(section, 'Document')).toMatch(/^NIK · 3273 \*{4} \*{4} 0001/)
  })

  describe('a revealed value', () => {
    beforeEach(() => {
      vi.useFakeTimers({ shouldAdvanceTime: true })
    })
    afterEach(() => {
      vi.useRealTimers()
    })

    it('is dropped after a minute, and is not there when the panel comes back', async () => {
      answering('risk', FOR_RISK)
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
      const { unmount } = await renderInConsole(<BorrowerKycPanel orderNo={ORDER_NO} market="ID" />)
      const section = await panel()
      await reveal(user, 'the borrower called about it')
      await dialogCloses()
      expect(valueOf(section, 'Document')).toContain(NIK)

      act(() => vi.advanceTimersByTime(SHOWN_FOR_MS - 1_000))
      expect(section).toHaveTextContent(NIK)
      act(() => vi.advanceTimersByTime(1_000))
      expect(section).not.toHaveTextContent(NIK)

      await reveal(user, 'the borrower called again')
      await dialogCloses()
      expect(section).toHaveTextContent(NIK)
      unmount()
      await renderInConsole(<BorrowerKycPanel orderNo={ORDER_NO} market="ID" />)
      const again = await panel()
      expect(await within(again).findByText('3273 **** **** 0001')).toBeInTheDocument()
      expect(again).not.toHaveTextContent(NIK)
    })
  })
})
