import { loanDetails } from '@kilat/contract'
import { ORDER_STATUS } from '@kilat/domain'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { loanDetailsData, type LoanDetailsData } from '../../test/fixtures'
import { fail, mockCall, server } from '../../test/msw'
import { renderApp } from '../../test/render-app'

/** docs/product/loans.md#rejection-reason: a rejected borrower reads why, in the page's language. */

function answer(details: Partial<LoanDetailsData>) {
  const data = loanDetailsData(details)
  server.use(mockCall(loanDetails, ({ query }) => (query.get('orderId') === data.orderNo ? data : fail(1002, 'Not found.', 404))))
  return data
}

const open = (data: LoanDetailsData, lang = '') => renderApp(`/loan-detail?productId=${data.productId}&orderId=${data.orderNo}${lang && `&lang=${lang}`}`)

const rejected = (rejectReason: LoanDetailsData['rejectReason'], noticeStatusText = 'Tidak disetujui') =>
  answer({
    orderStatus: ORDER_STATUS.rejected,
    noticeStatusText,
    noticeDesText: 'Maaf, kami belum dapat menyetujui pengajuan Anda saat ini.',
    rejectReason,
  })

describe('/loan-detail: why a rejected order was not approved', () => {
  it('says the reason under the status, in Indonesian, inside the banner’s region', async () => {
    await open(rejected('overdue_history'))
    const banner = await screen.findByRole('region', { name: 'Tidak disetujui' })
    // a deferred part: it arrives a moment after the screen
    const reason = await within(banner).findByText('Riwayat pembayaran Anda memiliki keterlambatan yang panjang.')
    expect(reason.tagName).toBe('P')
    // below the description, not in place of it
    expect(within(banner).getByText('Maaf, kami belum dapat menyetujui pengajuan Anda saat ini.').compareDocumentPosition(reason)).toBe(Node.DOCUMENT_POSITION_FOLLOWING)
  })

  it('says it in English on an English page', async () => {
    await open(rejected('too_many_applications', 'Not approved'), 'en')
    const banner = await screen.findByRole('region', { name: 'Not approved' })
    expect(await within(banner).findByText('Too many applications in a short time.')).toBeInTheDocument()
    expect(within(banner).queryByText('Terlalu banyak pengajuan dalam waktu singkat.')).not.toBeInTheDocument()
  })

  it('shows the general reason a staff member’s reason was mapped to', async () => {
    await open(rejected('outside_policy', 'Not approved'), 'en')
    const banner = await screen.findByRole('region', { name: 'Not approved' })
    expect(await within(banner).findByText('This application is outside our lending policy.')).toBeInTheDocument()
  })

  it.each([
    ['a due order', { orderStatus: ORDER_STATUS.due, noticeStatusText: 'Payment due' }],
    ['a rejected order without one', { orderStatus: ORDER_STATUS.rejected, noticeStatusText: 'Not approved' }],
  ])('shows no reason for %s, only the description', async (_what, details) => {
    await open(answer({ ...details, noticeDesText: 'The description.', rejectReason: null }), 'en')
    const banner = await screen.findByRole('region', { name: details.noticeStatusText })
    expect(within(banner).getAllByText(/./, { selector: 'p' }).map((p) => p.textContent)).toEqual(['The description.'])
  })
})
