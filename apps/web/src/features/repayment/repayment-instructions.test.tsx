import { ERRORS, payGuide } from '@kilat/contract'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fail, mockCall, server } from '../../test/msw'
import { recordBridge } from '../../test/native-bridge'
import { renderApp } from '../../test/render-app'
import { guide } from './test-fixtures'

describe('/repayment-instructions', () => {
  it('groups the methods by pay type with their steps', async () => {
    server.use(mockCall(payGuide, guide()))
    await renderApp('/repayment-instructions?lang=en')
    expect(await screen.findByRole('heading', { level: 1, name: 'How to repay' })).toBeInTheDocument()
    const bank = screen.getByRole('region', { name: 'Bank' })
    expect(within(bank).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['BCA', 'BNI'])
    expect(within(bank).getByText('ATM BCA')).toBeInTheDocument()
    expect(within(bank).getByText('Enter the virtual account number [your account number].')).toBeInTheDocument()
    const market = screen.getByRole('region', { name: 'Mini market' })
    expect(within(market).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Go to the Alfamart cashier.', 'Give the payment code [your payment code].'])
  })

  it('calls customer service through the app shell', async () => {
    server.use(mockCall(payGuide, guide()))
    const sent = recordBridge()
    const { user } = await renderApp('/repayment-instructions?lang=en')
    await user.click(await screen.findByRole('link', { name: 'Call customer service: +62 21 5000 0000' }))
    expect(sent).toContainEqual({ name: 'callTelephone', payload: { phone: '+62 21 5000 0000' } })
  })

  it('shows the server’s message when the guide cannot be loaded', async () => {
    server.use(mockCall(payGuide, fail(ERRORS.notFound.code, 'We could not find what you asked for.', 404)))
    await renderApp('/repayment-instructions?lang=en')
    expect(await screen.findByText('We could not find what you asked for.')).toBeInTheDocument()
  })
})
