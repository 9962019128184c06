import type { DataOf, OrderCard, problemDetail, problemList } from '@kilat/contract'
import type { ProblemInit } from './api/get-problem-init'

/** Answers shaped like the server's, for the complaint screens' tests. */

export function orderCard(orderNo: string, overrides: Partial<OrderCard> = {}): OrderCard {
  return {
    orderNo,
    productLogo: `/media/products/${orderNo}.png`,
    productName: `Produk ${orderNo.slice(-2)}`,
    status: 174,
    isShow: 1,
    list: [
      { title: 'Jumlah pinjaman', value: 'Rp 2.500.000,00' },
      { title: 'Status', value: 'Menunggu pembayaran' },
    ],
    ...overrides,
  }
}

export function problemInitData(overrides: Partial<ProblemInit> = {}): ProblemInit {
  const orders = [orderCard('K2026000006'), orderCard('K2026000005', { isShow: 0, productName: 'Kilat Tunai' })]
  return {
    problemType: [
      { title: 'Collection', value: 1 },
      { title: 'Repayment', value: 2 },
      { title: 'Fees', value: 3 },
    ],
    problemSonType: [
      { title: 'Rude language', value: 11 },
      { title: 'Contacting my family', value: 12 },
    ],
    problemStatus: 0,
    orderDetail: orders[0]!,
    orderList: orders,
    replyNote: 'We reply within 3 weekdays.',
    ...overrides,
  }
}

export type ComplaintListData = DataOf<typeof problemList>

export function complaintListData(): ComplaintListData {
  return {
    tabs: [
      {
        status: 'processing',
        title: 'Processing',
        list: [
          { id: 31, time: '2026-03-02 10:00:00', type: 'Collection · Rude language', content: 'The collector shouted at me.', status: 'processing', replyDue: '2026-03-05' },
          { id: 30, time: '2026-03-01 09:00:00', type: 'Fees', content: 'Why was I charged twice?', status: 'processing', replyDue: '2026-03-04' },
        ],
      },
      {
        status: 'replied',
        title: 'Replied',
        list: [{ id: 20, time: '2026-02-10 08:30:00', type: 'Repayment', content: 'My payment is not shown.', status: 'replied', replyDue: '2026-02-13' }],
      },
      { status: 'closed', title: 'Closed', list: [] },
    ],
  }
}

export type ComplaintDetailData = DataOf<typeof problemDetail>

export function complaintDetailData(overrides: Partial<ComplaintDetailData> = {}): ComplaintDetailData {
  return {
    problemId: 20,
    type: 'Collection',
    sonType: 'Rude language',
    typeValue: 1,
    sonTypeValue: 11,
    orderNo: 'K2026000006',
    content: 'The collector shouted at me.',
    images: ['/media/complaints/a.jpg', '/media/complaints/b.jpg'],
    disposeDetail: 'We are sorry. The agent has been warned and the calls will stop.',
    disposeImages: ['/media/complaints/reply.png'],
    isScore: 1,
    score: 0,
    status: 'replied',
    outcome: null,
    time: '2026-02-10 08:30:00',
    replyTime: '2026-02-11 14:00:00',
    replyDue: '2026-02-13',
    replyDueText: 'Answered on 2026-02-11',
    overdue: false,
    escalation: null,
    dispute: null,
    ...overrides,
  }
}
