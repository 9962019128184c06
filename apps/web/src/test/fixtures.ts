import type { CostSummary, DataOf, loanDetailConfirm, loanDetails, RecommendedProduct } from '@kilat/contract'
import { ORDER_STATUS } from '@kilat/domain'

/** Answers shaped like the server's, for the loan journey's screens (amounts in cents). */

export function cost(kind: CostSummary['headline']['kind'] = 'dailyCost', overrides: Partial<CostSummary> = {}): CostSummary {
  const headline = {
    dailyCost: { kind, bps: 10, text: '0,10%/hari' },
    apr: { kind, bps: 4563, text: 'APR 45.63%' },
    cat: { kind, bps: 12345, text: 'CAT 123.45%' },
  }[kind]
  return {
    amount: 15_000_000_00,
    fee: 300_000_00,
    received: 14_700_000_00,
    interest: 1_050_000_00,
    totalRepay: 16_050_000_00,
    termDays: 91,
    headline,
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
    periods: 1,
    termUnit: 'day',
    details: [
      { title: 'Jangka waktu', value: '91 hari' },
      { title: 'Suku bunga', value: '0,08%/hari' },
      { title: 'Tanggal pembayaran', value: '2026-04-01' },
    ],
    detail1: [
      { title: 'Biaya admin', value: 'Rp 300.000,00' },
      { title: 'Jumlah diterima', value: 'Rp 14.700.000,00' },
    ],
    detail2: [
      { title: 'Total bunga', value: 'Rp 1.050.000,00' },
      { title: 'Total pengembalian', value: 'Rp 16.050.000,00' },
    ],
    repay_plans: [{ title: 'Pembayaran', amount: 16_050_000_00, description: 'Pokok Rp 15.000.000,00 + bunga Rp 1.050.000,00', pay_time: '2026-04-01' }],
    firstPayTime: '2026-04-01',
    firstPeriodDay: 91,
    pRateDsc: '0,08%/hari',
    sendSms: 0,
    isPopType: 0,
    popContent: '',
    popTitle: '',
    popAgreementUrl: '',
    note: '',
    sp_rate: '0,10%/hari',
    languageType: 2,
    minAmount: 1_000_000_00,
    maxAmount: 15_000_000_00,
    amountStep: 500_000_00,
    periodOptions: [1],
    lateCharges: 'Denda keterlambatan: 0,10% per hari dari pokok yang belum dibayar; bunga, biaya dan denda tidak pernah melebihi 100% dari pokok.',
    disclosure: {
      heading: 'Ketentuan pemberi pinjaman',
      paragraphs: ['Biaya harian total pinjaman ini 0,10% dari pokok, dalam batas 0,10% yang berlaku.', 'Anda menerima Rp 14.700.000,00 dan membayar Rp 16.050.000,00.'],
    },
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
    orderStatus: ORDER_STATUS.due,
    noticeStatusText: 'Menunggu pembayaran',
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
    amountDuePeriods: 0,
    lastPayment: null,
    market: 'ID',
    payoutInProgress: false,
    rejectReason: null,
    ...overrides,
  }
}
