import { contractJump, contractList, contractView, loanDetailConfirm, loanDetailPush, loanDetails } from '@kilat/contract'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { cost, loanConfirm, loanDetailsData } from '../../test/fixtures'
import { mockCall, server, type MockRequest } from '../../test/msw'
import { renderApp } from '../../test/render-app'

const CONTRACTS = [
  { title: 'Perjanjian pinjaman', position: 0 },
  { title: 'Kebijakan privasi', position: 1 },
]

const INDIA = loanConfirm({
  productId: 7,
  productName: 'Rupee Now',
  amount: 50_000_00,
  languageType: 1,
  popTitle: 'Loan agreement',
  popContent: 'Please read the loan agreement before you confirm.\nYou can cancel within 3 days.',
  popAgreementUrl: '/contract?productId=7&position=0',
  note: 'Rs.1,000 once, then 5% a day of the unpaid amount',
  cost: cost('apr', { amount: 50_000_00, fee: 2_500_00, received: 47_500_00, interest: 4_550_00, totalRepay: 54_550_00, termDays: 91 }),
  repay_plans: [
    { title: 'Installment 1', amount: 18_184_00, description: 'Principal and interest', pay_time: '2026-04-01' },
    { title: 'Installment 2', amount: 18_183_00, description: 'Principal and interest', pay_time: '2026-05-01' },
    { title: 'Installment 3', amount: 18_183_00, description: 'Principal and interest', pay_time: '2026-05-31' },
  ],
  market: 'IN',
})

function answer(offer = loanConfirm()) {
  const pushes: MockRequest['form'][] = []
  server.use(
    mockCall(loanDetailConfirm, offer),
    mockCall(contractList, ({ query }) => (query.get('scene') === '3' && query.get('productId') === String(offer.productId) ? CONTRACTS : [])),
    mockCall(loanDetailPush, ({ form }) => {
      pushes.push(form)
      return { lendDetailsUrl: '/loan-detail?productId=3&orderId=K2026000099', orderNo: 'K2026000099' }
    }),
    mockCall(loanDetails, loanDetailsData({ orderNo: 'K2026000099', orderStatus: 21, productName: 'Dana Kilat', noticeStatusText: 'Sedang ditinjau' })),
  )
  return pushes
}

describe('/loan-confirm', () => {
  it('shows the offer, its cost with the daily rate in Indonesia, and no popup before pushing', async () => {
    const pushes = answer()
    const { user, router } = await renderApp('/loan-confirm?productId=3')
    expect(await screen.findByRole('heading', { level: 1, name: 'Konfirmasi pinjaman' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Konfirmasi pinjaman · Kilat'))
    expect(screen.getByText('Jumlah pinjaman')).toBeInTheDocument()
    expect(screen.getByText('Rp 15.000.000,00')).toBeInTheDocument()
    const info = screen.getByRole('region', { name: 'Informasi pinjaman' })
    expect(within(info).getByText('Biaya admin')).toBeInTheDocument()
    expect(within(info).getByText('Total pengembalian')).toBeInTheDocument()
    expect(screen.getByText('Jangka waktu').nextSibling).toHaveTextContent('91 hari')

    const costBox = screen.getByRole('region', { name: 'Dana diterima dan pengembalian' })
    expect(within(costBox).getByText('Dana diterima (setelah biaya Rp 750.000,00)').nextSibling).toHaveTextContent('Rp 14.250.000,00')
    expect(within(costBox).getByText('Total pengembalian').nextSibling).toHaveTextContent('Rp 16.350.000,00')
    expect(within(costBox).getByText('Bunga harian').nextSibling).toHaveTextContent('0,10%/hari')
    expect(screen.queryByRole('table')).not.toBeInTheDocument()

    const box = screen.getByRole('checkbox', { name: 'Saya telah membaca dan menyetujui perjanjian berikut' })
    const confirm = screen.getByRole('button', { name: 'Konfirmasi pinjaman' })
    expect(box).toBeChecked()
    expect(confirm).toBeEnabled()
    await user.click(box)
    expect(confirm).toBeDisabled()
    expect(confirm).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByText('Centang kotak untuk menyetujui perjanjian terlebih dahulu.')).toBeInTheDocument()
    await user.click(box)
    expect(confirm).toBeEnabled()

    await user.click(confirm)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/loan-detail'))
    expect(Object.fromEntries(pushes[0]!)).toEqual({ amount: '1500000000', periods: '91', termUnit: 'day', productId: '3' })
    expect(new URLSearchParams(router.state.location.search).get('orderId')).toBe('K2026000099')
    expect(await screen.findByRole('heading', { level: 2, name: 'Sedang ditinjau' })).toBeInTheDocument()
  })

  it('shows India’s Key Fact Statement and asks to agree in a popup: Cancel stays, Agree pushes', async () => {
    const pushes = answer(INDIA)
    const { user, router } = await renderApp('/loan-confirm?productId=7&isNeedPop=1&lang=en')
    const kfs = await screen.findByRole('table', { name: 'Key Fact Statement' })
    const row = (name: string) => within(kfs).getByRole('rowheader', { name }).nextSibling
    expect(row('Loan amount')).toHaveTextContent('₹ 50.000,00')
    expect(row('Fees deducted')).toHaveTextContent('₹ 2.500,00')
    expect(row('Net amount disbursed')).toHaveTextContent('₹ 47.500,00')
    expect(row('Total interest')).toHaveTextContent('₹ 4.550,00')
    expect(row('Total amount to repay')).toHaveTextContent('₹ 54.550,00')
    expect(row('Annual percentage rate (APR)')).toHaveTextContent(/^45,63%$/)
    expect(row('Loan term')).toHaveTextContent('91 days')
    expect(row('Late payment charges')).toHaveTextContent('Rs.1,000 once, then 5% a day of the unpaid amount')
    // Before the confirm button.
    const confirm = screen.getByRole('button', { name: 'Confirm loan' })
    expect(kfs.compareDocumentPosition(confirm) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()

    await user.click(confirm)
    const dialog = await screen.findByRole('dialog', { name: 'Loan agreement' })
    expect(within(dialog).getByText('Please read the loan agreement before you confirm.')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(pushes).toHaveLength(0)

    await user.click(confirm)
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Agree' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/loan-detail'))
    expect(Object.fromEntries(pushes[0]!)).toMatchObject({ amount: '5000000', productId: '7' })
  })

  it('gives the India text set the Key Fact Statement even for a loan quoted by its daily rate', async () => {
    answer(loanConfirm({ languageType: 1, note: 'Late fee Rs.1,000', cost: cost('dailyRate', { headline: { kind: 'dailyRate', bps: 10, text: '0,10%/day' } }) }))
    await renderApp('/loan-confirm?productId=3&isNeedPop=1&lang=en')
    const kfs = await screen.findByRole('table', { name: 'Key Fact Statement' })
    expect(within(kfs).getByRole('rowheader', { name: 'Daily interest rate' }).nextSibling).toHaveTextContent('0,10%/day')
    expect(within(kfs).queryByRole('rowheader', { name: 'Annual percentage rate (APR)' })).not.toBeInTheDocument()
  })

  it('shows the first repayment and every repayment on request; Mexico quotes the CAT', async () => {
    answer({ ...INDIA, languageType: 2, popAgreementUrl: '', cost: cost('cat'), market: 'MX' })
    const { user } = await renderApp('/loan-confirm?productId=7&market=MX')
    const plan = await screen.findByRole('region', { name: 'Plan de pagos' })
    expect(within(plan).getAllByRole('listitem')).toHaveLength(1)
    expect(within(plan).getByText('Installment 1')).toBeInTheDocument()
    const toggle = within(plan).getByRole('button', { name: 'Ver los 3 pagos' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(within(plan).getAllByRole('listitem')).toHaveLength(3)
    expect(within(plan).getByText('2026-05-31')).toBeInTheDocument()
    expect(within(plan).getAllByText('$ 18.183,00')).toHaveLength(2)
    expect(within(plan).getByRole('button', { name: 'Ver menos' })).toHaveAttribute('aria-expanded', 'true')

    expect(screen.getByText('Costo Anual Total (CAT)').nextSibling).toHaveTextContent('CAT 123,45%')
    // No popup outside India, even with an agreement address.
    await user.click(screen.getByRole('button', { name: 'Confirmar préstamo' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('writes every amount in the product’s currency, not the page’s: an India offer on an Indonesian page', async () => {
    // The server writes its lines in the product's currency already.
    const lines = { detail1: [{ title: 'Fee', value: '₹ 2.500,00' }], detail2: [{ title: 'Total to repay', value: '₹ 54.550,00' }] }
    answer({ ...INDIA, ...lines, languageType: 2, popAgreementUrl: '' })
    await renderApp('/loan-confirm?productId=7&lang=en')
    const offer = await screen.findByRole('region', { name: 'Rupee Now' })
    expect(within(offer).getByText('₹ 50.000,00')).toBeInTheDocument()
    const plan = screen.getByRole('region', { name: 'Repayment plan' })
    expect(within(plan).getByText('₹ 18.184,00')).toBeInTheDocument()
    const kfs = screen.getByRole('table', { name: 'Key Fact Statement' })
    expect(within(kfs).getByRole('rowheader', { name: 'Total amount to repay' }).nextSibling).toHaveTextContent('₹ 54.550,00')
    expect(screen.queryByText(/Rp /)).not.toBeInTheDocument()
  })

  it('opens an agreement through contract-jump', async () => {
    answer()
    let jump: URLSearchParams | undefined
    server.use(
      mockCall(contractJump, ({ form }) => {
        jump = form
        return { contract_url: '/contract?productId=3&position=1' }
      }),
      mockCall(contractView, { title: 'Kebijakan privasi', sections: [{ heading: '1. Data', paragraphs: ['Kami menjaga data Anda.'] }], schedule: [], market: 'ID' }),
    )
    const { user, router } = await renderApp('/loan-confirm?productId=3')
    const link = await screen.findByRole('link', { name: 'Kebijakan privasi' })
    expect(link).toHaveAttribute('href', '/contract?productId=3&position=1')
    await user.click(link)
    await waitFor(() => expect(router.state.location.pathname).toBe('/contract'))
    expect(Object.fromEntries(jump!)).toEqual({ productId: '3', position: '1', scene: '3' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Kebijakan privasi' })).toBeInTheDocument()
  })

  it('says so when the address names no product', async () => {
    await renderApp('/loan-confirm?lang=en')
    expect(await screen.findByRole('heading', { level: 2, name: 'Something went wrong' })).toBeInTheDocument()
  })
})
