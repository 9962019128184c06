import { contractList, loanDetailConfirm, payoutAccountGet, standClick, standFailureInfo, standProductLink } from '@kilat/contract'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { loanConfirm, product } from '../../test/fixtures'
import { mockCall, server } from '../../test/msw'
import { renderApp } from '../../test/render-app'

const FAILURE = {
  title: 'Login with the partner failed',
  message: 'The partner could not confirm your account. You can try another loan.',
  products: [product(21, { productName: 'Mitra Dana' }), product(22, { productName: 'Rupiah Cepat' }), product(23, { productName: 'Dana Sehat', buttonStatus: 0 })],
}

describe('/joint-login-failure', () => {
  it('shows why the joint login failed and the products to try, with the same cards', async () => {
    let asked: URLSearchParams | undefined
    server.use(
      mockCall(standFailureInfo, ({ form }) => {
        asked = form
        return FAILURE
      }),
    )
    await renderApp('/joint-login-failure?productId=8&reason=timeout&lang=en')
    expect(await screen.findByRole('heading', { level: 2, name: 'Login with the partner failed' })).toBeInTheDocument()
    expect(screen.getByText('The partner could not confirm your account. You can try another loan.')).toBeInTheDocument()
    expect(Object.fromEntries(asked!)).toEqual({ productId: '8', reason: 'timeout' })
    const list = screen.getByRole('region', { name: 'You can try these loans' })
    const cards = within(list).getAllByRole('article')
    expect(cards).toHaveLength(3)
    expect(within(cards[0]!).getByRole('list', { name: 'Features' })).toBeInTheDocument()
    expect(within(cards[2]!).queryByRole('list', { name: 'Features' })).not.toBeInTheDocument()
    expect(within(cards[2]!).getByRole('button', { name: 'Ajukan' })).toBeDisabled()
    await waitFor(() => expect(document.title).toBe('Sign-in failed · Kilat'))
  })

  it('records the click, asks for the product’s link and follows it', async () => {
    const order: string[] = []
    let click: URLSearchParams | undefined
    server.use(
      mockCall(standFailureInfo, FAILURE),
      mockCall(standClick, ({ form }) => {
        order.push('click')
        click = form
        return null
      }),
      mockCall(standProductLink, ({ form }) => {
        order.push(`link ${form.get('productId')}`)
        return { url: '/loan-confirm?productId=22' }
      }),
      mockCall(payoutAccountGet, { account: null, canChange: true, hasIdentity: true, kinds: ['bank', 'ewallet'], banks: [], wallets: [] }),
      mockCall(loanDetailConfirm, loanConfirm({ productId: 22, productName: 'Rupiah Cepat' })),
      mockCall(contractList, []),
    )
    const { user, router } = await renderApp('/joint-login-failure?lang=en')
    const cards = await screen.findAllByRole('article')
    await user.click(within(cards[1]!).getByRole('button', { name: 'Ajukan' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/loan-confirm'))
    expect(order).toEqual(['click', 'link 22'])
    expect(Object.fromEntries(click!)).toEqual({ productId: '22', positionId: '1' })
  })

  it('opens a partner’s link in place of this page', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    server.use(mockCall(standFailureInfo, FAILURE), mockCall(standClick, null), mockCall(standProductLink, { url: 'http://partner.example/p/21' }))
    const { user } = await renderApp('/joint-login-failure?lang=es')
    expect(await screen.findByRole('heading', { level: 2, name: 'Puedes probar estos préstamos' })).toBeInTheDocument()
    await user.click(screen.getAllByRole('button', { name: 'Ajukan' })[0]!)
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://partner.example/p/21'))
  })
})
