import type { CostSummary, DataOf, loanDetailConfirm, loanDetails, RecommendedProduct } from '@kilat/contract'

/** Answers shaped like the server's, for the loan journey's screens (amounts in cents). */

export function cost(kind: CostSummary['headline']['kind'] = 'dailyRate', overrides: Partial<CostSummary> = {}): CostSummary {
  const bps = { dailyRate: 10, apr: 4563, cat: 12345 }[kind]
  return {
    amount: 15_000_000_00,
    fee: 750_000_00,
    received: 14_250_000_00,
    interest: 1_350_000_00,
    totalRepay: 16_350_000_00,
    termDays: 91,
    headline: { kind, bps, text: { dailyRate: '0,10%/hari', apr: 'APR 45,63%', cat: 'CAT 123,45%' }[kind] },
    ...overrides,
  }
}

export function product(id: number, overrides: Partial<RecommendedProduct> = {}): RecommendedProduct {
  return {
    id,
    productLogo: `/media/products/${id}.png`,
    productName: `Produk ${id}`,
    buttonStatus: 1,
    buttonText: 'Ajukan',
    amountRange: 'Rp 1.000.000 - Rp 15.000.000',
    amountRangeDes: 'Jumlah pinjaman',
    loan_rate: '0,10%/hari',
    productDesc: `Deskripsi produk ${id}`,
    productTags: [`Cepat ${id}`, `Tanpa jaminan ${id}`],
    moduleId: 300,
    isPartner: false,
    cost: cost(),
    market: 'ID',
    ...overrides,
  }
}

export type LoanConfirmData = DataOf<typeof loanDetailConfirm>

export function loanConfirm(overrides: Partial<LoanConfirmData> = {}): LoanConfirmData {
  return {
    productId: 3,
    productLogo: '/media/products/3.png',
    productName: 'Dana Kilat',
    amount: 15_000_000_00,
    periods: 91,
    termUnit: 'day',
    details: [
      { title: 'Jangka waktu', value: '91 hari' },
      { title: 'Bunga', value: '0,10%/hari' },
      { title: 'Tanggal pembayaran', value: '2026-04-01' },
    ],
    detail1: [
      { title: 'Biaya admin', value: 'Rp 750.000,00' },
      { title: 'Dana diterima', value: 'Rp 14.250.000,00' },
    ],
    detail2: [
      { title: 'Bunga', value: 'Rp 1.350.000,00' },
      { title: 'Total pengembalian', value: 'Rp 16.350.000,00' },
    ],
    repay_plans: [{ title: 'Pembayaran 1', amount: 16_350_000_00, description: 'Pokok dan bunga', pay_time: '2026-04-01' }],
    firstPayTime: '2026-04-01',
    firstPeriodDay: 91,
    pRateDsc: '0,10%/hari',
    sendSms: 0,
    isPopType: 0,
    popContent: '',
    popTitle: '',
    popAgreementUrl: '',
    note: '',
    sp_rate: '',
    languageType: 2,
    minAmount: 1_000_000_00,
    maxAmount: 15_000_000_00,
    amountStep: 100_000_00,
    cost: cost(),
    market: 'ID',
    ...overrides,
  }
}

export type LoanDetailsData = DataOf<typeof loanDetails>

export function loanDetailsData(overrides: Partial<LoanDetailsData> = {}): LoanDetailsData {
  return {
    orderNo: 'K2026000005',
    productId: 5,
    orderStatus: 174,
    noticeStatusText: 'Jatuh tempo',
    noticeDesText: 'Silakan bayar sebelum 2026-04-01.',
    recProducts: [
      { ...product(11), enabled: 1, globally: 1, code: 'p11' },
      { ...product(12), enabled: 0, globally: 1, code: 'p12' },
      { ...product(13), enabled: 1, globally: 0, code: 'p13' },
    ],
    productName: 'Kilat Tunai',
    productLogo: '/media/products/5.png',
    userOrderDetail: {
      detail: [
        { text: 'Nomor pesanan', value: 'K2026000005' },
        { text: 'Jumlah pinjaman', value: 'Rp 2.500.000,00' },
      ],
    },
    inside: 1,
    h5Url: '',
    isDelay: 0,
    telephone: '+62 21 5000 0000',
    isScore: '0',
    playeduL: 'https://play.google.com/store/apps/details?id=id.kilat',
    reyMsg: '',
    amountDue: 2_575_000_00,
    market: 'ID',
    ...overrides,
  }
}
