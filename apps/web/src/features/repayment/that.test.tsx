import { ERRORS, generateVcode, submitUtr, vcodeStatus, type VirtualAccount } from '@kilat/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { fail, mockCall, server, type Failure } from '../../test/msw'
import { renderApp } from '../../test/render-app'
import { saveChoice } from './choice'
import { accountStatus, bankAccount, marketAccount } from './test-fixtures'
import { POLL_INTERVAL_MS } from './use-payment-watch'

type Status = ReturnType<typeof accountStatus>

function answer(account: VirtualAccount | Failure | (() => VirtualAccount), statuses: Status[] = [accountStatus()]) {
  const sent: Record<string, string>[] = []
  const polled: string[] = []
  server.use(
    mockCall(generateVcode, ({ form }) => {
      sent.push(Object.fromEntries(form))
      return typeof account === 'function' ? account() : account
    }),
    mockCall(vcodeStatus, ({ query }) => {
      polled.push(query.get('accountId') ?? '')
      // The last answer repeats.
      return statuses[Math.min(polled.length, statuses.length) - 1] ?? accountStatus()
    }),
  )
  return { sent, polled }
}

const BANK_URL = '/that?orderId=K2026000005&productId=5&payCode=BCA&payType=1&isDefault=0&lang=en'

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state })
  document.dispatchEvent(new Event('visibilitychange'))
}

afterEach(() => setVisibility('visible'))

describe('/that', () => {
  it('shows the bank account with its total, bill, method, expiry and the named step groups, as Pelunasan', async () => {
    const { sent } = answer(bankAccount())
    await renderApp('/that?orderId=K2026000005&productId=5&payCode=BCA&payType=1&isDefault=1&specificNum=2&group=1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Pelunasan' })).toBeInTheDocument()
    expect(sent).toEqual([
      expect.objectContaining({ orderId: 'K2026000005', productId: '5', payCode: 'BCA', pay_type: '1', is_default: '1', is_display: '1', specific_num: '2', purpose: 'repay' }),
    ])
    const card = screen.getByRole('region', { name: 'Nomor virtual account' })
    expect(card.querySelector('output')).toHaveTextContent(/^3935800012345678$/)
    expect(within(card).getByText('Total pembayaran').nextSibling).toHaveTextContent('Rp 2.575.000,00')
    expect(within(card).getByText('Nomor tagihan').nextSibling).toHaveTextContent('K2026000005')
    expect(within(card).getByText('Metode pembayaran').nextSibling).toHaveTextContent('BCA')
    expect(within(card).getByText('Bayar sebelum').nextSibling).toHaveTextContent('2026-04-02 10:00:00')

    const steps = screen.getByRole('region', { name: 'Cara membayar' })
    const groups = steps.querySelectorAll('details')
    expect([...groups].map((g) => g.querySelector('summary')?.textContent)).toEqual(['ATM BCA', 'm-BCA (BCA mobile)'])
    // The channel chosen on /individual opens first.
    expect([...groups].map((g) => g.open)).toEqual([false, true])
    expect(within(groups[1]!).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Buka aplikasi BCA mobile.', 'Pilih m-Transfer, lalu BCA Virtual Account.'])
    expect(within(steps).getByText(/slip setoran/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Hubungi layanan pelanggan/ })).toHaveAttribute('href', '/customer-service')
    expect(screen.getByRole('button', { name: 'TELAH MEMBAYAR' })).toBeInTheDocument()
  })

  it('shows a mini market’s steps as one numbered list, the amount in the order’s market', async () => {
    answer(marketAccount({ amount: 2_575_000_00, market: 'IN' }), [accountStatus({ accountId: 42 })])
    await renderApp('/that?orderId=K2026000005&payCode=ALFAMART&payType=2&lang=en')
    const card = await screen.findByRole('region', { name: 'Payment code' })
    expect(card.querySelector('output')).toHaveTextContent(/^ALF8800123456$/)
    expect(within(card).getByText('Total payment').nextSibling).toHaveTextContent('₹25,75,000.00')
    const steps = screen.getByRole('region', { name: 'How to pay' })
    expect(steps.querySelector('details')).toBeNull()
    const list = within(steps).getByRole('list')
    expect(list.tagName).toBe('OL')
    expect(within(list).getAllByRole('listitem')).toHaveLength(3)
  })

  it('copies the account number and says so', async () => {
    answer(bankAccount())
    const { user } = await renderApp(BANK_URL)
    await user.click(await screen.findByRole('button', { name: 'Copy' }))
    expect(await screen.findByText('Copied')).toBeInTheDocument()
    await expect(navigator.clipboard.readText()).resolves.toBe('3935800012345678')
  })

  it('shows the account in groups of four that wrap only between groups, with no character between them', async () => {
    answer(bankAccount())
    await renderApp(BANK_URL)
    const card = await screen.findByRole('region', { name: 'Virtual account number' })
    const output = card.querySelector('output')!
    expect([...output.querySelectorAll('span')].map((group) => group.textContent)).toEqual(['3935', '8000', '1234', '5678'])
    // each group an inline block (the stylesheet): a line breaks only between groups, and a copy
    // by hand gives the digits alone
    expect([...output.childNodes].map((child) => child.nodeName)).toEqual(['SPAN', 'SPAN', 'SPAN', 'SPAN'])
    expect(output.textContent).toBe('3935800012345678')
  })

  it('opens the tips popup on I HAVE PAID: cancel closes it, yes checks the payment at once', async () => {
    const { polled } = answer(bankAccount())
    const { user } = await renderApp(BANK_URL)
    await user.click(await screen.findByRole('button', { name: 'I HAVE PAID' }))
    const dialog = await screen.findByRole('dialog', { name: 'Tips' })
    expect(within(dialog).getByText(/will be confirmed soon/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'CANCEL' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'I HAVE PAID' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Tips' })).getByRole('button', { name: 'YES' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByText(/We are checking your payment/)).toHaveAttribute('role', 'status')
    await waitFor(() => expect(polled).toEqual(['41']))
  })

  it('turns paid by itself within seconds of the payment, and offers the loan details', async () => {
    const { polled } = answer(bankAccount(), [accountStatus({ status: 'paid', orderStatus: 200, paidAt: '2026-04-01 10:02:03' })])
    await renderApp(BANK_URL)
    await screen.findByRole('button', { name: 'I HAVE PAID' })
    expect(polled).toEqual([])
    expect(await screen.findByRole('heading', { name: 'Payment received' }, { timeout: 3 * POLL_INTERVAL_MS })).toBeInTheDocument()
    expect(screen.getByText('Thank you! We received your payment of Rp 2.575.000,00 on 2026-04-01 10:02:03.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See loan details' })).toHaveAttribute('href', '/loan-detail?orderId=K2026000005&productId=5&lang=en')
    expect(screen.queryByRole('button', { name: 'I HAVE PAID' })).not.toBeInTheDocument()
    expect(polled).toEqual(['41'])
    // Paid: no more asking.
    await act(() => new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS + 300)))
    expect(polled).toHaveLength(1)
  }, 15_000)

  it('does not ask while the page is hidden, and asks at once when it shows again', async () => {
    const { polled } = answer(bankAccount())
    await renderApp(BANK_URL)
    await screen.findByRole('button', { name: 'I HAVE PAID' })
    setVisibility('hidden')
    await act(() => new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS + 300)))
    expect(polled).toEqual([])
    act(() => setVisibility('visible'))
    await waitFor(() => expect(polled).toEqual(['41']))
  }, 10_000)

  it('says when the account expired and gets a new one', async () => {
    let issued = 0
    const { sent } = answer(() => bankAccount(issued++ === 0 ? {} : { accountId: 43, vcode: '3935800099999999' }), [accountStatus({ status: 'expired' })])
    const { user } = await renderApp(BANK_URL)
    const renew = await screen.findByRole('button', { name: 'Get a new account' }, { timeout: 3 * POLL_INTERVAL_MS })
    expect(screen.getByRole('heading', { name: 'This account has expired' })).toBeInTheDocument()
    expect(document.querySelector('output')).toBeNull()
    await user.click(renew)
    await waitFor(() => expect(document.querySelector('output')).toHaveTextContent(/^3935800099999999$/))
    expect(sent).toHaveLength(2)
  }, 10_000)

  it('takes India’s bank transfer UTR: 12 digits, then shows the one submitted', async () => {
    answer(bankAccount({ payCode: 'BANK_TRANSFER', payName: 'Bank transfer (IMPS)', accountId: 44, market: 'IN' }), [accountStatus({ accountId: 44 })])
    const utrs: string[] = []
    server.use(
      mockCall(submitUtr, ({ form }) => {
        utrs.push(`${form.get('orderId')}/${form.get('accountId')}/${form.get('utr')}`)
        return { accountId: 44, utr: form.get('utr') ?? '' }
      }),
    )
    const { user } = await renderApp('/that?orderId=K2026000005&payCode=BANK_TRANSFER&payType=1&market=IN&lang=en')
    const input = await screen.findByRole('textbox', { name: 'UTR number' })
    await user.type(input, '12345a')
    await user.click(screen.getByRole('button', { name: 'Submit UTR' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the 12 digits of the UTR.')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription(/12-digit UTR.*Enter the 12 digits/)
    expect(utrs).toEqual([])

    await user.type(input, '6789012')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Submit UTR' }))
    expect(await screen.findByText('UTR 123456789012 submitted. We will confirm your payment soon.')).toBeInTheDocument()
    expect(utrs).toEqual(['K2026000005/44/123456789012'])
  })

  it('shows the server’s message when no account can be issued, without a retry that cannot help', async () => {
    answer(fail(ERRORS.nothingOwed.code, 'There is nothing to pay on this order.', 409))
    await renderApp(BANK_URL)
    expect(await screen.findByText('There is nothing to pay on this order.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Could not load this page' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
  })

  it('names the missing order, and takes is_default from the stored choice when the address has none', async () => {
    const first = await renderApp('/that?lang=en')
    expect(await screen.findByText(/needs an order ID \(orderId\)/)).toBeInTheDocument()
    first.unmount()

    saveChoice({ payType: 2, payCode: 'ALFAMART', specificNum: 0, isDefault: 1 })
    const { sent } = answer(marketAccount(), [accountStatus({ accountId: 42 })])
    await renderApp('/that?orderId=K2026000005&payCode=ALFAMART&payType=2&lang=en')
    await screen.findByRole('region', { name: 'Payment code' })
    expect(sent[0]).toMatchObject({ payCode: 'ALFAMART', pay_type: '2', is_default: '1' })
  })
})
