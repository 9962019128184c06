import { ERROR_CODES, payoutAccountGet, payoutAccountSet, type DataOf } from '@kilat/contract'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { envelope, mockCall, server } from '../../test/msw'
import { renderApp } from '../../test/render-app'

type Data = DataOf<typeof payoutAccountGet>
type Account = NonNullable<Data['account']>

const BCA: Account = { kind: 'bank', institution: 'BCA', last4: '7890', masked: 'BCA •••• 7890', nameCheck: 'match', payable: true, updatedAt: '2026-11-30T03:00:00Z' }

function indonesia(patch: Partial<Data> = {}): Data {
  return {
    account: BCA,
    canChange: true,
    hasIdentity: true,
    kinds: ['bank', 'ewallet'],
    banks: [
      { code: 'ID_BCA', name: 'BCA' },
      { code: 'ID_MANDIRI', name: 'Mandiri' },
    ],
    wallets: [
      { code: 'DANA', name: 'DANA' },
      { code: 'OVO', name: 'OVO' },
    ],
    ...patch,
  }
}

/**
 * The save call: its JSON body as sent, and the answer `reply` gives for it (an account, or a
 * failure envelope with its code, message and data).
 */
function answerSave(reply: (body: Record<string, unknown>) => Account | { code: number; message: string; status: number; data?: unknown }) {
  const sent: Record<string, unknown>[] = []
  server.use(
    http.post(payoutAccountSet.path, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      sent.push(body)
      const answer = reply(body)
      if ('status' in answer) return HttpResponse.json({ code: answer.code, data: answer.data ?? null, message: answer.message }, { status: answer.status })
      return HttpResponse.json(envelope(payoutAccountSet, { account: answer }))
    }),
  )
  return sent
}

const open = (query = 'lang=en') => renderApp(`/payout-account?${query}`)

describe('/payout-account', () => {
  it('shows the account masked, read out in words, with its name check in plain words', async () => {
    server.use(mockCall(payoutAccountGet, indonesia()))
    await open()
    expect(await screen.findByRole('heading', { level: 1, name: 'Payout account' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Payout account · Kilat'))
    const current = screen.getByRole('region', { name: 'Where your loan is paid' })
    expect(within(current).getByText('BCA •••• 7890')).toHaveAttribute('aria-hidden', 'true')
    expect(within(current).getByText('BCA, ending in 7890')).toBeInTheDocument()
    expect(within(current).getByText('Checked: the name on this account matches yours.')).toBeInTheDocument()

    const form = screen.getByRole('region', { name: 'Change the account' })
    expect(within(form).getByRole('radio', { name: 'Bank account' })).toBeChecked()
    expect(within(form).getByRole('combobox', { name: 'Bank' })).toBeInTheDocument()
    const number = within(form).getByRole('textbox', { name: 'Account number' })
    expect(number).toHaveAttribute('inputmode', 'numeric')
    expect(number).toHaveAccessibleDescription('Digits only, as in your bank app or book.')
  })

  it.each([
    ['pending', 'Being checked: we are asking the bank whose account this is.'],
    ['mismatch', 'The name on this account does not match ours. We are looking at it.'],
    ['unknownAccount', 'The bank does not know this account. Please give another.'],
  ] as const)('says what a name check of %s means', async (nameCheck, words) => {
    server.use(mockCall(payoutAccountGet, indonesia({ account: { ...BCA, nameCheck, payable: false } })))
    await open()
    expect(await screen.findByText(words)).toBeInTheDocument()
  })

  it('saves a new account and shows it masked; the number does not stay in the form', async () => {
    server.use(mockCall(payoutAccountGet, indonesia()))
    const sent = answerSave(() => ({ ...BCA, last4: '4321', masked: 'BCA •••• 4321', nameCheck: 'pending', payable: false }))
    const { user } = await open()
    const form = await screen.findByRole('region', { name: 'Change the account' })
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Bank' }), 'ID_BCA')
    // Letters are not taken; spaces and dashes between groups are, and the server takes them out.
    await user.type(within(form).getByRole('textbox', { name: 'Account number' }), '0987 6543-2x1')
    await user.click(within(form).getByRole('button', { name: 'Save account' }))

    expect(await screen.findByRole('status')).toHaveTextContent('Saved. Your loan will be paid into BCA, ending in 4321.')
    expect(sent).toEqual([{ kind: 'bank', bankCode: 'ID_BCA', accountNo: '0987 6543-21' }])
    const current = screen.getByRole('region', { name: 'Where your loan is paid' })
    expect(within(current).getByText('BCA •••• 4321')).toBeInTheDocument()
    expect(within(current).queryByText('BCA •••• 7890')).not.toBeInTheDocument()
    expect(within(current).getByText('Being checked: we are asking the bank whose account this is.')).toBeInTheDocument()
    expect(within(form).getByRole('textbox', { name: 'Account number' })).toHaveValue('')
  })

  it('adds an e-wallet, the first account, with the phone’s number pad', async () => {
    server.use(mockCall(payoutAccountGet, indonesia({ account: null })))
    const sent = answerSave(() => ({ kind: 'ewallet', institution: 'DANA', last4: '5678', masked: 'DANA •••• 5678', nameCheck: 'match', payable: true, updatedAt: '2026-12-01T03:00:00Z' }))
    const { user } = await open()
    expect(await screen.findByText('You have not added an account yet.')).toBeInTheDocument()
    const form = screen.getByRole('region', { name: 'Add an account' })
    await user.click(within(form).getByRole('radio', { name: 'E-wallet' }))
    expect(within(form).queryByRole('combobox', { name: 'Bank' })).not.toBeInTheDocument()
    await user.selectOptions(within(form).getByRole('combobox', { name: 'E-wallet' }), 'DANA')
    const phone = within(form).getByRole('textbox', { name: 'E-wallet phone number' })
    expect(phone).toHaveAttribute('inputmode', 'numeric')
    expect(phone).toHaveAttribute('type', 'tel')
    await user.type(phone, '0812 3456 5678')
    await user.click(within(form).getByRole('button', { name: 'Save account' }))
    await screen.findByText('DANA •••• 5678')
    expect(sent).toEqual([{ kind: 'ewallet', provider: 'DANA', phone: '0812 3456 5678' }])
  })

  it('says what is missing before sending, under each field', async () => {
    server.use(mockCall(payoutAccountGet, indonesia()))
    const sent = answerSave(() => BCA)
    const { user } = await open()
    const form = await screen.findByRole('region', { name: 'Change the account' })
    await user.click(within(form).getByRole('button', { name: 'Save account' }))
    const bank = within(form).getByRole('combobox', { name: 'Bank' })
    expect(bank).toHaveFocus()
    expect(bank).toHaveAttribute('aria-invalid', 'true')
    expect(bank).toHaveAccessibleDescription('Please choose your bank.')
    expect(within(form).getByRole('textbox', { name: 'Account number' })).toHaveAccessibleDescription(
      'Digits only, as in your bank app or book. Please enter the account number.',
    )
    expect(sent).toHaveLength(0)
  })

  it('shows the server’s refusals under their fields, and one of no field on screen as the form’s', async () => {
    server.use(mockCall(payoutAccountGet, indonesia()))
    const sent = answerSave(() => ({
      code: ERROR_CODES.payoutAccountRefused,
      status: 422,
      message: 'The account details are not valid. Check the fields marked.',
      data: { refusals: [{ field: 'accountNo', reason: 'accountNoLength', message: 'A BCA account number has 10 digits.' }] },
    }))
    const { user } = await open()
    const form = await screen.findByRole('region', { name: 'Change the account' })
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Bank' }), 'ID_BCA')
    await user.type(within(form).getByRole('textbox', { name: 'Account number' }), '12345')
    await user.click(within(form).getByRole('button', { name: 'Save account' }))

    const number = within(form).getByRole('textbox', { name: 'Account number' })
    await waitFor(() => expect(number).toHaveAttribute('aria-invalid', 'true'))
    expect(number).toHaveAccessibleDescription('Digits only, as in your bank app or book. A BCA account number has 10 digits.')
    expect(number).toHaveFocus()
    expect(number).toHaveValue('12345')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(sent).toHaveLength(1)

    answerSave(() => ({
      code: ERROR_CODES.payoutAccountRefused,
      status: 422,
      message: 'The account details are not valid. Check the fields marked.',
      data: { refusals: [{ field: 'kind', reason: 'unknownKind', message: 'This kind of account is not taken in your market.' }] },
    }))
    await user.click(within(form).getByRole('button', { name: 'Save account' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This kind of account is not taken in your market.')
    expect(number).not.toHaveAttribute('aria-invalid')
  })

  it('says the account cannot change while a loan is on its way to it, and keeps the form shut', async () => {
    server.use(mockCall(payoutAccountGet, indonesia({ canChange: false })))
    await open()
    const form = await screen.findByRole('region', { name: 'Change the account' })
    expect(within(form).getByText('Your loan is being sent to this account. You can change it once the money has arrived.')).toBeInTheDocument()
    expect(within(form).getByRole('combobox', { name: 'Bank' })).toBeDisabled()
    expect(within(form).getByRole('textbox', { name: 'Account number' })).toBeDisabled()
    expect(within(form).getByRole('radio', { name: 'E-wallet' })).toBeDisabled()
    expect(within(form).getByRole('button', { name: 'Save account' })).toBeDisabled()
    expect(form.querySelector('form')).toHaveAccessibleDescription(
      'Your loan is being sent to this account. You can change it once the money has arrived.',
    )
  })

  it('shuts the form with the server’s message when a payout started meanwhile', async () => {
    server.use(mockCall(payoutAccountGet, indonesia()))
    answerSave(() => ({
      code: ERROR_CODES.payoutAccountLocked,
      status: 409,
      message: 'Your loan is being sent to this account. You can change it once the money has arrived. (server)',
    }))
    const { user } = await open()
    const form = await screen.findByRole('region', { name: 'Change the account' })
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Bank' }), 'ID_MANDIRI')
    await user.type(within(form).getByRole('textbox', { name: 'Account number' }), '1230004567890')
    await user.click(within(form).getByRole('button', { name: 'Save account' }))
    expect(await within(form).findByText(/\(server\)$/)).toBeInTheDocument()
    expect(within(form).getByRole('textbox', { name: 'Account number' })).toBeDisabled()
    expect(within(form).getByRole('button', { name: 'Save account' })).toBeDisabled()
  })

  it('asks for the identity first, in the app, and offers no form before it', async () => {
    server.use(mockCall(payoutAccountGet, indonesia({ account: null, canChange: false, hasIdentity: false })))
    await open()
    expect(await screen.findByRole('heading', { level: 2, name: 'Complete your identity first' })).toBeInTheDocument()
    expect(screen.getByText('Verify your identity in the Kilat app, then come back here to add the account your loan is paid into.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save account' })).not.toBeInTheDocument()
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
  })

  it('India: the branch by its IFSC, or a UPI id', async () => {
    server.use(
      mockCall(payoutAccountGet, {
        account: { kind: 'upi', institution: 'okaxis', last4: null, masked: 'pri•••@okaxis', nameCheck: 'match', payable: true, updatedAt: '2026-11-30T03:00:00Z' },
        canChange: true,
        hasIdentity: true,
        kinds: ['bank', 'upi'],
        banks: [],
        wallets: [],
      }),
    )
    const sent = answerSave(() => ({ kind: 'bank', institution: 'HDFC0001234', last4: '9012', masked: 'HDFC0001234 •••• 9012', nameCheck: 'match', payable: true, updatedAt: '2026-12-01T03:00:00Z' }))
    const { user } = await open('isNeedPop=1&lang=en')
    // A UPI id has no digits to keep: it is shown as masked.
    expect(await screen.findByText('pri•••@okaxis')).toBeInTheDocument()
    const form = screen.getByRole('region', { name: 'Change the account' })
    expect(within(form).getByRole('radio', { name: 'UPI ID' })).toBeChecked()
    expect(within(form).getByRole('textbox', { name: 'UPI ID' })).toHaveAttribute('inputmode', 'email')
    await user.click(within(form).getByRole('radio', { name: 'Bank account' }))
    await user.type(within(form).getByRole('textbox', { name: 'IFSC' }), 'HDFC0001234')
    await user.type(within(form).getByRole('textbox', { name: 'Account number' }), '123456789012')
    await user.click(within(form).getByRole('button', { name: 'Save account' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Saved. Your loan will be paid into HDFC0001234, ending in 9012.')
    expect(sent).toEqual([{ kind: 'bank', ifsc: 'HDFC0001234', accountNo: '123456789012' }])
  })

  it('Mexico, in Spanish: a CLABE on the number pad, or a debit card', async () => {
    server.use(
      mockCall(payoutAccountGet, {
        account: null,
        canChange: true,
        hasIdentity: true,
        kinds: ['clabe', 'debitCard'],
        banks: [],
        wallets: [],
      }),
    )
    const { user } = await open('market=MX')
    expect(await screen.findByRole('heading', { level: 1, name: 'Cuenta para recibir' })).toBeInTheDocument()
    const form = screen.getByRole('region', { name: 'Agregar una cuenta' })
    const clabe = within(form).getByRole('textbox', { name: 'CLABE' })
    expect(clabe).toHaveAttribute('inputmode', 'numeric')
    expect(clabe).toHaveAccessibleDescription('18 dígitos: en la app de tu banco o en tu estado de cuenta.')
    await user.click(within(form).getByRole('radio', { name: 'Tarjeta de débito' }))
    expect(within(form).getByRole('textbox', { name: 'Número de tarjeta de débito' })).toHaveAttribute('autocomplete', 'cc-number')
  })

  it('speaks Indonesian by default', async () => {
    server.use(mockCall(payoutAccountGet, indonesia()))
    await open('')
    expect(await screen.findByRole('heading', { level: 1, name: 'Rekening penerima' })).toBeInTheDocument()
    expect(screen.getByText('BCA, berakhiran 7890')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Nomor rekening' })).toBeInTheDocument()
  })
})
