import { OPS_ERROR_CODES, opsPolicies, opsPolicyDraft, staffMe, type BodyOf, type DataOf, type PolicyProblem } from '@kilat/contract'
import { formatMoney } from '@kilat/domain'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { envelope, mockCall, server } from '../../test/msw'
import { renderOps, staffOf } from '../test/render-ops'
import { choose, heading, PENDING, PUBLISHED } from './policy-fixtures'

type Policies = DataOf<typeof opsPolicies>

let drafts: Array<BodyOf<typeof opsPolicyDraft>> = []

function answering(policies: Policies, draft: () => Response = () => HttpResponse.json(envelope(opsPolicyDraft, { version: PENDING }))) {
  server.use(
    mockCall(staffMe, staffOf('risk')),
    mockCall(opsPolicies, (request) => {
      expect(request.query.get('market')).toBe('ID')
      return policies
    }),
    http.post(opsPolicyDraft.path, async ({ request }) => {
      drafts.push((await request.json()) as BodyOf<typeof opsPolicyDraft>)
      return draft()
    }),
  )
}

const editor = async () => (await screen.findByRole('heading', { name: 'Draft a new version', level: 2 })).closest('section')!
const draftTable = (section: HTMLElement) => within(section).getByRole('table', { name: 'Rules of the new version for Indonesia' })

beforeEach(() => {
  drafts = []
})

describe("the credit policy's editor", () => {
  it('saves the rows as typed: conditions by input, the band, the reason, the amount in cents and the note', async () => {
    answering({ published: null, pending: null, versions: [] })
    const user = userEvent.setup()
    await renderOps('/ops/decisions?market=ID')
    expect(await heading('Credit policy · Indonesia')).toBeInTheDocument()
    const section = await editor()
    expect(await within(section).findByText('No rows yet. Add a row, or start from the published version.')).toBeInTheDocument()

    await user.click(within(section).getByRole('button', { name: 'Add a row' }))
    const id = within(section).getByRole('textbox', { name: 'Name of rule 1' })
    // the new row's name is ready to be typed over
    await waitFor(() => expect(id).toHaveFocus())
    expect(id).toHaveValue('rule-1')
    await user.clear(id)
    await user.type(id, 'young')

    // a condition column is added by the analyst: none is shown before a row uses it
    await choose(user, within(section).getByRole('combobox', { name: 'Add a condition column' }), 'Age (identity.age)')
    await user.type(within(section).getByRole('textbox', { name: 'Rule 1 (young), Age' }), '< 21')
    await choose(user, within(section).getByRole('combobox', { name: 'Rule 1 (young), Band' }), 'Reject')
    await choose(user, within(section).getByRole('combobox', { name: 'Rule 1 (young), Reason' }), 'This application is outside our lending policy.', 'outside')

    await user.click(within(section).getByRole('button', { name: 'Add a row' }))
    await choose(user, within(section).getByRole('combobox', { name: 'Add a condition column' }), "Account holder's name check (payoutAccount.nameCheck)", 'name check')
    await user.click(within(section).getByRole('textbox', { name: "Rule 2 (rule-2), Account holder's name check" }))
    await user.paste('"mismatch", "pending"')
    await choose(user, within(section).getByRole('combobox', { name: 'Rule 2 (rule-2), Reason' }), 'The account holder’s name does not match your identity.', 'holder')
    const max = within(section).getByRole('textbox', { name: 'Rule 2 (rule-2), Maximum amount' })
    await user.type(max, '1500000,50')
    // said back as the market writes money
    expect(max.closest('td')!.textContent).toContain(formatMoney(150_000_050, 'ID'))
    await user.click(within(section).getByLabelText('Note'))
    await user.paste('Young borrowers out; name mismatches to a person.')

    await user.click(within(section).getByRole('button', { name: 'Save the draft' }))
    await waitFor(() => expect(drafts).toHaveLength(1))
    expect(drafts[0]).toEqual({
      market: 'ID',
      rules: [
        { id: 'young', when: { 'identity.age': '< 21' }, band: 'reject', reason: 'outside_policy', maxAmount: null },
        // a new row is sent to a person until the analyst says otherwise
        { id: 'rule-2', when: { 'payoutAccount.nameCheck': '"mismatch", "pending"' }, band: 'refer', reason: 'payout_name_mismatch', maxAmount: 150_000_050 },
      ],
      note: 'Young borrowers out; name mismatches to a person.',
    })
    expect(await screen.findByText('Draft saved. It waits for another member to publish it.')).toBeInTheDocument()
  })

  it('starts from the published version, moves a row with the focus on it, and sends the rows in their new order', async () => {
    answering({ published: PUBLISHED, pending: null, versions: [PUBLISHED] })
    const user = userEvent.setup()
    await renderOps('/ops/decisions?market=ID')
    const section = await editor()
    await user.click(await within(section).findByRole('button', { name: 'Start from version 2' }))
    const table = draftTable(section)
    // the columns the rows use, filled
    expect(within(table).getByRole('textbox', { name: 'Rule 1 (young), Age' })).toHaveValue('< 21')
    expect(within(table).getByRole('textbox', { name: 'Rule 2 (first-loan), Loans taken' })).toHaveValue('0')
    // the amount in the currency's unit, from cents
    expect(within(table).getByRole('textbox', { name: 'Rule 2 (first-loan), Maximum amount' })).toHaveValue('2000000')

    const up = within(table).getByRole('button', { name: 'Move Rule 2 (first-loan) up' })
    await user.click(up)
    // now first: its "up" is off, the focus is on its "down"
    const down = within(table).getByRole('button', { name: 'Move Rule 1 (first-loan) down' })
    await waitFor(() => expect(down).toHaveFocus())
    expect(within(table).getByRole('button', { name: 'Move Rule 1 (first-loan) up' })).toBeDisabled()

    await user.click(within(section).getByRole('button', { name: 'Save the draft' }))
    await waitFor(() => expect(drafts).toHaveLength(1))
    expect(drafts[0]!.rules.map((r) => r.id)).toEqual(['first-loan', 'young'])
    expect(drafts[0]!.rules[0]).toEqual({ id: 'first-loan', when: { 'record.loansTaken': '0' }, band: 'approve', reason: 'new_borrower_limit', maxAmount: 200_000_000 })
  })

  it("marks the cells the server's engine could not read, with its words, until they are changed", async () => {
    const problems: PolicyProblem[] = [
      { ruleIndex: 1, field: 'record.loansTaken', message: 'Cannot read "zero": write a number, a range or a comparison.' },
      { ruleIndex: 0, field: 'identity.age', message: 'Cannot read "<< 21".' },
    ]
    answering({ published: PUBLISHED, pending: null, versions: [PUBLISHED] }, () =>
      HttpResponse.json({ code: OPS_ERROR_CODES.policyInvalid, data: { problems }, message: 'A condition cannot be read. Check the marked row and column.' }, { status: 422 }),
    )
    const user = userEvent.setup()
    await renderOps('/ops/decisions?market=ID')
    const section = await editor()
    await user.click(await within(section).findByRole('button', { name: 'Start from version 2' }))
    const table = draftTable(section)
    const loans = within(table).getByRole('textbox', { name: 'Rule 2 (first-loan), Loans taken' })
    await user.clear(loans)
    await user.type(loans, 'zero')
    const age = within(table).getByRole('textbox', { name: 'Rule 1 (young), Age' })
    await user.clear(age)
    await user.type(age, '<< 21')
    await user.click(within(section).getByRole('button', { name: 'Save the draft' }))
    await waitFor(() => expect(drafts).toHaveLength(1))

    await waitFor(() => expect(loans).toHaveAttribute('aria-invalid', 'true'))
    expect(loans).toHaveAccessibleDescription('Cannot read "zero": write a number, a range or a comparison.')
    expect(loans.closest('.ant-input-outlined, .ant-input')).toHaveClass('ant-input-status-error')
    expect(age).toHaveAttribute('aria-invalid', 'true')
    expect(age).toHaveAccessibleDescription('Cannot read "<< 21".')
    // the cells of the same rows in other columns, and of the same column in other rows, are not marked
    expect(within(table).getByRole('textbox', { name: 'Rule 2 (first-loan), Age' })).not.toHaveAttribute('aria-invalid')
    expect(within(table).getByRole('textbox', { name: 'Rule 1 (young), Loans taken' })).not.toHaveAttribute('aria-invalid')
    // said together above the table, and the server's message as a notice
    const summary = within(section).getByRole('alert')
    expect(summary).toHaveTextContent('2 cells need a change')
    expect(summary).toHaveTextContent('Rule 2 (first-loan) · Loans taken: Cannot read "zero"')
    expect(await screen.findByText('A condition cannot be read. Check the marked row and column.')).toBeInTheDocument()

    await user.type(loans, '0')
    expect(loans).not.toHaveAttribute('aria-invalid')
    expect(age).toHaveAttribute('aria-invalid', 'true')
    expect(within(section).getByRole('alert')).toHaveTextContent('1 cell needs a change')
  })

  it('refuses before sending a row without a reason or with a name another row has', async () => {
    answering({ published: PUBLISHED, pending: null, versions: [PUBLISHED] })
    const user = userEvent.setup()
    await renderOps('/ops/decisions?market=ID')
    const section = await editor()
    await user.click(await within(section).findByRole('button', { name: 'Start from version 2' }))
    await user.click(within(section).getByRole('button', { name: 'Add a row' }))
    const id = within(section).getByRole('textbox', { name: 'Name of rule 3' })
    await user.clear(id)
    await user.type(id, 'young')
    await user.click(within(section).getByRole('button', { name: 'Save the draft' }))
    // both rows of the one name are marked
    expect(await within(section).findByRole('alert')).toHaveTextContent('3 cells need a change')
    expect(within(section).getByRole('textbox', { name: 'Name of rule 3' })).toHaveAccessibleDescription('Another row has this name.')
    expect(within(section).getByRole('textbox', { name: 'Name of rule 1' })).toHaveAccessibleDescription('Another row has this name.')
    expect(within(section).getByRole('combobox', { name: 'Rule 3 (young), Reason' })).toHaveAttribute('aria-invalid', 'true')
    expect(drafts).toEqual([])
  })

  it('keeps the editor closed to a member who may not draft, and the maker away from publishing their own version', async () => {
    answering({ published: PUBLISHED, pending: { ...PENDING, requestedBy: 7 }, versions: [PENDING, PUBLISHED] })
    await renderOps('/ops/decisions?market=ID')
    const waiting = (await screen.findByRole('heading', { name: 'Waiting to be published', level: 2 })).closest('section')!
    // the risk member drafted it: another member publishes it
    expect(within(waiting).getByText('You drafted it: another member publishes it.')).toBeInTheDocument()
    expect(within(waiting).queryByRole('button', { name: /^Publish/ })).toBeNull()
    expect(within(waiting).getByRole('button', { name: 'Withdraw the waiting version' })).toBeInTheDocument()
    // one version waits per market: the editor says so and does not save
    const section = await editor()
    expect(await within(section).findByText('A version is already waiting. It must be published or withdrawn before this one can be saved.')).toBeInTheDocument()
    expect(within(section).getByRole('button', { name: 'Save the draft' })).toBeDisabled()
  })
})
