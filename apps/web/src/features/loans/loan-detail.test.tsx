import { contractList, googleScore, loanDetailConfirm, loanDetails, payoutAccountGet, productJump, serviceEventSave } from '@kilat/contract'
import { ORDER_STATUS } from '@kilat/domain'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { loanConfirm, loanDetailsData, type LoanDetailsData } from '../../test/fixtures'
import { fail, mockCall, server, type MockRequest } from '../../test/msw'
import { recordBridge } from '../../test/native-bridge'
import { renderApp } from '../../test/render-app'

function answer(details: Partial<LoanDetailsData>) {
  const data = loanDetailsData(details)
  server.use(mockCall(loanDetails, ({ query }) => (query.get('orderId') === data.orderNo ? data : fail(1002, 'Not found.', 404))))
  return data
}

const open = (data: LoanDetailsData, extra = '&lang=en') => renderApp(`/loan-detail?productId=${data.productId}&orderId=${data.orderNo}${extra}`)

describe('/loan-detail', () => {
  it('shows the status banner, the product card, and the product’s name as the title', async () => {
    const data = answer({ orderStatus: ORDER_STATUS.due, isDelay: 1 })
    await open(data, '')
    expect(await screen.findByRole('heading', { level: 1, name: 'Kilat Tunai' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Kilat Tunai · Kilat'))
    const banner = screen.getByRole('region', { name: 'Menunggu pembayaran' })
    expect(within(banner).getByText('Silakan bayar sebelum 2026-04-01.')).toBeInTheDocument()
    expect(banner.querySelector('svg[data-status-icon="due"]')).toHaveAttribute('aria-hidden', 'true')
    const card = screen.getByRole('region', { name: 'Kilat Tunai' })
    expect(within(card).getByRole('img', { name: 'Logo Kilat Tunai' })).toBeInTheDocument()
    expect(within(card).getByText('Nomor pesanan').nextSibling).toHaveTextContent('K2026000005')
    expect(within(card).getByText('Jumlah pinjaman').nextSibling).toHaveTextContent('Rp 2.500.000,00')
  })

  it.each([
    { status: 'submitted', isDelay: 0, repay: null, delay: false, loanMore: false, list: true, icon: 'review' },
    { status: 'approved', isDelay: 0, repay: null, delay: false, loanMore: false, list: true, icon: 'approved' },
    { status: 'rejected', isDelay: 0, repay: null, delay: false, loanMore: false, list: true, icon: 'rejected' },
    { status: 'repayingInstallments', isDelay: 0, repay: '/installments', delay: false, loanMore: false, list: false, icon: 'due' },
    { status: 'due', isDelay: 1, repay: '/individual', delay: true, loanMore: false, list: false, icon: 'due' },
    { status: 'due', isDelay: 0, repay: '/individual', delay: false, loanMore: false, list: false, icon: 'due' },
    { status: 'overdue', isDelay: 1, repay: '/individual', delay: true, loanMore: false, list: false, icon: 'overdue' },
    { status: 'partnerRepaying', isDelay: 1, repay: '/individual', delay: true, loanMore: false, list: false, icon: 'due' },
    { status: 'partnerOverdue', isDelay: 0, repay: '/individual', delay: false, loanMore: false, list: false, icon: 'overdue' },
    { status: 'settled', isDelay: 0, repay: null, delay: false, loanMore: true, list: false, icon: 'settled' },
    { status: 'partnerSettled', isDelay: 0, repay: null, delay: false, loanMore: true, list: false, icon: 'settled' },
  ] as const)('$status (isDelay $isDelay): the icon, and the actions or the recommended list', async ({ status, isDelay, repay, delay, loanMore, list, icon }) => {
    // A partner's order without a partner link of its own is repaid through our screens.
    const data = answer({ orderStatus: ORDER_STATUS[status], isDelay, inside: status.startsWith('partner') ? 0 : 1 })
    await open(data)
    await screen.findByRole('heading', { level: 1, name: 'Kilat Tunai' })
    const repayLink = screen.queryByRole('link', { name: 'Repay' })
    if (repay) {
      const href = new URL(repayLink!.getAttribute('href')!, 'http://x')
      expect(href.pathname).toBe(repay)
      expect(Object.fromEntries(href.searchParams)).toEqual({ productId: '5', orderId: 'K2026000005', lang: 'en' })
      expect(screen.getByText('Amount due now')).toHaveTextContent('Rp 2.575.000,00')
    } else expect(repayLink).not.toBeInTheDocument()
    const delayLink = screen.queryByRole('link', { name: 'Extend the due date' })
    if (delay) expect(new URL(delayLink!.getAttribute('href')!, 'http://x').pathname).toBe('/repay-delay')
    else expect(delayLink).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Borrow again' }) !== null).toBe(loanMore)
    // The list is a deferred part: it arrives a moment after the screen.
    if (list) expect(await screen.findByRole('region', { name: 'Recommended for you' })).toBeInTheDocument()
    else expect(screen.queryByRole('region', { name: 'Recommended for you' })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'What you can do' }) !== null).toBe(!list)
    expect(document.querySelector('svg[data-status-icon]')).toHaveAttribute('data-status-icon', icon)
  })

  it('sends the repay button to the method choice with the installments its amount covers', async () => {
    await open(answer({ orderStatus: ORDER_STATUS.overdue, amountDuePeriods: 2 }))
    const href = new URL((await screen.findByRole('link', { name: 'Repay' })).getAttribute('href')!, 'http://x')
    expect(href.pathname).toBe('/individual')
    expect(Object.fromEntries(href.searchParams)).toEqual({ productId: '5', orderId: 'K2026000005', specificNum: '2', lang: 'en' })
  })

  it('repays and extends a partner’s order on the partner’s own page, and shows it no settled tick while overdue', async () => {
    const h5Url = 'https://partner.example/orders/77'
    const data = answer({ orderStatus: ORDER_STATUS.partnerOverdue, isDelay: 1, inside: 0, h5Url })
    await open(data)
    const actions = await screen.findByRole('region', { name: 'What you can do' })
    expect(within(actions).getByRole('link', { name: 'Repay' })).toHaveAttribute('href', h5Url)
    expect(within(actions).getByRole('link', { name: 'Extend the due date' })).toHaveAttribute('href', h5Url)
    expect(document.querySelector('svg[data-status-icon]')).toHaveAttribute('data-status-icon', 'overdue')
  })

  it('keeps our own repayment screens for our own order even with a partner address', async () => {
    const data = answer({ orderStatus: ORDER_STATUS.due, isDelay: 1, inside: 1, h5Url: 'https://partner.example/orders/77' })
    await open(data)
    const actions = await screen.findByRole('region', { name: 'What you can do' })
    expect(new URL(within(actions).getByRole('link', { name: 'Repay' }).getAttribute('href')!, 'http://x').pathname).toBe('/individual')
    expect(new URL(within(actions).getByRole('link', { name: 'Extend the due date' }).getAttribute('href')!, 'http://x').pathname).toBe('/repay-delay')
  })

  it('asks for the amount due in the order’s currency, whichever market the page shows', async () => {
    const data = answer({ orderStatus: ORDER_STATUS.due, market: 'MX', amountDue: 10_910_00 })
    await open(data, '&isNeedPop=1&lang=en')
    expect(await screen.findByText('Amount due now')).toHaveTextContent('$10,910.00')
  })

  it('borrows again from the same product through the shell, recording the event', async () => {
    const data = answer({ orderStatus: ORDER_STATUS.settled })
    const events: MockRequest['form'][] = []
    server.use(
      mockCall(serviceEventSave, ({ form }) => {
        events.push(form)
        return null
      }),
    )
    const sent = recordBridge()
    const { user } = await open(data)
    await user.click(await screen.findByRole('button', { name: 'Borrow again' }))
    expect(sent).toEqual([{ name: 'toP', payload: { productId: '5' } }])
    await waitFor(() => expect(events).toHaveLength(1))
    expect(Object.fromEntries(events[0]!)).toEqual({ productId: '5', moduleId: '30', positionId: '0' })
  })

  it('lists recommended products (grey when not enabled, inert when not global) and jumps to one', async () => {
    const data = answer({ orderStatus: ORDER_STATUS.submitted })
    const events: MockRequest['form'][] = []
    let jump: URLSearchParams | undefined
    server.use(
      mockCall(serviceEventSave, ({ form }) => {
        events.push(form)
        return null
      }),
      mockCall(productJump, ({ form }) => {
        jump = form
        return { url: '/loan-confirm?productId=12', message: 'ok' }
      }),
      mockCall(loanDetailConfirm, loanConfirm({ productId: 12, productName: 'Produk 12' })),
      mockCall(contractList, []),
      mockCall(payoutAccountGet, { account: null, canChange: true, hasIdentity: true, kinds: ['bank', 'ewallet'], banks: [], wallets: [] }),
    )
    const sent = recordBridge()
    const { user, router } = await open(data)
    const list = await screen.findByRole('region', { name: 'Recommended for you' })
    const cards = within(list).getAllByRole('article')
    expect(cards).toHaveLength(3)
    expect(within(cards[1]!).getByRole('button', { name: 'Ajukan' }).className).toContain('grey')
    expect(within(cards[1]!).getByRole('button', { name: 'Ajukan' })).toBeEnabled()
    expect(within(cards[2]!).getByRole('button', { name: 'Ajukan' })).toBeDisabled()

    await user.click(within(list).getByRole('link', { name: 'More products' }))
    expect(sent).toEqual([{ name: 'toHome', payload: {} }])

    await user.click(within(cards[1]!).getByRole('button', { name: 'Ajukan' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/loan-confirm'))
    expect(Object.fromEntries(events[0]!)).toEqual({ productId: '12', moduleId: '300', positionId: '1' })
    expect(Object.fromEntries(jump!)).toEqual({ productId: '12', moduleId: '300', positionId: '1' })
  })

  it('goes home and calls customer service through the shell; links a partner’s order page', async () => {
    const data = answer({ orderStatus: ORDER_STATUS.partnerRepaying, inside: 0, h5Url: 'https://partner.example/orders/77' })
    const sent = recordBridge()
    const { user } = await open(data)
    expect(await screen.findByRole('link', { name: "Open the partner's order page" })).toHaveAttribute('href', 'https://partner.example/orders/77')
    await user.click(screen.getByRole('link', { name: 'Home' }))
    await user.click(screen.getByRole('link', { name: 'Call us: +62 21 5000 0000' }))
    expect(sent).toEqual([
      { name: 'toHome', payload: {} },
      { name: 'callTelephone', payload: { phone: '+62 21 5000 0000' } },
    ])
  })

  it('shows the latest payment once there is one, in each language', async () => {
    const lastPayment = { amount: 1_000_000_00, amountText: 'Rp 1.000.000,00', paidAt: '2026-03-10 09:30:00', method: 'BCA Virtual Account' }
    const data = answer({ orderStatus: ORDER_STATUS.repayingInstallments, lastPayment })
    const { unmount } = await open(data)
    const payment = await screen.findByRole('region', { name: 'Latest payment' })
    expect(within(payment).getByText('Amount').nextSibling).toHaveTextContent('Rp 1.000.000,00')
    expect(within(payment).getByText('Paid on').nextSibling).toHaveTextContent('2026-03-10 09:30:00')
    expect(within(payment).getByText('Method').nextSibling).toHaveTextContent('BCA Virtual Account')
    unmount()

    await open(data, '')
    expect(within(await screen.findByRole('region', { name: 'Pembayaran terakhir' })).getByText('Dibayar pada')).toBeInTheDocument()
  })

  // docs/product/money-rules.md#cooling-off
  it('offers India’s cooling-off exit while it is open, with a button that repays everything', async () => {
    const text = 'You may end this loan by paying ₹3,002.70 (the principal and the interest of the days used, no penalty) until 2026-03-05; after that day, ₹3,324.00 is due by 2026-06-01.'
    const coolingOff = { amount: 3_002_70, amountText: '₹3,002.70', lastDay: '2026-03-05', text }
    // the banner's own description names the amount due by the due date: never beside the exit's
    const data = answer({
      orderStatus: ORDER_STATUS.due,
      market: 'IN',
      noticeStatusText: 'Due',
      noticeDesText: 'Please pay ₹3,324.00 by 2026-06-01.',
      amountDue: 3_002_70,
      coolingOff,
    })
    await open(data)
    const offer = await screen.findByRole('region', { name: 'Cooling-off period' })
    expect(within(offer).getByText(text)).toBeInTheDocument()
    // one sentence on the screen says what to pay now: the banner gives way to it
    expect(screen.getAllByText(text)).toHaveLength(1)
    expect(screen.queryByText(/Please pay/)).not.toBeInTheDocument()
    const banner = screen.getByRole('region', { name: 'Due' })
    expect(banner).not.toHaveTextContent('₹3,324.00')
    expect(screen.getByText('Amount due now')).toHaveTextContent('₹3,002.70')
    const href = new URL(within(offer).getByRole('link', { name: 'End the loan now' }).getAttribute('href')!, 'http://x')
    expect(href.pathname).toBe('/individual')
    expect(Object.fromEntries(href.searchParams)).toEqual({ productId: '5', orderId: 'K2026000005', lang: 'en' })
  })

  it('offers no exit without one', async () => {
    const data = answer({ orderStatus: ORDER_STATUS.due, coolingOff: null })
    await open(data)
    await screen.findByRole('heading', { level: 1, name: 'Kilat Tunai' })
    expect(screen.queryByRole('region', { name: 'Cooling-off period' })).not.toBeInTheDocument()
    // the banner keeps its own description
    expect(within(screen.getByRole('region', { name: 'Menunggu pembayaran' })).getByText('Silakan bayar sebelum 2026-04-01.')).toBeInTheDocument()
  })

  it('shows no payment before the first one', async () => {
    const data = answer({ lastPayment: null })
    await open(data)
    await screen.findByRole('heading', { level: 1, name: 'Kilat Tunai' })
    expect(screen.queryByRole('region', { name: 'Latest payment' })).not.toBeInTheDocument()
  })

  it('shows a clear error with a retry when the load fails', async () => {
    let calls = 0
    const data = loanDetailsData()
    server.use(
      mockCall(loanDetails, () => {
        calls++
        return calls === 1 ? fail(1099, 'Something went wrong on our side.', 500) : data
      }),
    )
    const { user } = await open(data)
    expect(await screen.findByRole('heading', { level: 2, name: 'Could not load this page' })).toBeInTheDocument()
    expect(screen.getByText('Something went wrong on our side.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Kilat Tunai' })).toBeInTheDocument()
    expect(calls).toBe(2)
  })

  it('names the missing order id when the address has none, in the page’s language, with a way back', async () => {
    await renderApp('/loan-detail?productId=5')
    expect(await screen.findByRole('heading', { level: 2, name: 'Tautan tidak lengkap' })).toBeInTheDocument()
    expect(screen.getByText(/memerlukan ID pesanan \(orderId\)/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Kembali' })).toBeInTheDocument()
  })

  it('says an order that is not the borrower’s cannot be found, without a pointless retry', async () => {
    answer({ orderNo: 'K2026000005' })
    await renderApp('/loan-detail?orderId=K2026000099&lang=en')
    expect(await screen.findByText('Not found.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
  })
})

describe('/loan-detail rating', () => {
  it('opens on load when asked, wants a star before sending, and thanks for 3 stars', async () => {
    const data = answer({ isScore: '1', orderStatus: ORDER_STATUS.settled })
    const scores: MockRequest['form'][] = []
    server.use(
      mockCall(googleScore, ({ form }) => {
        scores.push(form)
        return null
      }),
    )
    const { user, queryClient } = await open(data, '')
    const dialog = await screen.findByRole('dialog', { name: 'Nilai layanan kami' })
    await user.click(within(dialog).getByRole('button', { name: 'Kirim' }))
    expect(await screen.findByText('Silakan pilih')).toBeInTheDocument()
    expect(scores).toHaveLength(0)

    await user.click(within(dialog).getByRole('button', { name: '3 bintang' }))
    const pressed = within(dialog)
      .getAllByRole('button', { name: /bintang/ })
      .map((star) => star.getAttribute('aria-pressed'))
    expect(pressed).toEqual(['true', 'true', 'true', 'false', 'false'])
    await user.click(within(dialog).getByRole('button', { name: 'Kirim' }))
    expect(await screen.findByRole('dialog', { name: 'Terima kasih!' })).toBeInTheDocument()
    expect(Object.fromEntries(scores[0]!)).toEqual({ score: '3', orderId: 'K2026000005' })
    expect(screen.queryByRole('dialog', { name: 'Nilai layanan kami' })).not.toBeInTheDocument()
    // Coming back from another screen does not ask again.
    expect(queryClient.getQueryData(['loans', 'details', 'K2026000005'])).toMatchObject({ isScore: '0' })
  })

  it('hands 5 stars to the app store through the shell and closes', async () => {
    const data = answer({ isScore: '1', orderStatus: ORDER_STATUS.settled })
    server.use(mockCall(googleScore, null))
    const sent = recordBridge()
    const { user } = await open(data)
    const dialog = await screen.findByRole('dialog', { name: 'Rate our service' })
    await user.click(within(dialog).getByRole('button', { name: '5 stars' }))
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(sent).toEqual([{ name: 'toRate', payload: { url: data.playeduL, score: 5 } }]))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('forgets the choice on cancel, and does not open when not asked', async () => {
    const data = answer({ isScore: '1' })
    const { user, unmount } = await open(data)
    const dialog = await screen.findByRole('dialog', { name: 'Rate our service' })
    await user.click(within(dialog).getByRole('button', { name: '4 stars' }))
    expect(within(dialog).getByRole('button', { name: '4 stars' })).toHaveAttribute('aria-pressed', 'true')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    unmount()

    answer({ isScore: '0' })
    await open(data)
    await screen.findByRole('heading', { level: 1, name: 'Kilat Tunai' })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
