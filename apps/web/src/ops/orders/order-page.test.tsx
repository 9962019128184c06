import { collectionContacts, opsBorrowerKyc, opsOrderDecision, orderAdjustments, orderScreen, staffMe, type DataOf } from '@kilat/contract'
import { formatMoney } from '@kilat/domain'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockCall, server } from '../../test/msw'
import { renderOps, staffOf } from '../test/render-ops'

type Screen = DataOf<typeof orderScreen>

const ORDER_NO = 'K2026120223011692'
/** What the borrower receives, as the market writes it (Rp 4.875.000,00). */
const RECEIVED = formatMoney(487_500_000, 'ID')

function orderScreenOf(order: Partial<Screen['order']>, more: Partial<Screen> = {}): Screen {
  return {
    order: {
      orderNo: ORDER_NO,
      market: 'ID',
      status: 21,
      productId: 1,
      productName: 'Kilat Cepat',
      amount: 500_000_000,
      received: 487_500_000,
      totalRepay: 530_000_000,
      termUnit: 'day',
      termDays: 30,
      periods: 1,
      phoneMasked: '+62812******66',
      appliedAt: '2026-12-02T16:01:00.000Z',
      decidedAt: null,
      disbursedAt: null,
      dueAt: null,
      productLogo: '',
      dailyRateBps: 10,
      fee: 12_500_000,
      interest: 30_000_000,
      paid: 0,
      owedNow: 0,
      settledAt: null,
      ...order,
    },
    borrower: { earlierOrders: 0, repaymentsCount: 0, repaymentsSum: 0, worstDaysOverdue: 0 },
    timeline: [],
    schedule: [],
    payments: [],
    ledger: [],
    lateCharges: { charged: 0, paid: 0, accruedThrough: null },
    complaints: [],
    payouts: [],
    payoutEvents: [],
    ...more,
  }
}

function answer(data: Screen) {
  server.use(
    mockCall(staffMe, staffOf('risk')),
    mockCall(orderScreen, data),
    // instant decisions: an order the system did not decide shows no decision panel
    mockCall(opsOrderDecision, { decision: null }),
    mockCall(collectionContacts, { orderNo: ORDER_NO, market: 'ID', localNow: '2026-12-02 23:01', windowHours: '08:00-20:00', windowOpen: false, contacts: [] }),
    mockCall(orderAdjustments, {
      orderNo: ORDER_NO,
      market: 'ID',
      status: data.order.status,
      productName: 'Kilat Cepat',
      limits: { lateChargesOwed: 0, interestOwed: 0, overpaid: 0, refunded: 0, refundable: 0, totalOwed: 0 },
      adjustments: [],
    }),
    mockCall(opsBorrowerKyc, {
      identity: {
        fullName: 'Budi Santoso',
        documentKind: 'nik',
        documentMasked: '3273 **** **** 0001',
        birthYear: 1990,
        kycResult: 'verified',
        kycVendor: 'demo-kyc',
        version: 1,
        history: [],
        updatedAt: '2026-12-01T02:00:00.000Z',
      },
      payoutAccount: { kind: 'bank', institution: 'BCA', last4: '2345', masked: 'BCA •••• 2345', nameCheck: 'match', payable: true, updatedAt: '2026-12-01T02:00:00.000Z', holderName: 'BUDI SANTOSO', checkedAt: '2026-12-01T02:05:00.000Z' },
      canReveal: true,
    }),
  )
}

/** A heading cell of that text: a label of the summary (Ant Design's bordered descriptions) or a column's. */
const headingCell = (label: string) => [...document.querySelectorAll('th')].find((th) => th.textContent === label)

/** The summary's value beside a label (a th, then its td). */
function summaryValue(label: string): string {
  const th = headingCell(label)
  if (!th) throw new Error(`no label ${label}`)
  return th.nextElementSibling?.textContent ?? ''
}

describe('the order screen', () => {
  it('says an order under review is still to pay out, names complaint states and says when no history was kept', async () => {
    answer(
      orderScreenOf(
        {},
        { complaints: [{ id: 31, status: 'replied', problemType: 2, detail: 'Pembayaran saya belum tercatat.', replyDue: '2026-12-07', createdAt: '2026-12-02T17:00:00.000Z', repliedAt: '2026-12-02T18:00:00.000Z' }] },
      ),
    )
    await renderOps(`/ops/orders/${ORDER_NO}?market=ID`)
    expect(await screen.findByRole('heading', { name: `Order ${ORDER_NO}` }, { timeout: 8000 })).toBeInTheDocument()

    // not "Paid out" before any payout: what it will pay, with no payout date
    expect(summaryValue('To pay out')).toBe(RECEIVED)
    expect(headingCell('Paid out')).toBeUndefined()
    expect(summaryValue('Paid out on')).toBe('—')

    // the complaint's state by its name, never the key
    const complaints = screen.getByRole('heading', { name: 'Complaints' }).closest('section')!
    expect(within(complaints).getByText('Replied')).toBeInTheDocument()
    expect(within(complaints).queryByText('replied')).toBeNull()

    // a seeded order has no history: the card says so
    const timeline = screen.getByRole('heading', { name: 'Timeline' }).closest('section')!
    expect(within(timeline).getByText('No status change has been recorded for this order.')).toBeInTheDocument()
  })

  it('shows the paid-out amount with its date once the payout completed', async () => {
    const completedAt = '2026-12-03T03:00:00.000Z'
    answer(
      orderScreenOf(
        { status: 174, decidedAt: '2026-12-02T17:00:00.000Z', disbursedAt: completedAt, dueAt: '2027-01-02T03:00:00.000Z' },
        {
          timeline: [
            { from: null, to: 21, actor: 'borrower', staffId: null, staffEmail: null, reason: null, note: null, at: '2026-12-02T16:01:00.000Z' },
            { from: 21, to: 151, actor: 'staff', staffId: 3, staffEmail: 'risk@demo.kilat.example.com', reason: null, note: null, at: '2026-12-02T17:00:00.000Z' },
          ],
        },
      ),
    )
    await renderOps(`/ops/orders/${ORDER_NO}?market=ID`)
    expect(await screen.findByRole('heading', { name: `Order ${ORDER_NO}` }, { timeout: 8000 })).toBeInTheDocument()
    // Jakarta time: 10:00 on the day it arrived
    expect(summaryValue('Paid out on')).toMatch(/^2026-12-03 10:00/)
    expect(summaryValue('Paid out')).toBe(`${RECEIVED} · ${summaryValue('Paid out on')}`)
    expect(headingCell('To pay out')).toBeUndefined()
    const timeline = screen.getByRole('heading', { name: 'Timeline' }).closest('section')!
    expect(within(timeline).getByText(/risk@demo\.kilat\.example\.com/)).toBeInTheDocument()
    expect(within(timeline).queryByText('No status change has been recorded for this order.')).toBeNull()
  })

  it("shows the borrower's identity and payout account masked, under the summary", async () => {
    answer(orderScreenOf({}))
    await renderOps(`/ops/orders/${ORDER_NO}?market=ID`)
    const heading = await screen.findByRole('heading', { name: 'Borrower identity and payout account' }, { timeout: 8000 })
    const panel = heading.closest('section')!
    expect(await within(panel).findByText('3273 **** **** 0001')).toBeInTheDocument()
    expect(within(panel).getByText('BCA •••• 2345')).toBeInTheDocument()
    expect(within(panel).getByText('Matches the identity')).toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'Reveal the document number' })).toBeInTheDocument()
    // right after the summary, before the timeline
    const timeline = screen.getByRole('heading', { name: 'Timeline' }).closest('section')!
    expect(panel.compareDocumentPosition(timeline) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('names the amount signed for and the amount owed now, late charges included, apart', async () => {
    // an overdue order: 5.525.000 signed for, 15.000 of late charges on top
    answer(orderScreenOf({ status: 180, totalRepay: 552_500_000, owedNow: 554_000_000, disbursedAt: '2026-11-01T03:00:00.000Z', dueAt: '2026-11-21T03:00:00.000Z' }))
    await renderOps(`/ops/orders/${ORDER_NO}?market=ID`)
    expect(await screen.findByRole('heading', { name: `Order ${ORDER_NO}` }, { timeout: 8000 })).toBeInTheDocument()
    expect(summaryValue('Total to repay (as signed)')).toMatch(/^Rp\s5\.525\.000,00$/)
    expect(summaryValue('Owed now (late charges included)')).toMatch(/^Rp\s5\.540\.000,00$/)
  })
})
