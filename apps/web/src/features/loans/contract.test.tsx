import { contractView, type DataOf } from '@kilat/contract'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockCall, server } from '../../test/msw'
import { recordBridge } from '../../test/native-bridge'
import { renderApp } from '../../test/render-app'

const CONTRACT: DataOf<typeof contractView> = {
  title: 'Loan agreement',
  sections: [
    { heading: '1. Parties', paragraphs: ['This agreement is between the lender and <b>Budi</b>.', 'It starts on disbursement.'] },
    { heading: '2. Repayment', paragraphs: ['The borrower repays as scheduled below.'] },
  ],
  schedule: [
    { title: 'Installment 1', amount: 1_250_000_00, pay_time: '2026-04-01' },
    { title: 'Installment 2', amount: 1_250_000_00, pay_time: '2026-05-01' },
  ],
  market: 'ID',
}

describe('/contract', () => {
  it('shows the agreement as text, its schedule as a table, and its title as the page title', async () => {
    let query: URLSearchParams | undefined
    server.use(
      mockCall(contractView, (request) => {
        query = request.query
        return CONTRACT
      }),
    )
    await renderApp('/contract?productId=3&position=0&orderId=K2026000005&amount=250000000&periods=4&lang=en')
    expect(await screen.findByRole('heading', { level: 1, name: 'Loan agreement' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Loan agreement · Kilat'))
    expect(Object.fromEntries(query!)).toMatchObject({ productId: '3', position: '0', orderId: 'K2026000005', amount: '250000000', periods: '4' })
    expect(screen.getByRole('heading', { level: 2, name: '1. Parties' })).toBeInTheDocument()
    // Markup in the text stays text.
    expect(screen.getByText('This agreement is between the lender and <b>Budi</b>.')).toBeInTheDocument()
    expect(document.querySelector('b')).toBeNull()
    const table = screen.getByRole('table', { name: 'Repayment schedule' })
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Repayment', 'Amount', 'Due date'])
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(3)
    expect(rows[1]).toHaveTextContent('Installment 1Rp 1.250.000,002026-04-01')
  })

  it('writes the schedule in the product’s currency, not the page’s', async () => {
    server.use(mockCall(contractView, { ...CONTRACT, market: 'IN', schedule: [{ title: 'Repayment', amount: 54_550_00, pay_time: '2026-04-01' }] }))
    await renderApp('/contract?productId=7&position=0&lang=en')
    const table = await screen.findByRole('table', { name: 'Repayment schedule' })
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Repayment₹54,550.002026-04-01')
  })

  it('names the missing product id when the address has none, with a way back', async () => {
    const sent = recordBridge()
    const { user } = await renderApp('/contract?orderId=K2026000005&lang=es')
    expect(await screen.findByRole('heading', { level: 2, name: 'A este enlace le falta un dato' })).toBeInTheDocument()
    expect(screen.getByText(/necesita el ID del producto \(productId\)/)).toBeInTheDocument()
    // Opened directly, back hands the borrower back to the shell.
    await user.click(screen.getByRole('link', { name: 'Volver' }))
    expect(sent).toEqual([{ name: 'closeWebview', payload: {} }])
  })
})
