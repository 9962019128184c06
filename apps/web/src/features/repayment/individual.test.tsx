import { ERRORS, generateVcode, initPayType, loanDetails, vcodeStatus } from '@kilat/contract'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fail, mockCall, server } from '../../test/msw'
import { loanDetailsData } from '../../test/fixtures'
import { renderApp } from '../../test/render-app'
import { CHOICE_STORAGE_KEY, readChoice, saveChoice } from './choice'
import { accountStatus, bankAccount, banks, markets } from './test-fixtures'

function answer(lists: { 1?: ReturnType<typeof banks>; 2?: ReturnType<typeof markets> } = {}) {
  const asked: Record<string, string | null>[] = []
  server.use(
    mockCall(initPayType, ({ form }) => {
      asked.push(Object.fromEntries(form))
      return form.get('pay_type') === '2' ? (lists[2] ?? markets()) : (lists[1] ?? banks())
    }),
    // Where the choice leads.
    mockCall(generateVcode, bankAccount()),
    mockCall(loanDetails, loanDetailsData()),
    mockCall(vcodeStatus, accountStatus()),
  )
  return asked
}

const query = (router: { state: { location: { pathname: string; search: string } } }) => ({
  path: router.state.location.pathname,
  ...Object.fromEntries(new URLSearchParams(router.state.location.search)),
})

describe('/individual', () => {
  it('offers bank or mini market, in Indonesian by default, with both lists asked for the order', async () => {
    const asked = answer()
    await renderApp('/individual?orderId=K2026000005&productId=5')
    expect(await screen.findByRole('heading', { level: 1, name: 'Metode pembayaran' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Bank' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Minimarket' })).not.toBeChecked()
    expect(within(screen.getByRole('group', { name: 'Pilih bank' })).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['BCA', 'MANDIRI'])
    expect(screen.getByRole('button', { name: 'SAYA INGIN MEMBAYAR' })).toBeInTheDocument()
    expect(asked.map((a) => [a.orderId, a.productId, a.pay_type])).toEqual([
      ['K2026000005', '5', '1'],
      ['K2026000005', '5', '2'],
    ])
    await waitFor(() => expect(readChoice()).toEqual({ payType: 1, payCode: '', specificNum: 0, isDefault: 1 }))
  })

  it('opens the methods only once a bank is chosen, and asks to complete the choice until one is', async () => {
    answer()
    const { user, router } = await renderApp('/individual?orderId=K2026000005&productId=5&lang=en')
    await screen.findByRole('group', { name: 'Choose a bank' })
    expect(screen.queryByRole('group', { name: /How will you pay/ })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'I WANT TO PAY' }))
    expect(await screen.findByText('Please complete the information')).toBeInTheDocument()

    await user.click(screen.getByRole('radio', { name: 'BCA' }))
    const methods = screen.getByRole('group', { name: 'How will you pay at BCA?' })
    expect(within(methods).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['ATM BCA', 'm-BCA (BCA mobile)', 'KlikBCA'])
    expect(readChoice()).toEqual({ payType: 1, payCode: 'BCA', specificNum: 0, isDefault: 0 })
    await user.click(screen.getByRole('button', { name: 'I WANT TO PAY' }))
    expect(router.state.location.pathname).toBe('/individual')

    await user.click(within(methods).getByRole('radio', { name: 'm-BCA (BCA mobile)' }))
    await user.click(screen.getByRole('button', { name: 'I WANT TO PAY' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/that'))
    expect(query(router)).toEqual({ path: '/that', orderId: 'K2026000005', productId: '5', payCode: 'BCA', payType: '1', isDefault: '0', group: '1', lang: 'en' })
  })

  it('chooses Alfamart by default among the mini markets, and clears the bank chosen before', async () => {
    answer()
    const { user, router } = await renderApp('/individual?orderId=K2026000005&productId=5&specificNum=2&lang=en')
    await user.click(await screen.findByRole('radio', { name: 'BCA' }))
    await user.click(screen.getByRole('radio', { name: 'Mini market' }))
    const list = screen.getByRole('group', { name: 'Choose a mini market' })
    expect(within(list).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['ALFAMART', 'INDOMARET'])
    expect(within(list).getByRole('radio', { name: 'Alfamart' })).toBeChecked()
    expect(readChoice()).toEqual({ payType: 2, payCode: '', specificNum: 2, isDefault: 0 })
    expect(screen.getByText('You are paying your 2 oldest unpaid installments.')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'I WANT TO PAY' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/that'))
    expect(query(router)).toMatchObject({ payCode: 'ALFAMART', payType: '2', specificNum: '2', isDefault: '0' })
    expect(readChoice()).toEqual({ payType: 2, payCode: 'ALFAMART', specificNum: 2, isDefault: 0 })
  })

  it('starts from the method kept from last time, marked default again, and carries an extension on', async () => {
    answer()
    saveChoice({ payType: 2, payCode: 'INDOMARET', specificNum: 0, isDefault: 0 })
    const { user, router } = await renderApp('/individual?orderId=K2026000005&purpose=extension&lang=es')
    expect(await screen.findByRole('radio', { name: 'Indomaret' })).toBeChecked()
    expect(screen.getByText('Estás pagando la comisión de prórroga de tu préstamo.')).toBeInTheDocument()
    await waitFor(() => expect(JSON.parse(localStorage.getItem(CHOICE_STORAGE_KEY) ?? '{}')).toMatchObject({ payCode: 'INDOMARET', isDefault: 1 }))
    await user.click(screen.getByRole('button', { name: 'QUIERO PAGAR' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/that'))
    expect(query(router)).toMatchObject({ payCode: 'INDOMARET', payType: '2', purpose: 'extension', isDefault: '1' })
  })

  it('shows no mini market tab where the market has none (India)', async () => {
    answer({ 1: { payType: 1, list: [{ payCode: 'UPI', bankName: 'UPI', method: ['UPI collect request', 'UPI app'] }, { payCode: 'BANK_TRANSFER', bankName: 'Bank transfer (IMPS)', method: [] }] }, 2: { payType: 2, list: [] } })
    const { user, router } = await renderApp('/individual?orderId=K2026000005&market=IN&lang=en')
    await screen.findByRole('group', { name: 'Choose a bank' })
    expect(screen.queryByRole('radio', { name: 'Mini market' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'Bank transfer (IMPS)' }))
    await user.click(screen.getByRole('button', { name: 'I WANT TO PAY' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/that'))
    expect(query(router)).toMatchObject({ payCode: 'BANK_TRANSFER', payType: '1' })
  })

  it('names the missing order, and shows the server’s message when the lists fail', async () => {
    const first = await renderApp('/individual?lang=en')
    expect(await screen.findByText(/needs an order ID \(orderId\)/)).toBeInTheDocument()
    first.unmount()

    server.use(mockCall(initPayType, fail(ERRORS.notFound.code, 'We could not find what you asked for.', 404)))
    await renderApp('/individual?orderId=K2026000099&lang=en')
    expect(await screen.findByText('We could not find what you asked for.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
  })
})
