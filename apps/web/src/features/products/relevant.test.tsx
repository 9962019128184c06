import { contractList, loanDetailConfirm, payoutAccountGet, pageEventSave, productApply, recommendProductList } from '@kilat/contract'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { cost, loanConfirm, product } from '../../test/fixtures'
import { fail, mockCall, server, type MockRequest } from '../../test/msw'
import { recordBridge } from '../../test/native-bridge'
import { renderApp } from '../../test/render-app'

const PRODUCTS = [
  product(1, { productName: 'Dana Kilat' }),
  product(2, { productName: 'Kilat Plus', moduleId: 301, cost: cost('dailyCost', { received: 5_700_000_00, totalRepay: 6_540_000_00 }) }),
  product(3, { productName: 'Kilat Cepat', buttonStatus: 0, buttonText: 'Penuh' }),
]

describe('/relevant', () => {
  it('asks again for a list the cache dropped while the screen showed it, and keeps showing it', async () => {
    let calls = 0
    server.use(
      mockCall(recommendProductList, () => {
        calls++
        return PRODUCTS
      }),
    )
    const { queryClient } = await renderApp('/relevant?tok=demo-borrower&lang=en')
    expect(await screen.findAllByRole('article')).toHaveLength(3)
    expect(calls).toBe(1)
    queryClient.removeQueries({ queryKey: ['products'] })
    await waitFor(() => expect(calls).toBe(2))
    expect(await screen.findAllByRole('article')).toHaveLength(3)
  })

  it('shows the special offers: logo, name, button, range, rate, description, tags on the first two, cost', async () => {
    let scene: string | null = null
    server.use(
      mockCall(recommendProductList, ({ form }) => {
        scene = form.get('scene')
        return PRODUCTS
      }),
    )
    await renderApp('/relevant?scene=banner_jingzhun&tok=demo-borrower')
    expect(await screen.findByRole('heading', { level: 1, name: 'Pengajuan Khusus' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Pengajuan Khusus · Kilat'))
    expect(scene).toBe('banner_jingzhun')

    const cards = screen.getAllByRole('article')
    expect(cards).toHaveLength(3)
    const first = within(cards[0]!)
    expect(first.getByRole('heading', { level: 2, name: 'Dana Kilat' })).toBeInTheDocument()
    const logo = first.getByRole('img', { name: 'Logo Dana Kilat' })
    expect(logo).toHaveAttribute('width', '44')
    expect(logo).toHaveAttribute('height', '44')
    expect(first.getByText('Rp 1.000.000 - Rp 15.000.000')).toBeInTheDocument()
    expect(first.getByText('Jumlah pinjaman')).toBeInTheDocument()
    expect(first.getByText('Bunga').nextSibling).toHaveTextContent('0,10%/hari')
    expect(first.getByText('Deskripsi produk 1')).toBeInTheDocument()
    // The cost before accepting: received after the fee, total to repay, the market's headline rate.
    expect(first.getByText('Anda terima Rp 14.700.000,00').parentElement).toHaveTextContent(
      'Anda terima Rp 14.700.000,00 · Anda bayar Rp 16.050.000,00 · 0,10%/hari',
    )
    expect(within(cards[1]!).getByText('Anda terima Rp 5.700.000,00')).toBeInTheDocument()

    // docs/product/screens.md#relevant: tags on the first two cards only.
    expect(within(cards[0]!).getByRole('list', { name: 'Keunggulan' })).toHaveTextContent('Cepat 1')
    expect(within(cards[1]!).getByRole('list', { name: 'Keunggulan' })).toHaveTextContent('Cepat 2')
    expect(within(cards[2]!).queryByRole('list', { name: 'Keunggulan' })).not.toBeInTheDocument()
    expect(screen.queryByText('Cepat 3')).not.toBeInTheDocument()

    expect(within(cards[0]!).getByRole('button', { name: 'Ajukan' })).toBeEnabled()
    const full = within(cards[2]!).getByRole('button', { name: 'Penuh' })
    expect(full).toBeDisabled()
    expect(full.className).toContain('grey')
  })

  it('writes a product’s costs in its own currency: an Indonesian product on an India page shows Rp', async () => {
    server.use(mockCall(recommendProductList, [product(1, { productName: 'Dana Kilat' }), product(4, { productName: 'Rupee Kilat', market: 'IN', cost: cost('apr', { received: 77_600_00, totalRepay: 87_280_00 }) })]))
    await renderApp('/relevant?isNeedPop=1&lang=en')
    const [indonesian, indian] = await screen.findAllByRole('article')
    expect(within(indonesian!).getByText('You receive Rp 14.700.000,00').parentElement).toHaveTextContent('You receive Rp 14.700.000,00 · You repay Rp 16.050.000,00')
    expect(within(indian!).getByText('You receive ₹77,600.00').parentElement).toHaveTextContent('You repay ₹87,280.00')
  })

  it('says when applications are full, with a way home through the shell', async () => {
    server.use(mockCall(recommendProductList, []))
    const sent = recordBridge()
    const { user } = await renderApp('/relevant?lang=en')
    expect(await screen.findByRole('heading', { level: 2, name: 'Applications are full' })).toBeInTheDocument()
    expect(screen.getByText("Today's applications are full. Please try again tomorrow.")).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Back to home' }))
    expect(sent).toEqual([{ name: 'toHome', payload: {} }])
  })

  it('records the tap, applies, and without a shell opens our confirmation page within the app', async () => {
    const events: MockRequest['form'][] = []
    const applies: MockRequest['form'][] = []
    server.use(
      mockCall(recommendProductList, PRODUCTS),
      mockCall(pageEventSave, ({ form }) => {
        events.push(form)
        return null
      }),
      mockCall(productApply, ({ form }) => {
        applies.push(form)
        return { url: '/loan-confirm?productId=2' }
      }),
      mockCall(payoutAccountGet, { account: null, canChange: true, hasIdentity: true, kinds: ['bank', 'ewallet'], banks: [], wallets: [] }),
      mockCall(loanDetailConfirm, loanConfirm({ productId: 2, productName: 'Kilat Plus' })),
      mockCall(contractList, [{ title: 'Perjanjian pinjaman', position: 0 }]),
    )
    const { user, router } = await renderApp('/relevant?scene=tanchuang_fudai&lang=en&dId=device-1')
    const cards = await screen.findAllByRole('article')
    await user.click(within(cards[1]!).getByRole('button', { name: 'Ajukan' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/loan-confirm'))
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ productId: '2', lang: 'en', dId: 'device-1' })
    expect(Object.fromEntries(events[0]!)).toEqual({ productId: '2', moduleId: '301', positionId: '1' })
    expect(Object.fromEntries(applies[0]!)).toEqual({ product_id: '2', module_id: '301', scene: 'tanchuang_fudai' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your loan' })).toBeInTheDocument()
    expect(await screen.findByText('Kilat Plus')).toBeInTheDocument()
  })

  it('hands our own address to the app shell (bridge `to`) and stays', async () => {
    server.use(
      mockCall(recommendProductList, PRODUCTS),
      mockCall(pageEventSave, null),
      mockCall(productApply, { url: '/loan-confirm?productId=2' }),
    )
    const sent = recordBridge()
    const { user, router } = await renderApp('/relevant?lang=en')
    await user.click(within((await screen.findAllByRole('article'))[1]!).getByRole('button', { name: 'Ajukan' }))
    await waitFor(() => expect(sent).toEqual([{ name: 'to', payload: { url: '/loan-confirm?productId=2' } }]))
    expect(router.state.location.pathname).toBe('/relevant')
  })

  it('opens a partner’s page in place of this one, never through the shell', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    server.use(
      mockCall(recommendProductList, PRODUCTS),
      mockCall(pageEventSave, null),
      mockCall(productApply, { url: 'https://partner.example/apply?ref=kilat' }),
    )
    const sent = recordBridge()
    const { user } = await renderApp('/relevant?lang=en')
    await user.click((await screen.findAllByRole('button', { name: 'Ajukan' }))[0]!)
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://partner.example/apply?ref=kilat'))
    expect(sent).toEqual([])
  })

  it('shows the server’s message when applying fails, and stays', async () => {
    server.use(
      mockCall(recommendProductList, PRODUCTS),
      mockCall(pageEventSave, fail(1099, 'ignored', 500)),
      mockCall(productApply, fail('3003', 'You still have an unsettled loan with this product.', 409)),
    )
    const { user, router } = await renderApp('/relevant?lang=en')
    await user.click((await screen.findAllByRole('button', { name: 'Ajukan' }))[0]!)
    expect(await screen.findByText('You still have an unsettled loan with this product.')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/relevant')
  })

  it('asks to log in again when the session is refused, and offers a retry when the load fails', async () => {
    server.use(mockCall(recommendProductList, fail('1001', 'Your session has ended.', 401)))
    const sent = recordBridge()
    const first = await renderApp('/relevant?lang=en')
    expect(await screen.findByRole('heading', { level: 2, name: 'Please log in again' })).toBeInTheDocument()
    await first.user.click(screen.getByRole('button', { name: 'Log in again' }))
    expect(sent).toEqual([{ name: 'offToLogin', payload: {} }])
    first.unmount()

    let calls = 0
    server.use(
      mockCall(recommendProductList, () => {
        calls++
        return calls === 1 ? fail('1099', 'Something went wrong on our side.', 500) : PRODUCTS
      }),
    )
    const second = await renderApp('/relevant?lang=en')
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument()
    await second.user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findAllByRole('article')).toHaveLength(3)
    expect(calls).toBe(2)
  })
})
