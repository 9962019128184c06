import { demoLastSms, demoOrders, ERRORS, identitySet, loginInit, payoutAccountSet, sendSmsCode, smsLogin, userInfo, type DataOf } from '@kilat/contract'
import { checkIdentityID, ORDER_STATUS, type IdentityID } from '@kilat/domain'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { envelope, fail, mockCall, server } from '../../test/msw'
import { renderApp } from '../../test/render-app'
import { STORAGE_KEY } from './fields'

const SESSIONS: Record<string, string> = { 'demo-borrower': '+62812****7890', 'new-session': '+62813****1111' }

/** The demo borrower's orders as the server lists them (by order number). */
const DEMO_ORDERS = [
  { orderNo: 'K2026000001', productId: 1, productName: 'Dana Kilat', status: ORDER_STATUS.submitted },
  { orderNo: 'K2026000006', productId: 6, productName: 'Kilat Plus', status: ORDER_STATUS.overdue },
  { orderNo: 'K2026000007', productId: 7, productName: 'Kilat Cepat', status: ORDER_STATUS.settled },
  { orderNo: 'K2026000010', productId: 10, productName: 'Mitra Dana', status: ORDER_STATUS.partnerOverdue },
]

beforeEach(() => {
  server.use(
    mockCall(loginInit, { market: 'ID', callingCode: '62', codeLength: 6, resendSeconds: 60, demo: true }),
    mockCall(userInfo, ({ query }) => {
      const phone = SESSIONS[query.get('tok') ?? '']
      return phone ? { phone, market: 'ID', name: null } : fail(ERRORS.sessionRequired.code, 'Your session has ended. Please log in again.', 401)
    }),
    mockCall(demoOrders, ({ query }) =>
      query.get('tok') === 'demo-borrower'
        ? { productId: 4, orders: DEMO_ORDERS }
        : SESSIONS[query.get('tok') ?? '']
          ? { productId: 4, orders: [] }
          : fail(ERRORS.sessionRequired.code, 'Your session has ended. Please log in again.', 401),
    ),
    mockCall(sendSmsCode, { resendSeconds: 60 }),
    mockCall(demoLastSms, ({ query }) => ({ code: query.get('phone') === '081311111111' ? '123456' : null, sentAt: null })),
    mockCall(smsLogin, ({ form }) =>
      form.get('code') === '123456'
        ? { sessionId: 'new-session', expiresAt: '2030-01-01T00:00:00Z', phone: '+62813****1111' }
        : fail(ERRORS.smsCodeInvalid.code, 'Please enter the SMS code correctly.'),
    ),
  )
})

describe('/testPreview', () => {
  it('has a title, the device fields from the address, and says when nobody is signed in', async () => {
    await renderApp('/testPreview?lang=en&dId=phone-1&aVer=2.0.1&tok=expired')
    expect(await screen.findByRole('heading', { level: 1, name: 'Test preview' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Test preview · Kilat'))
    expect(screen.getByLabelText('Device ID')).toHaveValue('phone-1')
    expect(screen.getByLabelText('App version')).toHaveValue('2.0.1')
    expect(screen.getByLabelText('Session ID')).toHaveValue('expired')
    expect(await screen.findByText('Not signed in. Sign in below or use the demo borrower.')).toBeInTheDocument()
  })

  it('shows who is signed in for a valid session, and fills the demo borrower', async () => {
    const { user } = await renderApp('/testPreview?lang=en')
    await screen.findByRole('heading', { level: 1, name: 'Test preview' })
    await user.click(screen.getByRole('button', { name: 'Use demo borrower' }))
    expect(screen.getByLabelText('Session ID')).toHaveValue('demo-borrower')
    expect(await screen.findByText('Signed in as +62812****7890')).toBeInTheDocument()
  })

  it('offers the demo borrowers of the selected market', async () => {
    const { user } = await renderApp('/testPreview?lang=en')
    const session = await screen.findByLabelText('Session ID')
    const indonesia = screen.getByRole('group', { name: 'Demo borrowers of Indonesia' })
    await user.click(within(indonesia).getByRole('button', { name: 'Use the second demo borrower' }))
    expect(session).toHaveValue('demo-borrower-2')

    await user.selectOptions(screen.getByLabelText('Market'), 'IN')
    const india = screen.getByRole('group', { name: 'Demo borrowers of India' })
    expect(within(india).getAllByRole('button')).toHaveLength(1)
    await user.click(within(india).getByRole('button', { name: 'Use demo borrower' }))
    expect(session).toHaveValue('demo-borrower-in')

    await user.selectOptions(screen.getByLabelText('Market'), 'MX')
    await user.click(within(screen.getByRole('group', { name: 'Demo borrowers of Mexico' })).getByRole('button', { name: 'Use demo borrower' }))
    expect(session).toHaveValue('demo-borrower-mx')
  })

  it('names the demo buttons in Indonesian and Spanish too', async () => {
    const id = await renderApp('/testPreview')
    const group = await screen.findByRole('group', { name: 'Peminjam demo Indonesia' })
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['Pakai peminjam demo', 'Pakai akun demo kedua'])
    id.unmount()
    await renderApp('/testPreview?market=MX')
    const mx = await screen.findByRole('group', { name: 'Prestatarios de demostración de México' })
    expect(within(mx).getAllByRole('button').map((b) => b.textContent)).toEqual(['Usar prestatario de demostración'])
  })

  it('keeps the fields on this device across reloads, the address winning', async () => {
    const first = await renderApp('/testPreview?lang=en')
    const name = await screen.findByLabelText('Device name')
    await first.user.clear(name)
    await first.user.type(name, 'Redmi 9A')
    await first.user.selectOptions(screen.getByLabelText('Market'), 'IN')
    await first.user.selectOptions(screen.getByLabelText('Language'), 'es')
    await waitFor(() => expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}')).toMatchObject({ deviceName: 'Redmi 9A', market: 'IN', lang: 'es' }))
    first.unmount()

    await renderApp('/testPreview?lang=en')
    await waitFor(() => expect(screen.getByLabelText('Device name')).toHaveValue('Redmi 9A'))
    expect(screen.getByLabelText('Market')).toHaveValue('IN')
    // What the address says for this load wins over what was stored.
    expect(screen.getByLabelText('Language')).toHaveValue('en')
  })

  it('links to every screen with the fields as query parameters in the app shell’s naming', async () => {
    const { user } = await renderApp('/testPreview?lang=en')
    await screen.findByRole('heading', { level: 1, name: 'Test preview' })
    const fill = async (label: string, value: string) => {
      const input = screen.getByLabelText(label)
      await user.clear(input)
      await user.type(input, value)
    }
    await fill('Session ID', 'tok-1')
    await fill('Advertising ID', 'ad-9')
    await fill('Product ID', '12')
    await fill('Order ID', 'ORD-7')
    await user.selectOptions(screen.getByLabelText('Market'), 'IN')
    await user.selectOptions(screen.getByLabelText('Language'), 'en')

    const link = screen.getByRole('link', { name: /Loan details/ })
    const href = new URL(link.getAttribute('href') ?? '', 'http://x')
    expect(href.pathname).toBe('/loan-detail')
    expect(Object.fromEntries(href.searchParams)).toEqual({
      tok: 'tok-1', dId: 'preview-device', aVer: '1.0.0', dNa: 'Preview browser', oVer: 'Web',
      gid: 'ad-9', productId: '12', orderId: 'ORD-7', isNeedPop: '1', lang: 'en',
    })
    for (const [name, path] of [
      ['Confirm loan', '/loan-confirm'], ['Repay', '/individual'], ['Extension', '/repay-delay'], ['Bind bank card', '/bind-bank'],
      ['About us', '/about-us'], ['Complaint', '/complaint'], ['Customer service', '/customer-service'],
      ['Privacy policy', '/privacy-policy'], ['Repayment instructions', '/repayment-instructions'],
      ['My complaints', '/complaintList'], ['Special offers', '/relevant'], ['Register', '/register'],
    ] as const) {
      const screenLink = screen.getAllByRole('link', { name: new RegExp(`^${name}`) })[0]
      expect(new URL(screenLink?.getAttribute('href') ?? '', 'http://x').pathname).toBe(path)
    }
  })

  it('signs in with the demo outbox code and fills the session id', async () => {
    const { user } = await renderApp('/testPreview?lang=en')
    await screen.findByText('Not signed in. Sign in below or use the demo borrower.')
    const signIn = screen.getByRole('region', { name: 'Sign in' })
    await user.type(within(signIn).getByLabelText('Phone number'), '0813-1111 1111')
    expect(within(signIn).getByLabelText('Phone number')).toHaveValue('081311111111')
    await user.click(within(signIn).getByRole('button', { name: 'Get code' }))

    expect(await screen.findByText('Code sent. Please check your phone.')).toBeInTheDocument()
    const resend = await within(signIn).findByRole('button', { name: /Wait (60|59) s/ })
    expect(resend).toBeDisabled()
    expect(await within(signIn).findByText('123456')).toBeInTheDocument()

    await user.click(within(signIn).getByRole('button', { name: 'Use this code' }))
    expect(within(signIn).getByLabelText('SMS code')).toHaveValue('123456')
    await user.click(within(signIn).getByRole('button', { name: 'Sign in' }))

    await waitFor(() => expect(screen.getByLabelText('Session ID')).toHaveValue('new-session'))
    expect(await screen.findByText('Signed in as +62813****1111')).toBeInTheDocument()
  })

  it('shows the server’s message for a wrong code', async () => {
    const { user } = await renderApp('/testPreview?lang=en')
    await screen.findByText('Not signed in. Sign in below or use the demo borrower.')
    const signIn = screen.getByRole('region', { name: 'Sign in' })
    await user.type(within(signIn).getByLabelText('Phone number'), '081311111111')
    await user.type(within(signIn).getByLabelText('SMS code'), '000000')
    await user.click(within(signIn).getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Please enter the SMS code correctly.')).toBeInTheDocument()
    expect(screen.getByLabelText('Session ID')).toHaveValue('')
  })

  it('is in Indonesian by default', async () => {
    await renderApp('/testPreview')
    expect(await screen.findByRole('heading', { level: 1, name: 'Pratinjau uji' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Kirim kode' })).toBeInTheDocument()
    expect(screen.getByLabelText('Nomor ponsel')).toBeInTheDocument()
  })
})

describe('/testPreview demo orders', () => {
  it('fills the product and order ids with the demo borrower’s and links each order by status', async () => {
    await renderApp('/testPreview?lang=en&tok=demo-borrower&dId=phone-1')
    const section = await screen.findByRole('region', { name: 'Demo orders' })
    await waitFor(() => expect(screen.getByLabelText('Product ID')).toHaveValue('4'))
    expect(screen.getByLabelText('Order ID')).toHaveValue('K2026000001')

    const links = within(section).getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual([
      'New loan Product 4',
      'Under review K2026000001 · Dana Kilat',
      'Overdue K2026000006 · Kilat Plus',
      'Settled K2026000007 · Kilat Cepat',
      'Overdue with our partner K2026000010 · Mitra Dana',
    ])
    const overdue = new URL(within(section).getByRole('link', { name: /^Overdue K2026000006/ }).getAttribute('href')!, 'http://x')
    expect(overdue.pathname).toBe('/loan-detail')
    expect(Object.fromEntries(overdue.searchParams)).toMatchObject({ orderId: 'K2026000006', productId: '6', tok: 'demo-borrower', dId: 'phone-1', lang: 'en' })
    const newLoan = new URL(within(section).getByRole('link', { name: /^New loan/ }).getAttribute('href')!, 'http://x')
    expect(newLoan.pathname).toBe('/loan-confirm')
    expect(newLoan.searchParams.get('productId')).toBe('4')
    expect(newLoan.searchParams.has('orderId')).toBe(false)
    // The main screen links now open working screens too.
    const detail = new URL(screen.getAllByRole('link', { name: /^Loan details/ })[0]!.getAttribute('href')!, 'http://x')
    expect(detail.searchParams.get('orderId')).toBe('K2026000001')
  })

  it('names the statuses in the page’s language and keeps the ids the address gave', async () => {
    await renderApp('/testPreview?lang=es&tok=demo-borrower&productId=9')
    const section = await screen.findByRole('region', { name: 'Pedidos de demostración' })
    expect(within(section).getByRole('link', { name: /^Vencido con nuestro socio K2026000010/ })).toBeInTheDocument()
    await waitFor(() => expect(screen.getByLabelText('ID del pedido')).toHaveValue('K2026000001'))
    expect(screen.getByLabelText('ID del producto')).toHaveValue('9')
  })

  it('shows no demo orders without a borrower, nor outside demo mode', async () => {
    const first = await renderApp('/testPreview?lang=en')
    await screen.findByText('Not signed in. Sign in below or use the demo borrower.')
    expect(screen.queryByRole('region', { name: 'Demo orders' })).not.toBeInTheDocument()
    first.unmount()

    server.use(mockCall(loginInit, { market: 'ID', callingCode: '62', codeLength: 6, resendSeconds: 60, demo: false }))
    await renderApp('/testPreview?lang=en&tok=demo-borrower')
    await screen.findByText('Signed in as +62812****7890')
    expect(screen.queryByRole('region', { name: 'Demo orders' })).not.toBeInTheDocument()
    expect(screen.getByLabelText('Order ID')).toHaveValue('')
  })
})

describe('/testPreview bridge box', () => {
  it('sends the chosen message, here through the browser fallback', async () => {
    const { user } = await renderApp('/testPreview?lang=en')
    const bridge = await screen.findByRole('region', { name: 'App bridge' })
    expect(within(bridge).getByText(/In a browser/)).toBeInTheDocument()
    await user.selectOptions(within(bridge).getByLabelText('Message'), 'toRate')
    expect(within(bridge).getByLabelText('Payload')).toHaveTextContent('{"score":5}')
    await user.click(within(bridge).getByRole('button', { name: 'Send' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('toRate')).toBeInTheDocument()
  })
})

/**
 * A KYC call's JSON bodies as sent, and the answer `reply` gives each: the call's data, or a
 * failure envelope with its code, message and data.
 */
function answerJson<C extends typeof identitySet | typeof payoutAccountSet>(
  call: C,
  reply: (body: Record<string, unknown>) => DataOf<C> | { code: number; message: string; status: number; data?: unknown },
) {
  const sent: { body: Record<string, unknown>; tok: string | null }[] = []
  server.use(
    http.post(call.path, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      sent.push({ body, tok: new URL(request.url).searchParams.get('tok') })
      const answer = reply(body)
      if ('status' in answer) return HttpResponse.json({ code: answer.code, data: answer.data ?? null, message: answer.message }, { status: answer.status })
      return HttpResponse.json(envelope(call, answer))
    }),
  )
  return sent
}

const IDENTITY_VIEW = {
  market: 'ID', fullName: 'Dewi Lestari', documentKind: 'nik', documentNumber: '', birthDate: '', gender: 'female', placeOfBirth: 'Bandung', rfc: null,
  aadhaarLastFour: null, address: { street: '', provinceCode: '32', cityCode: '3273', pinCode: null, postalCode: null },
  kyc: { vendor: 'demo-kyc', reference: 'DEMO-KYC-1', result: 'verified', checkedAt: '2026-12-02T08:00:00Z' }, version: 1, updatedAt: '2026-12-02T08:00:00Z',
} as const satisfies DataOf<typeof identitySet>['identity']

describe('/testPreview identity and payout account steps', () => {
  it('sends a made-up identity of the borrower’s market that passes its checks, for the session in the fields', async () => {
    const sent = answerJson(identitySet, (body) => ({ identity: { ...IDENTITY_VIEW, documentNumber: String(body.nik) } }))
    const { user } = await renderApp('/testPreview?lang=en&tok=demo-borrower')
    const step = await screen.findByRole('region', { name: 'Identity' })
    expect(within(step).getByLabelText('Full name')).toHaveValue('Dewi Lestari')
    expect(within(step).getByLabelText('NIK')).toHaveAttribute('inputmode', 'numeric')
    expect(within(step).getByLabelText('Province code')).toHaveValue('32')
    expect(within(step).getByLabelText('City code')).toHaveValue('3273')
    expect(within(step).queryByLabelText('PAN')).not.toBeInTheDocument()
    await user.click(within(step).getByRole('button', { name: 'Send identity' }))

    expect(await within(step).findByText('Identity saved (version 1).')).toBeInTheDocument()
    expect(sent).toHaveLength(1)
    const [{ body, tok }] = sent as [(typeof sent)[number]]
    expect(tok).toBe('demo-borrower')
    expect(body).toMatchObject({ fullName: 'Dewi Lestari', gender: 'female', placeOfBirth: 'Bandung', address: { provinceCode: '32', cityCode: '3273' } })
    expect(body.kyc).toMatchObject({ vendor: 'demo-kyc', result: 'verified' })
    expect(checkIdentityID(body as unknown as IdentityID, new Date())).toMatchObject({ ok: true })
  })

  it('lists the server’s refusals by field, and a refusal of no field as its message', async () => {
    answerJson(identitySet, () => ({
      code: ERRORS.identityRefused.code,
      status: 422,
      message: 'Some identity details are not valid. Check the fields marked.',
      data: { refusals: [{ field: 'nik', reason: 'birthDateMismatch', message: 'The NIK does not match the birth date.' }] },
    }))
    const { user } = await renderApp('/testPreview?lang=en&tok=demo-borrower')
    const step = await screen.findByRole('region', { name: 'Identity' })
    await user.clear(within(step).getByLabelText('NIK'))
    await user.type(within(step).getByLabelText('NIK'), '3273011708900001')
    await user.click(within(step).getByRole('button', { name: 'Send identity' }))
    const outcome = within(step).getByRole('status')
    expect(await within(outcome).findByText('NIK: The NIK does not match the birth date.')).toBeInTheDocument()
    expect(outcome).toHaveTextContent(/^Refused:/)

    answerJson(identitySet, () => ({ code: ERRORS.identityTaken.code, status: 409, message: 'This ID number is already registered to another account.' }))
    await user.click(within(step).getByRole('button', { name: 'Send identity' }))
    expect(await within(outcome).findByText('This ID number is already registered to another account.')).toBeInTheDocument()
  })

  it('saves the market’s demo account in one tap and links the payout account screen with the fields', async () => {
    const sent = answerJson(payoutAccountSet, () => ({
      account: { kind: 'bank', institution: 'BCA', last4: '7890', masked: 'BCA •••• 7890', nameCheck: 'match', payable: true, updatedAt: '2026-12-02T08:00:00Z' },
    }))
    const { user } = await renderApp('/testPreview?lang=en&tok=demo-borrower&dId=phone-1')
    const step = await screen.findByRole('region', { name: 'Payout account' })
    const link = new URL(within(step).getByRole('link', { name: 'Open the payout account screen' }).getAttribute('href')!, 'http://x')
    expect(link.pathname).toBe('/payout-account')
    expect(Object.fromEntries(link.searchParams)).toMatchObject({ tok: 'demo-borrower', dId: 'phone-1', lang: 'en' })

    await user.click(within(step).getByRole('button', { name: 'Use a demo account' }))
    expect(await within(step).findByText('Account saved: BCA •••• 7890 (name check: match).')).toBeInTheDocument()
    expect(sent).toEqual([{ body: { kind: 'bank', bankCode: 'ID_BCA', accountNo: '1234567890' }, tok: 'demo-borrower' }])

    answerJson(payoutAccountSet, () => ({ code: ERRORS.payoutAccountLocked.code, status: 409, message: 'Your loan is being sent to this account.' }))
    await user.click(within(step).getByRole('button', { name: 'Use a demo account' }))
    expect(await within(step).findByText('Your loan is being sent to this account.')).toBeInTheDocument()
  })

  it('uses the borrower’s own market, not the fields’: India’s PAN and Aadhaar’s last four, and its demo account', async () => {
    server.use(mockCall(userInfo, { phone: '+91 98****1234', market: 'IN', name: null }))
    const sent = answerJson(payoutAccountSet, () => ({
      account: { kind: 'bank', institution: 'HDFC0001234', last4: '9012', masked: 'HDFC0001234 •••• 9012', nameCheck: 'pending', payable: false, updatedAt: '2026-12-02T08:00:00Z' },
    }))
    const { user } = await renderApp('/testPreview?lang=es&tok=demo-borrower-in')
    const identity = await screen.findByRole('region', { name: 'Identidad' })
    expect((within(identity).getByLabelText('PAN') as HTMLInputElement).value).toMatch(/^[A-Z]{3}PV\d{4}[A-Z]$/)
    expect((within(identity).getByLabelText('Aadhaar, últimos cuatro dígitos') as HTMLInputElement).value).toMatch(/^\d{4}$/)
    expect(within(identity).queryByLabelText('NIK')).not.toBeInTheDocument()
    await user.click(within(screen.getByRole('region', { name: 'Cuenta para recibir' })).getByRole('button', { name: 'Usar una cuenta de demostración' }))
    expect(await screen.findByText('Cuenta guardada: HDFC0001234 •••• 9012 (verificación del nombre: pending).')).toBeInTheDocument()
    expect(sent[0]?.body).toEqual({ kind: 'bank', ifsc: 'HDFC0001234', accountNo: '123456789012' })
  })

  it('offers no steps before someone is signed in', async () => {
    await renderApp('/testPreview?lang=en')
    await screen.findByText('Not signed in. Sign in below or use the demo borrower.')
    expect(screen.queryByRole('region', { name: 'Identity' })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Payout account' })).not.toBeInTheDocument()
  })
})
