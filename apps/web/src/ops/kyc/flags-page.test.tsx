import { OPS_ERROR_CODES, opsKycFlagResolve, opsKycFlags, staffMe, type BodyOf, type DataOf, type StaffRole } from '@kilat/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { envelope, mockCall, server } from '../../test/msw'
import { renderOps, staffOf } from '../test/render-ops'
import { dialogCloses } from '../test/dialogs'

type Flag = DataOf<typeof opsKycFlags>['flags'][number]

const DUPLICATE: Flag = {
  id: 11,
  kind: 'duplicateIdentity',
  market: 'ID',
  borrowerId: 3,
  borrowerName: 'Budi Santoso',
  phoneMasked: '+62812****7890',
  orderNo: 'K2026000005',
  otherPhoneMasked: '+62813****1111',
  otherOrderNo: 'K2026120223011692',
  holderName: null,
  accountMasked: null,
  status: 'open',
  note: null,
  createdAt: '2026-02-01T02:00:00.000Z',
  resolvedAt: null,
  resolvedBy: null,
}

const MISMATCH: Flag = {
  ...DUPLICATE,
  id: 12,
  kind: 'nameMismatch',
  borrowerId: 4,
  borrowerName: 'Siti Rahayu',
  phoneMasked: '+62812****5432',
  orderNo: null,
  otherPhoneMasked: null,
  otherOrderNo: null,
  holderName: 'SITI RAHAYUNINGSIH',
  accountMasked: 'MANDIRI •••• 7890',
}

const ACCEPTED: Flag = { ...MISMATCH, status: 'accepted', note: 'Married name, checked the KTP.', resolvedAt: '2026-02-02T03:00:00.000Z', resolvedBy: 'risk@demo.kilat.example.com' }

let listed: string[] = []
let sent: Array<BodyOf<typeof opsKycFlagResolve>> = []

function answering(role: StaffRole, resolve: () => Response = () => HttpResponse.json(envelope(opsKycFlagResolve, { flag: ACCEPTED }))) {
  server.use(
    mockCall(staffMe, staffOf(role)),
    mockCall(opsKycFlags, (request) => {
      const status = request.query.get('status') ?? ''
      listed.push(status)
      return { flags: status === 'closed' ? [ACCEPTED] : [DUPLICATE, MISMATCH] }
    }),
    http.post(opsKycFlagResolve.path, async ({ request }) => {
      sent.push((await request.json()) as BodyOf<typeof opsKycFlagResolve>)
      return resolve()
    }),
  )
}

const queue = async () => screen.findByRole('table', { name: 'Open identity flags' })
const rowOf = async (table: HTMLElement, text: string) => (await within(table).findByText(text)).closest('tr')!

/** Accepts the name mismatch from its row's button, with a note. */
async function accept(user: ReturnType<typeof userEvent.setup>, note: string) {
  await user.click(await screen.findByRole('button', { name: "Accept: Siti Rahayu, Holder's name does not match" }))
  const dialog = await screen.findByRole('dialog', { name: 'Accept this flag' })
  const field = within(dialog).getByLabelText('Note (kept with the decision)')
  await waitFor(() => expect(field).toHaveFocus())
  if (note) await user.type(field, note)
  await user.click(within(dialog).getByRole('button', { name: 'Accept' }))
  return dialog
}

beforeEach(() => {
  listed = []
  sent = []
})

describe('the queue of identity flags', () => {
  it('lists the open flags with what was found, in words, and the closed ones a switch away', async () => {
    answering('risk')
    const user = userEvent.setup()
    const { router } = await renderOps('/ops/kyc-flags?market=ID')
    expect(await screen.findByRole('heading', { name: 'Identity flags', level: 1 })).toBeInTheDocument()
    const table = await queue()

    const duplicate = await rowOf(table, 'Identity given by another borrower')
    expect(duplicate).toHaveTextContent('Indonesia')
    expect(duplicate).toHaveTextContent('Budi Santoso+62812****7890')
    expect(duplicate).toHaveTextContent('Other borrower: +62813****1111')
    expect(within(duplicate).getByRole('link', { name: 'K2026120223011692' })).toHaveAttribute('href', '/ops/orders/K2026120223011692?market=ID')
    expect(within(duplicate).getByRole('link', { name: 'K2026000005' })).toHaveAttribute('href', '/ops/orders/K2026000005?market=ID')

    const mismatch = await rowOf(table, "Holder's name does not match")
    expect(mismatch).toHaveTextContent('Name at the bank: SITI RAHAYUNINGSIH')
    expect(mismatch).toHaveTextContent('Account: MANDIRI •••• 7890')
    expect(mismatch).toHaveTextContent('No order yet')
    expect(within(mismatch).getByRole('button', { name: "Reject: Siti Rahayu, Holder's name does not match" })).toBeInTheDocument()
    expect(listed).toEqual(['open'])

    await user.click(screen.getByText('Closed'))
    const closed = await screen.findByRole('table', { name: 'Closed identity flags' })
    await waitFor(() => expect(router.state.location.search).toContain('status=closed'))
    const decided = await within(closed).findByText('Accepted')
    expect(decided.closest('tr')).toHaveTextContent('risk@demo.kilat.example.com · 2026-02-02 10:00')
    expect(decided.closest('tr')).toHaveTextContent('Married name, checked the KTP.')
    expect(within(closed).queryByRole('button')).toBeNull()
  })

  it('shows an admin the queue with no decision to make', async () => {
    answering('admin')
    await renderOps('/ops/kyc-flags?market=ID')
    const table = await queue()
    expect(await rowOf(table, 'Identity given by another borrower')).toBeInTheDocument()
    expect(within(table).queryByRole('button')).toBeNull()
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull()
  })

  it('asks a note, then resolves the flag, says so and asks the queue again', async () => {
    answering('risk')
    const user = userEvent.setup()
    await renderOps('/ops/kyc-flags?market=ID')
    await queue()

    const dialog = await accept(user, '')
    expect(await within(dialog).findByText('Fill this in.')).toBeInTheDocument()
    expect(within(dialog).getByText('A loan may then be paid into this account.')).toBeInTheDocument()
    expect(sent).toEqual([])

    await user.type(within(dialog).getByLabelText('Note (kept with the decision)'), ' Married name, checked the KTP. ')
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }))
    expect(await screen.findByText('Flag accepted.')).toBeInTheDocument()
    expect(sent).toEqual([{ flagId: 12, decision: 'accepted', note: 'Married name, checked the KTP.' }])
    await dialogCloses()
    await waitFor(() => expect(listed).toEqual(['open', 'open']))
  })

  it('says so when another member closed the flag first', async () => {
    answering('risk', () => HttpResponse.json({ code: OPS_ERROR_CODES.kycFlagClosed, data: null, message: 'This flag was already closed by another member.' }, { status: 409 }))
    const user = userEvent.setup()
    await renderOps('/ops/kyc-flags?market=ID')
    await queue()
    await accept(user, 'Married name, checked the KTP.')

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Another member closed this flag first. It is now among the closed flags, with their decision.')
    await dialogCloses()
    // the queue shows what is true now
    await waitFor(() => expect(listed).toEqual(['open', 'open']))
    expect(screen.queryByText('Flag accepted.')).toBeNull()
    // the screen's words, not the server's message in a notice as well
    expect(screen.queryByText('This flag was already closed by another member.')).toBeNull()
  })
})
