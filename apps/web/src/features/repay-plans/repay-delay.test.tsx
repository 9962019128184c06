import { delayDetail, initPayType } from '@kilat/contract'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fail, mockCall, server } from '../../test/msw'
import { renderApp } from '../../test/render-app'
import { extensionDetail } from './test-fixtures'

function answer(overrides: Parameters<typeof extensionDetail>[0] = {}) {
  const data = extensionDetail(overrides)
  server.use(
    mockCall(delayDetail, ({ form }) => (form.get('orderId') === data.orderNo ? data : fail(1002, 'We could not find what you asked for.', 404))),
    mockCall(initPayType, { payType: 1, list: [] }),
  )
  return data
}

const open = (extra = '&lang=en') => renderApp(`/repay-delay?orderId=K2026000005&productId=5${extra}`)

describe('/repay-delay', () => {
  it('shows the fee, the expiry, the order lines and the new due date before paying, and pays the extension', async () => {
    answer()
    const { user, router } = await open()
    expect(await screen.findByRole('heading', { level: 1, name: 'Loan extension' })).toBeInTheDocument()
    const fee = screen.getByRole('region', { name: 'Extension fee' })
    expect(within(fee).getByText('Rp 150.000,00')).toBeInTheDocument()
    expect(within(fee).getByText('Pay by 2026-04-01 23:59:59')).toBeInTheDocument()
    expect(within(fee).getByText('Current due date').nextSibling).toHaveTextContent('2026-04-01')
    expect(within(fee).getByText('New due date').nextSibling).toHaveTextContent('2026-07-01')
    expect(within(fee).getByText('Loan amount').nextSibling).toHaveTextContent('Rp 2.500.000,00')
    expect(within(fee).getByText('Once the fee is paid, your new due date will be 2026-07-01.')).toBeInTheDocument()

    await user.click(screen.getByRole('link', { name: 'Pay now' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/individual'))
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ orderId: 'K2026000005', productId: '5', purpose: 'extension', lang: 'en' })
  })

  it('keeps the button disabled with the server’s reason when the fee cannot be paid yet', async () => {
    answer({ canPay: 0, blockedReason: 'Pay the interest and late charges due first.' })
    await open()
    const pay = await screen.findByRole('button', { name: 'Pay now' })
    expect(pay).toBeDisabled()
    expect(pay).toHaveAccessibleDescription('Pay the interest and late charges due first.')
    expect(screen.queryByRole('link', { name: 'Pay now' })).not.toBeInTheDocument()
  })

  it('speaks Spanish', async () => {
    answer()
    await open('&lang=es')
    expect(await screen.findByRole('link', { name: 'Pagar ahora' })).toBeInTheDocument()
    expect(screen.getByText('Una vez pagada la comisión, tu nueva fecha de vencimiento será el 2026-07-01.')).toBeInTheDocument()
  })

  it('says another borrower’s order is not found', async () => {
    answer()
    await renderApp('/repay-delay?orderId=K2026000999&lang=en')
    expect(await screen.findByText('We could not find what you asked for.')).toBeInTheDocument()
  })
})
