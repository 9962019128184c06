import { contractView, type DataOf } from '@kilat/contract'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockCall, server } from '../../test/msw'
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
    await renderApp('/contract?productId=3&position=0&orderId=K2026000005&amount=250000000&lang=en')
    expect(await screen.findByRole('heading', { level: 1, name: 'Loan agreement' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Loan agreement · Kilat'))
    expect(Object.fromEntries(query!)).toMatchObject({ productId: '3', position: '0', orderId: 'K2026000005', amount: '250000000' })
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
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Repayment₹ 54.550,002026-04-01')
  })

  it('says so when the address names no product', async () => {
    await renderApp('/contract?lang=es')
    expect(await screen.findByText('Este enlace no indica un contrato. Ábrelo de nuevo desde la página del préstamo.')).toBeInTheDocument()
  })
})
