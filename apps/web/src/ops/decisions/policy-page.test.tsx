import { OPS_ERROR_CODES, opsPolicies, opsPolicyPublish, opsPolicyWithdraw, staffMe, type BodyOf, type DataOf, type StaffRole } from '@kilat/contract'
import { formatMoney } from '@kilat/domain'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { envelope, mockCall, server } from '../../test/msw'
import { menuEntries, renderOps, staffOf } from '../test/render-ops'
import { heading, PENDING, PUBLISHED } from './policy-fixtures'

type Policies = DataOf<typeof opsPolicies>

const BOTH: Policies = { published: PUBLISHED, pending: PENDING, versions: [PENDING, PUBLISHED] }

let sent: Array<{ path: string; body: BodyOf<typeof opsPolicyPublish> }> = []

function answering(role: StaffRole, policies: Policies, publish: () => Response = () => HttpResponse.json(envelope(opsPolicyPublish, { version: { ...PENDING, status: 'published', version: 3 } }))) {
  server.use(
    mockCall(staffMe, staffOf(role)),
    mockCall(opsPolicies, policies),
    http.post(opsPolicyPublish.path, async ({ request }) => {
      sent.push({ path: opsPolicyPublish.path, body: (await request.json()) as BodyOf<typeof opsPolicyPublish> })
      return publish()
    }),
    http.post(opsPolicyWithdraw.path, async ({ request }) => {
      sent.push({ path: opsPolicyWithdraw.path, body: (await request.json()) as BodyOf<typeof opsPolicyWithdraw> })
      return HttpResponse.json(envelope(opsPolicyWithdraw, { version: { ...PENDING, status: 'withdrawn' } }))
    }),
  )
}

const section = async (name: string) => (await screen.findByRole('heading', { name, level: 2 })).closest('section')!

beforeEach(() => {
  sent = []
})

describe('the credit policy page', () => {
  it('shows the published version read only: who published it and when, each rule in words and money, and how rows combine', async () => {
    answering('risk', BOTH)
    await renderOps('/ops/decisions?market=ID')
    expect(await heading('Credit policy · Indonesia')).toBeInTheDocument()
    expect(await screen.findByText(/every row whose conditions all hold counts\. The strictest band wins/)).toBeInTheDocument()
    expect(screen.getByText(/one open loan per product, and 7 days of cooling-off after a rejection/)).toBeInTheDocument()

    const published = await section('Published version')
    expect(published).toHaveTextContent('Version 2, published by head-of-risk@demo.kilat.example.com on 2026-11-20 10:00:00 (drafted by analyst@demo.kilat.example.com).')
    const rules = within(published).getByRole('table', { name: 'Rules of version 2, in force' })
    const headers = within(rules)
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
    expect(headers).toEqual(['#', 'Rule', 'Ageidentity.age', 'Loans takenrecord.loansTaken', 'Band', 'Reason', 'Maximum amount'])
    const [young, first] = within(rules).getAllByRole('row').slice(1)
    expect(young).toHaveTextContent('young< 21anyRejectThis application is outside our lending policy.No limit')
    expect(first!.textContent).toContain(`first-loanany0ApproveFor new borrowers we limit the amount.${formatMoney(200_000_000, 'ID')}`)

    // the replay starts on the waiting version
    const replay = await section('Replay')
    expect(within(replay).getByText('Waiting version')).toBeInTheDocument()
    // every version, newest first
    const history = within(await section('Versions')).getByRole('table', { name: "Versions of this market's policy, newest first" })
    expect(within(history).getAllByRole('row').slice(1).map((r) => r.querySelector('td')?.textContent)).toEqual(['Waiting version', 'Version 2 (Published)'])
  })

  it("lets another risk member publish the waiting version after a question", async () => {
    answering('risk', BOTH)
    const user = userEvent.setup()
    await renderOps('/ops/decisions?market=ID')
    const waiting = await section('Waiting to be published')
    expect(waiting).toHaveTextContent('Drafted by analyst@demo.kilat.example.com on 2026-12-01 10:00:00.')
    expect(within(waiting).getByRole('table', { name: 'Rules of the waiting version' })).toHaveTextContent('name-mismatch')

    await user.click(within(waiting).getByRole('button', { name: 'Publish the waiting version' }))
    const question = await screen.findByText('Publish this version? It decides every new order of this market from now on.')
    await user.click(within(question.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Publish' }))
    await waitFor(() => expect(sent).toEqual([{ path: opsPolicyPublish.path, body: { requestId: 6 } }]))
    expect(await screen.findByText('Version published. It decides the next orders.')).toBeInTheDocument()
  })

  it('says in words that the maker may not publish their own version when the server refuses it', async () => {
    answering('risk', BOTH, () => HttpResponse.json({ code: OPS_ERROR_CODES.fourEyesSameMember, data: null, message: 'same member' }, { status: 409 }))
    const user = userEvent.setup()
    await renderOps('/ops/decisions?market=ID')
    const waiting = await section('Waiting to be published')
    await user.click(within(waiting).getByRole('button', { name: 'Publish the waiting version' }))
    const question = await screen.findByText('Publish this version? It decides every new order of this market from now on.')
    await user.click(within(question.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Publish' }))
    expect(await screen.findByText('You drafted this version: another risk member or an admin publishes it.')).toBeInTheDocument()
  })

  it('shows an admin the buttons to publish and withdraw, and no editor: only risk drafts', async () => {
    answering('admin', BOTH)
    const user = userEvent.setup()
    await renderOps('/ops/decisions?market=ID')
    const waiting = await section('Waiting to be published')
    expect(within(waiting).getByRole('button', { name: 'Publish the waiting version' })).toBeEnabled()
    await user.click(within(waiting).getByRole('button', { name: 'Withdraw the waiting version' }))
    await waitFor(() => expect(sent).toEqual([{ path: opsPolicyWithdraw.path, body: { requestId: 6 } }]))
    expect(screen.queryByRole('heading', { name: 'Draft a new version' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Save the draft' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Start from version/ })).toBeNull()
    // the admin's menu has both screens
    expect(menuEntries()).toEqual(expect.arrayContaining(['Credit policy', 'Automatic payout']))
  })

  it('says that people decide when nothing is published', async () => {
    answering('risk', { published: null, pending: null, versions: [] })
    await renderOps('/ops/decisions?market=ID')
    const published = await section('Published version')
    expect(published).toHaveTextContent("No version is published yet: people decide every application in the review queue (in demo mode, the demo's rule). Each application's inputs are kept, so a first draft can be replayed.")
    expect(screen.queryByRole('heading', { name: 'Waiting to be published' })).toBeNull()
    // nothing to replay yet
    expect(screen.queryByRole('heading', { name: 'Replay' })).toBeNull()
  })

  it('is not open to finance, whose menu has the automatic payout only', async () => {
    answering('finance', BOTH)
    await renderOps('/ops/decisions?market=ID')
    expect(await screen.findByText('Your role does not open this page.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Publish/ })).toBeNull()
    const entries = menuEntries()
    expect(entries).toContain('Automatic payout')
    expect(entries).not.toContain('Credit policy')
  })
})
