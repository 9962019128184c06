import { extensionDetail, initPayType } from '@kilat/contract'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fail, mockCall, server } from '../../test/msw'
import { renderApp } from '../../test/render-app'
import { extensionDetailData } from './test-fixtures'

function answer(overrides: Parameters<typeof extensionDetailData>[0] = {}) {
  const data = extensionDetailData(overrides)
  server.use(
    mockCall(extensionDetail, ({ form }) => (form.get('orderId') === data.orderNo ? data : fail(1002, 'We could not find what you asked for.', 404))),
    mockCall(initPayType, { payType: 1, list: [] }),
  )
  return data
}

const open = (extra = '&lang=en') => renderApp(`/repay-delay?orderId=K2026000005&productId=5${extra}`)

describe('/repay-delay', () => {
  it('shows what to pay now for the extension, the expiry, the server’s lines and the new due date before paying, and pays it', async () => {
    answer()
    const { user, router } = await open()
    expect(await screen.findByRole('heading', { level: 1, name: 'Loan extension' })).toBeInTheDocument()
    const toPay = screen.getByRole('region', { name: 'To pay now for the extension' })
    expect(within(toPay).getAllByText('Rp 275.000,00')).toHaveLength(2)
    expect(within(toPay).getByText('Pay by 2026-04-01 23:59:59')).toBeInTheDocument()
    expect(within(toPay).getByText(/^Includes the extension fee and the interest and late charges due/)).toBeInTheDocument()
    const lines = within(toPay)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextSibling?.textContent])
    expect(lines).toEqual([
      ['Product', 'Kilat Tunai'],
      ['Loan amount', 'Rp 2.500.000,00'],
      ['Due date', '2026-04-01'],
      ['New due date', '2026-07-01'],
      ['Extension fee', 'Rp 150.000,00'],
      ['Interest due now', 'Rp 125.000,00'],
      ['Total to pay for the extension', 'Rp 275.000,00'],
    ])
    expect(within(toPay).getByText('Once this is paid, your new due date will be 2026-07-01.')).toBeInTheDocument()

    await user.click(screen.getByRole('link', { name: 'Pay now' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/individual'))
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ orderId: 'K2026000005', productId: '5', purpose: 'extension', lang: 'en' })
  })

  it('speaks Indonesian and Spanish', async () => {
    answer()
    const { unmount } = await open('&lang=id')
    expect(await screen.findByRole('region', { name: 'Yang harus dibayar sekarang untuk perpanjangan' })).toBeInTheDocument()
    unmount()
    await open('&lang=es')
    expect(await screen.findByRole('link', { name: 'Pagar ahora' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'A pagar ahora por la prórroga' })).toBeInTheDocument()
    expect(screen.getByText('Una vez recibido este pago, tu nueva fecha de vencimiento será el 2026-07-01.')).toBeInTheDocument()
  })

  it('says another borrower’s order is not found', async () => {
    answer()
    await renderApp('/repay-delay?orderId=K2026000999&lang=en')
    expect(await screen.findByText('We could not find what you asked for.')).toBeInTheDocument()
  })
})
