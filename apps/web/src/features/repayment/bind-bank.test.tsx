import { bindCard, cardBanks, repaymentWay } from '@kilat/contract'
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fail, mockCall, server } from '../../test/msw'
import { renderApp } from '../../test/render-app'
import { repaymentWayData } from './test-fixtures'

function answerBanks() {
  server.use(
    mockCall(cardBanks, {
      list: [
        { bankCode: 'BCA', bankName: 'BCA' },
        { bankCode: 'BNI', bankName: 'BNI' },
      ],
    }),
  )
}

const open = (extra = '&lang=en') => renderApp(`/bind-bank?orderId=K2026000005&productId=5${extra}`)

describe('/bind-bank', () => {
  it('checks the bank, a card number of 12 to 19 digits and the holder’s name before sending', async () => {
    answerBanks()
    const sent: unknown[] = []
    server.use(mockCall(bindCard, ({ form }) => (sent.push(form), fail(6010, 'unexpected', 400))))
    const { user } = await open()
    expect(await screen.findByRole('heading', { level: 1, name: 'Add a bank card' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Add card' }))
    expect(screen.getByRole('combobox', { name: 'Bank' })).toHaveAccessibleDescription('Please choose your bank.')
    expect(screen.getByRole('combobox', { name: 'Bank' })).toHaveFocus()
    expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('textbox', { name: 'Name of the card holder' })).toHaveAccessibleDescription('Please enter the name of the card holder.')

    await user.selectOptions(screen.getByRole('combobox', { name: 'Bank' }), 'BNI')
    // Letters are not taken; 11 digits are too few.
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4111a1111111')
    expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveValue('41111111111')
    await user.type(screen.getByRole('textbox', { name: 'Name of the card holder' }), 'Budi Santoso')
    await user.click(screen.getByRole('button', { name: 'Add card' }))
    expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveAccessibleDescription(
      '12 to 19 digits, as printed on your card. Please enter a card number of 12 to 19 digits.',
    )
    // 20 digits are too many.
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '123456789')
    await user.click(screen.getByRole('button', { name: 'Add card' }))
    expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveAttribute('aria-invalid', 'true')
    expect(sent).toHaveLength(0)
  })

  it('shows the server’s message when the card is refused', async () => {
    answerBanks()
    server.use(mockCall(bindCard, fail(6010, 'This card number is not valid.', 400)))
    const { user } = await open()
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Bank' }), 'BCA')
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4111 1111 1111 1112')
    await user.type(screen.getByRole('textbox', { name: 'Name of the card holder' }), 'Budi Santoso')
    await user.click(screen.getByRole('button', { name: 'Add card' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This card number is not valid.')
  })

  it('adds the card and goes back to card repay for the same order', async () => {
    answerBanks()
    const sent: Record<string, string>[] = []
    server.use(
      mockCall(bindCard, ({ form }) => {
        sent.push(Object.fromEntries(form))
        return { id: 13, bankName: 'BCA', cardNo: '411111******1111', bankCode: 'BCA' }
      }),
      mockCall(repaymentWay, repaymentWayData()),
    )
    const { user, router } = await open()
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Bank' }), 'BCA')
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4111 1111 1111 1111')
    await user.type(screen.getByRole('textbox', { name: 'Name of the card holder' }), '  Budi Santoso ')
    await user.click(screen.getByRole('button', { name: 'Add card' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/repay-card'))
    expect(sent).toEqual([{ bankCode: 'BCA', cardNo: '4111111111111111', holderName: 'Budi Santoso' }])
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ orderId: 'K2026000005', productId: '5', lang: 'en' })
  })

  it('speaks Spanish', async () => {
    answerBanks()
    await open('&lang=es')
    expect(await screen.findByRole('heading', { level: 1, name: 'Agregar tarjeta bancaria' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Número de tarjeta' })).toBeInTheDocument()
  })
})
