import { opsOrderDecision, staffMe, type DataOf, type StaffRole } from '@kilat/contract'
import { formatMoney } from '@kilat/domain'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { mockCall, server } from '../../test/msw'
import { renderInConsole, staffOf } from '../test/render-ops'
import { DecisionPanel, flatInputs } from './decision-panel'

type Decision = NonNullable<DataOf<typeof opsOrderDecision>['decision']>

const ORDER_NO = 'K2026120223011692'
/** An amount as the market writes it (a no-break space after the sign). */
const rp = (cents: number) => formatMoney(cents, 'ID')

/** A first loan asked for Rp 5.000.000, cut to Rp 3.000.000 and sent to a person: the holder's name did not match. */
const REFERRED: Decision = {
  band: 'refer',
  policyVersion: 3,
  asked: 500_000_000,
  approvedAmount: 300_000_000,
  reasons: ['new_borrower_limit', 'payout_name_mismatch', 'amount_reduced'],
  fired: [
    { id: 'new-borrower', band: 'approve', reason: 'new_borrower_limit' },
    { id: 'name-check', band: 'refer', reason: 'payout_name_mismatch' },
  ],
  inputs: { application: { amount: 500_000_000, termDays: 30 }, identity: { age: 34, kycVerified: true, duplicate: false }, payoutAccount: { nameCheck: 'mismatch' }, record: { loansTaken: 0 }, velocity: { device24h: null } },
  autoPayout: null,
  decidedAt: '2026-12-02T16:01:00.000Z',
  micros: 412,
}

let asked: string[] = []

function answering(role: StaffRole, decision: Decision | null) {
  server.use(
    mockCall(staffMe, staffOf(role)),
    mockCall(opsOrderDecision, (request) => {
      asked.push(request.query.get('orderNo') ?? '')
      return { decision }
    }),
  )
}

/** The value beside a label of the panel's descriptions (a th, then its td). */
function valueOf(section: HTMLElement, label: string): string {
  const th = [...section.querySelectorAll('th')].find((cell) => cell.textContent === label)
  if (!th) throw new Error(`no label ${label}`)
  return th.nextElementSibling?.textContent ?? ''
}

const panel = async () => (await screen.findByRole('heading', { name: 'Decision', level: 2 })).closest('section')!

beforeEach(() => {
  asked = []
})

describe("the order screen's decision", () => {
  it('shows the band in words, the version, the amounts, every reason in words and the rules that held', async () => {
    answering('agent', REFERRED)
    await renderInConsole(<DecisionPanel orderNo={ORDER_NO} market="ID" />)
    const section = await panel()
    expect(asked).toEqual([ORDER_NO])

    const band = within(section).getAllByText('Refer to a person')[0]!
    expect(band.closest('.ant-tag')).toHaveClass('ant-tag-gold')
    expect(valueOf(section, 'Credit policy')).toBe('Version 3')
    expect(valueOf(section, 'Asked')).toBe(rp(500_000_000))
    expect(valueOf(section, 'Approved amount')).toBe(rp(300_000_000))
    expect(valueOf(section, 'Decided')).toBe('2026-12-02 23:01:00, in 0.4 ms')
    expect(valueOf(section, 'Automatic payout')).toBe('Not paid out by the system')
    // the reasons in words, never their codes
    const reasons = within(section).getAllByRole('listitem').map((li) => li.textContent)
    expect(reasons).toEqual(['For new borrowers we limit the amount.', 'The account holder’s name does not match your identity.', 'We can only offer a smaller amount.'])
    expect(section).not.toHaveTextContent('payout_name_mismatch')

    const fired = within(section).getByRole('table', { name: 'Rules that held' })
    const rows = within(fired).getAllByRole('row').slice(1)
    expect(rows.map((r) => r.textContent)).toEqual(['new-borrowerApproveFor new borrowers we limit the amount.', 'name-checkRefer to a personThe account holder’s name does not match your identity.'])
  })

  it('shows what the policy saw when asked, each input in words', async () => {
    answering('risk', REFERRED)
    const user = userEvent.setup()
    await renderInConsole(<DecisionPanel orderNo={ORDER_NO} market="ID" />)
    const section = await panel()
    const toggle = within(section).getByRole('button', { name: /What the policy saw/ })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'true'))
    const label = (text: string) => [...section.querySelectorAll('th')].find((th) => th.textContent?.startsWith(text))!
    expect(label('Age').nextElementSibling).toHaveTextContent('34')
    expect(label('Age')).toHaveTextContent('identity.age')
    // an amount is in cents: shown as money
    expect(label('Amount asked (cents)').nextElementSibling?.textContent).toBe(rp(500_000_000))
    expect(label('Identity verified').nextElementSibling).toHaveTextContent('Yes')
    expect(label('Identity on another account').nextElementSibling).toHaveTextContent('No')
    expect(label("Account holder's name check").nextElementSibling).toHaveTextContent('mismatch')
    expect(label('Applications, same device, 24 h').nextElementSibling).toHaveTextContent('Not known')
  })

  it('names the limits when the system paid the loan out, and that people decided without a policy', async () => {
    answering('finance', { ...REFERRED, band: 'approve', policyVersion: null, reasons: [], fired: [], autoPayout: { perLoanMax: 300_000_000, dailyMax: 10_000_000_000 } })
    await renderInConsole(<DecisionPanel orderNo={ORDER_NO} market="ID" />)
    const section = await panel()
    expect(valueOf(section, 'Band')).toBe('Approve')
    expect(valueOf(section, 'Credit policy')).toBe('No version was published: left to people, its inputs kept')
    expect(valueOf(section, 'Automatic payout')).toBe(`Paid out by the system, within ${rp(300_000_000)} per loan and ${rp(10_000_000_000)} per day`)
    expect(valueOf(section, 'Reasons')).toBe('No reason given')
    expect(within(section).getByRole('table', { name: 'Rules that held' })).toHaveTextContent('No rule held.')
  })

  it('shows nothing for an order the system did not decide', async () => {
    answering('agent', null)
    const { container } = await renderInConsole(
      <div data-testid="around">
        <DecisionPanel orderNo={ORDER_NO} market="ID" />
      </div>,
    )
    await waitFor(() => expect(asked).toEqual([ORDER_NO]))
    const around = await screen.findByTestId('around')
    // the answer came and was drawn: still nothing
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(around).toBeEmptyDOMElement()
    expect(container.querySelector('section')).toBeNull()
  })
})

describe('the inputs as paths', () => {
  it('flattens nested inputs and keeps flat ones, the policy’s own in its order first', () => {
    expect(flatInputs({ 'record.loansTaken': 2, identity: { age: 30 }, extra: 'x', application: { amount: 1 } })).toEqual([
      ['application.amount', 1],
      ['identity.age', 30],
      ['record.loansTaken', 2],
      ['extra', 'x'],
    ])
  })
})
