import { initPayType, loanPlayDetail } from '@kilat/contract'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fail, mockCall, server } from '../../test/msw'
import { renderApp } from '../../test/render-app'
import { installmentPlan } from './test-fixtures'

function answer(overrides: Parameters<typeof installmentPlan>[0] = {}) {
  const data = installmentPlan(overrides)
  server.use(
    mockCall(loanPlayDetail, ({ form }) => (form.get('orderId') === data.orderNo ? data : fail(1002, 'We could not find what you asked for.', 404))),
    // The method choice the pay button opens.
    mockCall(initPayType, { payType: 1, list: [] }),
  )
  return data
}

const open = (extra = '&lang=en') => renderApp(`/installments?orderId=K2026000007&productId=7${extra}`)
const boxes = () => within(screen.getByRole('region', { name: 'Installments to pay' })).getAllByRole('checkbox', { name: /Installment/ })
const total = () => screen.getByText('Total to pay').nextSibling

describe('/installments', () => {
  it('shows the unpaid installments with the first one chosen, the late charges, and the paid ones', async () => {
    answer()
    await open()
    expect(await screen.findByRole('heading', { level: 1, name: 'Bill details' })).toBeInTheDocument()
    expect(screen.getByText('Kilat Cicil')).toBeInTheDocument()
    expect(boxes().map((box) => (box as HTMLInputElement).checked)).toEqual([true, false, false])
    // Only the first unpaid installment, and the one after the selection, can be tapped.
    expect(boxes().map((box) => (box as HTMLInputElement).disabled)).toEqual([false, false, true])
    expect(screen.getByText('Late charges (paid with any installment)').nextSibling).toHaveTextContent('Rp 25.000,00')
    expect(total()).toHaveTextContent('Rp 1.025.000,00')
    const paid = screen.getByRole('region', { name: 'Paid installments' })
    expect(within(paid).getByText('Installment 1 of 4')).toBeInTheDocument()
    expect(within(paid).getByText('Paid')).toBeInTheDocument()
  })

  // docs/product/waivers-and-refunds.md#what-the-borrower-sees
  it('lists each waiver and refund as its own line, as the server words it', async () => {
    answer({ adjustments: [{ text: 'Interest waived', value: '−Rp 50.000,00' }] })
    await open()
    const waiver = await screen.findByText('Interest waived')
    expect(waiver.nextSibling).toHaveTextContent('−Rp 50.000,00')
  })

  it('checks earlier ones with a later one, unchecks later ones, and toggles select-all between all and the first', async () => {
    answer()
    const { user } = await open()
    await screen.findByRole('heading', { level: 1, name: 'Bill details' })
    await user.click(boxes()[1]!)
    expect(boxes().map((box) => (box as HTMLInputElement).checked)).toEqual([true, true, false])
    expect(total()).toHaveTextContent('Rp 2.125.000,00')
    await user.click(boxes()[2]!)
    expect(total()).toHaveTextContent('Rp 3.325.000,00')
    expect(screen.getByRole('checkbox', { name: 'Select all' })).toBeChecked()

    await user.click(boxes()[1]!)
    expect(boxes().map((box) => (box as HTMLInputElement).checked)).toEqual([true, false, false])

    await user.click(screen.getByRole('checkbox', { name: 'Select all' }))
    expect(boxes().map((box) => (box as HTMLInputElement).checked)).toEqual([true, true, true])
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }))
    expect(boxes().map((box) => (box as HTMLInputElement).checked)).toEqual([true, false, false])
  })

  it('does nothing with a zero total', async () => {
    answer()
    const { user, router } = await open()
    await screen.findByRole('heading', { level: 1, name: 'Bill details' })
    await user.click(boxes()[0]!)
    expect(boxes().map((box) => (box as HTMLInputElement).checked)).toEqual([false, false, false])
    expect(boxes().map((box) => (box as HTMLInputElement).disabled)).toEqual([false, true, true])
    expect(total()).toHaveTextContent('Rp 0,00')
    const pay = screen.getByRole('button', { name: 'Pay now' })
    expect(pay).toHaveAttribute('aria-disabled', 'true')
    expect(pay).toHaveAccessibleDescription('Choose at least one installment to pay.')
    await user.click(pay)
    expect(router.state.location.pathname).toBe('/installments')
  })

  it('pays the selection on the method choice, with the number of installments chosen', async () => {
    answer()
    const { user, router } = await open()
    await screen.findByRole('heading', { level: 1, name: 'Bill details' })
    await user.click(boxes()[1]!)
    await user.click(screen.getByRole('button', { name: 'Pay now' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/individual'))
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ orderId: 'K2026000007', productId: '7', specificNum: '2', lang: 'en' })
  })

  it('speaks Indonesian, with its Indonesian button', async () => {
    answer()
    await open('')
    expect(await screen.findByRole('heading', { level: 1, name: 'Detail Tagihan' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Bayar Segera' })).toBeInTheDocument()
    expect(screen.getByText('Total pembayaran').nextSibling).toHaveTextContent('Rp 1.025.000,00')
  })

  it('names the missing order id', async () => {
    await renderApp('/installments?lang=en')
    expect(await screen.findByText(/needs an order ID \(orderId\)/)).toBeInTheDocument()
  })
})
