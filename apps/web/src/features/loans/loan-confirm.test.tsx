import { contractJump, contractList, contractView, loanDetailConfirm, loanDetailPush, loanDetails, payoutAccountGet, payoutAccountSet, type DataOf } from '@kilat/contract'
import { formatMoney, ORDER_STATUS } from '@kilat/domain'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { cost, loanConfirm, loanDetailsData, type LoanConfirmData } from '../../test/fixtures'
import { envelope, fail, mockCall, server, type MockRequest } from '../../test/msw'
import { recordBridge } from '../../test/native-bridge'
import { renderApp } from '../../test/render-app'

const CONTRACTS = [
  { title: 'Perjanjian pinjaman', position: 0 },
  { title: 'Kebijakan privasi', position: 1 },
]

const INDIA_LATE = 'Rs.1,000 once (Rs.800 for repeat clients), then 5% a day of the unpaid amount; never more than 100% of it.'

const INDIA = loanConfirm({
  productId: 7,
  productName: 'Rupee Now',
  amount: 50_000_00,
  minAmount: 10_000_00,
  maxAmount: 50_000_00,
  amountStep: 5_000_00,
  languageType: 1,
  popTitle: 'Loan agreement and Key Fact Statement',
  popContent: 'Please read the loan agreement before you confirm.\nYou can cancel within 3 days.',
  popAgreementUrl: '/contract?productId=7&position=0',
  lateCharges: INDIA_LATE,
  disclosure: { heading: 'Lender disclosure', paragraphs: ['Loans run for 91 to 365 days; this loan runs for 91 days.'] },
  cost: cost('apr', { amount: 50_000_00, fee: 2_500_00, received: 47_500_00, interest: 4_550_00, totalRepay: 54_550_00, termDays: 91 }),
  repay_plans: [
    { title: 'Installment 1', amount: 18_184_00, description: 'Principal and interest', pay_time: '2026-04-01' },
    { title: 'Installment 2', amount: 18_183_00, description: 'Principal and interest', pay_time: '2026-05-01' },
    { title: 'Installment 3', amount: 18_183_00, description: 'Principal and interest', pay_time: '2026-05-31' },
  ],
  market: 'IN',
})

/**
 * The server's answer for a choice, priced the simple way (2 % fee, 7 % interest per installment,
 * evenly split), so every figure differs from one amount or count to the next.
 */
function priced(base: LoanConfirmData, form: URLSearchParams): LoanConfirmData {
  const amount = Number(form.get('amount') ?? base.maxAmount)
  const periods = Number(form.get('periods') ?? base.periods)
  const fee = amount / 50
  const interest = (amount * 7 * periods) / 100
  const money = (cents: number) => formatMoney(cents, base.market)
  // Whole cents: the first repayment takes what the split leaves over.
  const each = Math.floor((amount + interest) / periods)
  const first = amount + interest - each * (periods - 1)
  return {
    ...base,
    amount,
    periods,
    detail1: [{ title: 'Admin fee', value: money(fee) }, { title: 'Amount received', value: money(amount - fee) }],
    detail2: [{ title: 'Total interest', value: money(interest) }, { title: 'Total to repay', value: money(amount + interest) }],
    repay_plans: Array.from({ length: periods }, (_, i) => ({
      title: periods === 1 ? 'Repayment' : `Installment ${i + 1}/${periods}`,
      amount: i === 0 ? first : each,
      description: '',
      pay_time: `2026-0${i + 4}-01`,
    })),
    cost: { ...base.cost, amount, fee, received: amount - fee, interest, totalRepay: amount + interest },
    lateCharges: `Late charges: at most 0.10% a day of ${money(amount)} unpaid.`,
    disclosure: { heading: 'Lender disclosure', paragraphs: [`You receive ${money(amount - fee)} and repay ${money(amount + interest)}.`] },
  }
}

type PayoutAccount = NonNullable<DataOf<typeof payoutAccountGet>['account']>

const BCA: PayoutAccount = { kind: 'bank', institution: 'BCA', last4: '7890', masked: 'BCA •••• 7890', nameCheck: 'match', payable: true, updatedAt: '2026-11-30T03:00:00Z' }

/** The borrower's payout account as /payout-account's call answers it (Indonesia's choices). */
function payoutAccount(account: PayoutAccount | null): DataOf<typeof payoutAccountGet> {
  return { account, canChange: true, hasIdentity: true, kinds: ['bank', 'ewallet'], banks: [{ code: 'ID_BCA', name: 'BCA' }], wallets: [{ code: 'DANA', name: 'DANA' }] }
}

function answer(offer = loanConfirm(), account: PayoutAccount | null = BCA) {
  const pushes: MockRequest['form'][] = []
  const quotes: MockRequest['form'][] = []
  server.use(
    mockCall(payoutAccountGet, payoutAccount(account)),
    mockCall(loanDetailConfirm, ({ form }) => {
      quotes.push(form)
      return priced(offer, form)
    }),
    mockCall(contractList, ({ query }) => (query.get('scene') === '3' && query.get('productId') === String(offer.productId) ? CONTRACTS : [])),
    mockCall(loanDetailPush, ({ form }) => {
      pushes.push(form)
      return { lendDetailsUrl: '/loan-detail?productId=3&orderId=K2026000099', orderNo: 'K2026000099' }
    }),
    mockCall(loanDetails, loanDetailsData({ orderNo: 'K2026000099', orderStatus: ORDER_STATUS.submitted, productName: 'Dana Kilat', noticeStatusText: 'Sedang ditinjau' })),
  )
  return { pushes, quotes }
}

const costRow = (name: string | RegExp) => within(screen.getByRole('region', { name: 'What you receive and repay' })).getByText(name).nextSibling

describe('/loan-confirm', () => {
  it('shows the offer, its all-in daily cost, late charges and disclosure in Indonesia, and no popup before pushing', async () => {
    const { pushes } = answer()
    const { user, router } = await renderApp('/loan-confirm?productId=3')
    expect(await screen.findByRole('heading', { level: 1, name: 'Konfirmasi pinjaman' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Konfirmasi pinjaman · Kilat'))
    expect(screen.getByRole('slider', { name: 'Jumlah pinjaman' })).toHaveAttribute('aria-valuetext', 'Rp\u00a015.000.000,00')
    expect(screen.getByText('Rp 15.000.000,00')).toBeInTheDocument()
    const info = screen.getByRole('region', { name: 'Informasi pinjaman' })
    expect(within(info).getByText('Admin fee')).toBeInTheDocument()

    const costBox = screen.getByRole('region', { name: 'Yang Anda terima dan kembalikan' })
    expect(within(costBox).getByText('Jumlah diterima (setelah biaya admin Rp 300.000,00)').nextSibling).toHaveTextContent('Rp 14.700.000,00')
    expect(within(costBox).getByText('Total pengembalian').nextSibling).toHaveTextContent('Rp 16.050.000,00')
    expect(within(costBox).getByText('Biaya harian total (termasuk biaya admin)').nextSibling).toHaveTextContent('0,10%/hari')
    expect(within(costBox).getByText('Late charges: at most 0.10% a day of Rp 15.000.000,00 unpaid.')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    // A single-payment product offers no installment choice.
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument()
    const disclosure = screen.getByRole('region', { name: 'Lender disclosure' })
    expect(disclosure).toHaveTextContent('You receive Rp 14.700.000,00 and repay Rp 16.050.000,00.')

    const box = screen.getByRole('checkbox', { name: 'Saya telah membaca dan menyetujui perjanjian berikut' })
    const confirm = screen.getByRole('button', { name: 'Konfirmasi pinjaman' })
    // Late charges and the disclosure come before accepting.
    expect(disclosure.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
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
    expect(Object.fromEntries(pushes[0]!)).toEqual({ amount: '1500000000', periods: '1', termUnit: 'day', productId: '3' })
    expect(new URLSearchParams(router.state.location.search).get('orderId')).toBe('K2026000099')
    expect(await screen.findByRole('heading', { level: 2, name: 'Sedang ditinjau' })).toBeInTheDocument()
  })

  it('prices the amount the borrower chooses: every figure follows, the address keeps it, push sends it', async () => {
    const { pushes, quotes } = answer()
    const { user, router } = await renderApp('/loan-confirm?productId=3&lang=en&tok=demo-borrower')
    const slider = await screen.findByRole('slider', { name: 'Loan amount' })
    expect(slider).toHaveAttribute('min', '100000000')
    expect(slider).toHaveAttribute('max', '1500000000')
    expect(slider).toHaveAttribute('step', '50000000')
    expect(screen.getByText('Min. Rp 1.000.000')).toBeInTheDocument()
    expect(screen.getByText('Max. Rp 15.000.000')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Raise the loan amount' })).toBeDisabled()
    expect(quotes).toHaveLength(1)

    // A drag: one change per step, one price once it rests.
    for (const value of ['1400000000', '1200000000', '1000000000']) fireEvent.change(slider, { target: { value } })
    expect(slider).toHaveAttribute('aria-valuetext', 'Rp\u00a010.000.000,00')
    expect(screen.getByText('Rp 10.000.000,00')).toBeInTheDocument()
    // Until the new figures arrive, the old ones stay (no skeleton) and confirming waits.
    expect(costRow('Total to repay')).toHaveTextContent('Rp 16.050.000,00')
    expect(screen.getByRole('button', { name: 'Confirm loan' })).toBeDisabled()
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument()

    await waitFor(() => expect(costRow('Total to repay')).toHaveTextContent('Rp 10.700.000,00'))
    expect(quotes.map((form) => form.get('amount'))).toEqual([null, '1000000000'])
    expect(Object.fromEntries(quotes[1]!)).toEqual({ productId: '3', amount: '1000000000', periods: '1' })
    expect(costRow('Amount received (after the Rp 200.000,00 admin fee)')).toHaveTextContent('Rp 9.800.000,00')
    expect(within(screen.getByRole('region', { name: 'What you receive and repay' })).getByText(/^Late charges: .* Rp 10\.000\.000,00 unpaid\.$/)).toBeInTheDocument()
    const info = screen.getByRole('region', { name: 'Loan information' })
    expect(within(info).getByText('Amount received').nextSibling).toHaveTextContent('Rp 9.800.000,00')
    expect(within(screen.getByRole('region', { name: 'Repayment plan' })).getByText('Rp 10.700.000,00')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Lender disclosure' })).toHaveTextContent('You receive Rp 9.800.000,00 and repay Rp 10.700.000,00.')
    // The choice is in the address, replacing the entry; the session token does not come back.
    const search = new URLSearchParams(router.state.location.search)
    expect(search.get('amount')).toBe('1000000000')
    expect(search.get('periods')).toBe('1')
    expect(search.has('tok')).toBe(false)
    expect(router.state.historyAction).toBe('REPLACE')

    // One step down with the button.
    await user.click(screen.getByRole('button', { name: 'Lower the loan amount' }))
    await waitFor(() => expect(costRow('Total to repay')).toHaveTextContent('Rp 10.165.000,00'))
    expect(screen.getByRole('link', { name: 'Perjanjian pinjaman' })).toHaveAttribute(
      'href',
      '/contract?productId=3&position=0&amount=950000000&periods=1&lang=en',
    )

    const confirm = screen.getByRole('button', { name: 'Confirm loan' })
    await waitFor(() => expect(confirm).toBeEnabled())
    await user.click(confirm)
    await waitFor(() => expect(router.state.location.pathname).toBe('/loan-detail'))
    expect(Object.fromEntries(pushes[0]!)).toEqual({ amount: '950000000', periods: '1', termUnit: 'day', productId: '3' })
  })

  it('keeps the choice of the address on a reload, from the first answer', async () => {
    const { quotes } = answer()
    await renderApp('/loan-confirm?productId=3&amount=500000000&periods=1&lang=en')
    expect(await screen.findByRole('slider', { name: 'Loan amount' })).toHaveAttribute('aria-valuetext', 'Rp\u00a05.000.000,00')
    expect(costRow('Total to repay')).toHaveTextContent('Rp 5.350.000,00')
    expect(quotes).toHaveLength(1)
    expect(Object.fromEntries(quotes[0]!)).toEqual({ productId: '3', amount: '500000000', periods: '1' })
  })

  it('lets the borrower choose the number of installments where the product offers several', async () => {
    const { pushes, quotes } = answer(loanConfirm({ termUnit: 'period', periods: 3, periodOptions: [3, 6] }))
    const { user, router } = await renderApp('/loan-confirm?productId=3&lang=en')
    const group = await screen.findByRole('group', { name: 'Number of installments' })
    const three = within(group).getByRole('radio', { name: '3 installments' })
    const six = within(group).getByRole('radio', { name: '6 installments' })
    expect(three).toBeChecked()
    const plan = screen.getByRole('region', { name: 'Repayment plan' })
    expect(within(plan).getByRole('button', { name: 'See all 3 repayments' })).toBeInTheDocument()

    await user.click(six)
    expect(six).toBeChecked()
    await waitFor(() => expect(within(plan).getByRole('button', { name: 'See all 6 repayments' })).toBeInTheDocument())
    expect(Object.fromEntries(quotes.at(-1)!)).toEqual({ productId: '3', amount: '1500000000', periods: '6' })
    expect(costRow('Total to repay')).toHaveTextContent('Rp 21.300.000,00')
    expect(new URLSearchParams(router.state.location.search).get('periods')).toBe('6')

    await user.click(screen.getByRole('button', { name: 'Confirm loan' }))
    await waitFor(() => expect(pushes).toHaveLength(1))
    expect(Object.fromEntries(pushes[0]!)).toEqual({ amount: '1500000000', periods: '6', termUnit: 'period', productId: '3' })
  })

  it('shows India’s Key Fact Statement in rupees, one name per figure, and asks to agree in a popup', async () => {
    const { pushes } = answer(INDIA)
    const { user, router } = await renderApp('/loan-confirm?productId=7&isNeedPop=1&lang=en')
    const kfs = await screen.findByRole('table', { name: 'Key Fact Statement' })
    const row = (name: string) => within(kfs).getByRole('rowheader', { name }).nextSibling
    expect(row('Loan amount')).toHaveTextContent('₹50,000.00')
    expect(row('Admin fee')).toHaveTextContent('₹1,000.00')
    expect(row('Amount received')).toHaveTextContent('₹49,000.00')
    expect(row('Total interest')).toHaveTextContent('₹3,500.00')
    expect(row('Total to repay')).toHaveTextContent('₹53,500.00')
    expect(row('Annual percentage rate (APR)')).toHaveTextContent(/^45\.63%$/)
    expect(row('Term')).toHaveTextContent('91 days')
    expect(row('Late charges')).toHaveTextContent('Late charges: at most 0.10% a day of ₹50,000.00 unpaid.')
    // The same names as the server's lines above it.
    const info = screen.getByRole('region', { name: 'Loan information' })
    for (const name of ['Admin fee', 'Amount received', 'Total interest', 'Total to repay']) expect(within(info).getByText(name)).toBeInTheDocument()
    const confirm = screen.getByRole('button', { name: 'Confirm loan' })
    expect(kfs.compareDocumentPosition(confirm) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()

    await user.click(confirm)
    const dialog = await screen.findByRole('dialog', { name: 'Loan agreement and Key Fact Statement' })
    expect(within(dialog).getByText('Please read the loan agreement before you confirm.')).toBeInTheDocument()
    // The full agreement is the one of the amount and term on screen.
    expect(within(dialog).getByRole('link', { name: 'Read the full agreement' })).toHaveAttribute('href', '/contract?productId=7&position=0&amount=5000000&periods=1')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(pushes).toHaveLength(0)

    await user.click(confirm)
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Agree' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/loan-detail'))
    expect(Object.fromEntries(pushes[0]!)).toMatchObject({ amount: '5000000', periods: '1', productId: '7' })
  })

  it('gives the India text set the Key Fact Statement even for a loan quoted by its daily cost', async () => {
    answer(loanConfirm({ languageType: 1, cost: cost('dailyCost', { headline: { kind: 'dailyCost', bps: 10, text: '0,10%/day' } }) }))
    await renderApp('/loan-confirm?productId=3&isNeedPop=1&lang=en')
    const kfs = await screen.findByRole('table', { name: 'Key Fact Statement' })
    expect(within(kfs).getByRole('rowheader', { name: 'All-in daily cost (fees included)' }).nextSibling).toHaveTextContent('0,10%/day')
    expect(within(kfs).queryByRole('rowheader', { name: 'Annual percentage rate (APR)' })).not.toBeInTheDocument()
  })

  it('Mexico: pesos, the CAT with the product’s late charges beside it, every repayment on request', async () => {
    answer({ ...INDIA, languageType: 2, popAgreementUrl: '', cost: cost('cat'), termUnit: 'period', periods: 3, periodOptions: [3], market: 'MX' })
    const { user } = await renderApp('/loan-confirm?productId=7&market=MX')
    const plan = await screen.findByRole('region', { name: 'Plan de pagos' })
    expect(within(plan).getAllByRole('listitem')).toHaveLength(1)
    expect(within(plan).getByText('Installment 1/3')).toBeInTheDocument()
    const toggle = within(plan).getByRole('button', { name: 'Ver los 3 pagos' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(within(plan).getAllByRole('listitem')).toHaveLength(3)
    expect(within(plan).getByText('2026-06-01')).toBeInTheDocument()
    expect(within(plan).getByText('$20,166.68')).toBeInTheDocument()
    expect(within(plan).getAllByText('$20,166.66')).toHaveLength(2)
    expect(within(plan).getByRole('button', { name: 'Ver menos' })).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('slider', { name: 'Monto del préstamo' })).toHaveAttribute('aria-valuetext', '$50,000.00')

    const cat = screen.getByText('Costo Anual Total (CAT)').parentElement!
    expect(cat).toHaveTextContent('CAT 123.45%')
    // The late-charge terms follow the cost lines, the CAT last among them.
    expect(cat.nextElementSibling).toBeNull()
    expect(cat.closest('dl')!.nextElementSibling).toHaveTextContent('Late charges: at most 0.10% a day of $50,000.00 unpaid.')
    // No popup outside India, even with an agreement address.
    await user.click(screen.getByRole('button', { name: 'Confirmar préstamo' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('writes every amount in the product’s currency, not the page’s: an India offer on an Indonesian page', async () => {
    answer({ ...INDIA, languageType: 2, popAgreementUrl: '' })
    await renderApp('/loan-confirm?productId=7&lang=en')
    const offer = await screen.findByRole('region', { name: 'Rupee Now' })
    expect(within(offer).getByText('₹50,000.00')).toBeInTheDocument()
    expect(within(offer).getByText('Min. ₹10,000')).toBeInTheDocument()
    const kfs = screen.getByRole('table', { name: 'Key Fact Statement' })
    expect(within(kfs).getByRole('rowheader', { name: 'Total to repay' }).nextSibling).toHaveTextContent('₹53,500.00')
    expect(screen.queryByText(/Rp /)).not.toBeInTheDocument()
  })

  it('opens an agreement through contract-jump, carrying the chosen amount and installments', async () => {
    answer()
    let jump: URLSearchParams | undefined
    let view: URLSearchParams | undefined
    server.use(
      mockCall(contractJump, ({ form }) => {
        jump = form
        return { contract_url: '/contract?productId=3&position=1' }
      }),
      mockCall(contractView, ({ query }) => {
        view = query
        return { title: 'Kebijakan privasi', sections: [{ heading: '1. Data', paragraphs: ['Kami menjaga data Anda.'] }], schedule: [], market: 'ID' }
      }),
    )
    const { user, router } = await renderApp('/loan-confirm?productId=3&amount=500000000')
    const link = await screen.findByRole('link', { name: 'Kebijakan privasi' })
    expect(link).toHaveAttribute('href', '/contract?productId=3&position=1&amount=500000000&periods=1')
    await user.click(link)
    await waitFor(() => expect(router.state.location.pathname).toBe('/contract'))
    expect(Object.fromEntries(jump!)).toEqual({ productId: '3', position: '1', scene: '3', amount: '500000000', periods: '1' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Kebijakan privasi' })).toBeInTheDocument()
    expect(Object.fromEntries(view!)).toMatchObject({ productId: '3', position: '1', amount: '500000000', periods: '1' })

    // Back from the agreement: the same choice.
    await user.click(screen.getByRole('button', { name: 'Kembali' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/loan-confirm'))
    expect(await screen.findByRole('slider', { name: 'Jumlah pinjaman' })).toHaveAttribute('aria-valuetext', 'Rp\u00a05.000.000,00')
  })

  it('shows where the money goes, and changing the account on /payout-account shows the new one on the way back', async () => {
    answer()
    server.use(
      http.post(payoutAccountSet.path, async ({ request }) => {
        expect(await request.json()).toEqual({ kind: 'bank', bankCode: 'ID_BCA', accountNo: '0987654321' })
        return HttpResponse.json(envelope(payoutAccountSet, { account: { ...BCA, last4: '4321', masked: 'BCA •••• 4321' } }))
      }),
    )
    const { user, router } = await renderApp('/loan-confirm?productId=3&amount=500000000&lang=en&tok=demo-borrower&dId=device-1')
    const payout = await screen.findByRole('region', { name: 'Where the money goes' })
    expect(within(payout).getByText('BCA •••• 7890')).toBeInTheDocument()
    expect(within(payout).getByText('BCA, ending in 7890')).toBeInTheDocument()
    // The page's shared parameters go along, never the session token.
    const change = within(payout).getByRole('link', { name: 'Change' })
    expect(change).toHaveAttribute('href', '/payout-account?dId=device-1&lang=en')
    // Before the agreements and the confirmation.
    expect(payout.compareDocumentPosition(screen.getByRole('button', { name: 'Confirm loan' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()

    await user.click(change)
    await waitFor(() => expect(router.state.location.pathname).toBe('/payout-account'))
    const form = await screen.findByRole('region', { name: 'Change the account' })
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Bank' }), 'ID_BCA')
    await user.type(within(form).getByRole('textbox', { name: 'Account number' }), '0987654321')
    await user.click(within(form).getByRole('button', { name: 'Save account' }))
    await screen.findByText('BCA •••• 4321')

    await user.click(screen.getByRole('button', { name: 'Back' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/loan-confirm'))
    const back = await screen.findByRole('region', { name: 'Where the money goes' })
    expect(within(back).getByText('BCA •••• 4321')).toBeInTheDocument()
    expect(screen.getByRole('slider', { name: 'Loan amount' })).toHaveAttribute('aria-valuetext', 'Rp\u00a05.000.000,00')
  })

  it('asks for an account when there is none, in the page’s language', async () => {
    answer(loanConfirm(), null)
    await renderApp('/loan-confirm?productId=3')
    const payout = await screen.findByRole('region', { name: 'Dana dikirim ke' })
    expect(within(payout).getByText('Tambahkan rekening untuk menerima pinjaman Anda.')).toBeInTheDocument()
    expect(within(payout).getByRole('link', { name: 'Tambah rekening' })).toHaveAttribute('href', '/payout-account')
  })

  it('keeps the offer when the account cannot be shown, with a way to it', async () => {
    answer()
    server.use(mockCall(payoutAccountGet, fail(1099, 'Something went wrong on our side.', 500)))
    await renderApp('/loan-confirm?productId=3&lang=es')
    const payout = await screen.findByRole('region', { name: 'Dónde recibes el dinero' })
    expect(await within(payout).findByText('No pudimos mostrar tu cuenta aquí.')).toBeInTheDocument()
    expect(within(payout).getByRole('link', { name: 'Ver tu cuenta' })).toHaveAttribute('href', '/payout-account?lang=es')
    expect(screen.getByRole('button', { name: 'Confirmar préstamo' })).toBeEnabled()
  })

  it('names the missing product id when the address has none, with a way back', async () => {
    const sent = recordBridge()
    const { user } = await renderApp('/loan-confirm?lang=en')
    expect(await screen.findByRole('heading', { level: 2, name: 'This link is incomplete' })).toBeInTheDocument()
    expect(screen.getByText('This page needs a product ID (productId), and this link does not carry one. Please open it again from the Kilat app.')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Back' }))
    expect(sent).toEqual([{ name: 'closeWebview', payload: {} }])
  })
})
