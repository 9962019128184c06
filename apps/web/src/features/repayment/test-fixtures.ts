import {
  PERIOD_STATUS,
  type DataOf,
  type ExtensionDetail,
  type initPayType,
  type InstallmentPlan,
  type payGuide,
  type repaymentWay,
  type vcodeStatus,
  type VirtualAccount,
} from '@kilat/contract'

/** Answers shaped like the server's, for the repayment screens' tests (amounts in cents). */

export function banks(): DataOf<typeof initPayType> {
  return {
    payType: 1,
    list: [
      { payCode: 'BCA', bankName: 'BCA', method: ['ATM BCA', 'm-BCA (BCA mobile)', 'KlikBCA'] },
      { payCode: 'MANDIRI', bankName: 'Mandiri', method: ['ATM Mandiri', "Livin' by Mandiri"] },
    ],
  }
}

export function markets(): DataOf<typeof initPayType> {
  return {
    payType: 2,
    list: [
      { payCode: 'ALFAMART', bankName: 'Alfamart', method: [] },
      { payCode: 'INDOMARET', bankName: 'Indomaret', method: [] },
    ],
  }
}

export function bankAccount(overrides: Partial<VirtualAccount> = {}): VirtualAccount {
  return {
    amount: 2_575_000_00,
    vcode: '3935800012345678',
    cardNo: 'K2026000005',
    payType: 1,
    payCode: 'BCA',
    payName: 'BCA',
    payStep: [
      { name: 'ATM BCA', steps: ['Masukkan kartu ATM, lalu PIN Anda.', 'Masukkan nomor virtual account 3935800012345678.'] },
      { name: 'm-BCA (BCA mobile)', steps: ['Buka aplikasi BCA mobile.', 'Pilih m-Transfer, lalu BCA Virtual Account.'] },
    ],
    specificNum: 0,
    telephone: '+62 21 5000 0000',
    expiresAt: '2026-04-02 10:00:00',
    status: 'pending',
    market: 'ID',
    accountId: 41,
    ...overrides,
  }
}

export function marketAccount(overrides: Partial<VirtualAccount> = {}): VirtualAccount {
  return bankAccount({
    vcode: 'ALF8800123456',
    payType: 2,
    payCode: 'ALFAMART',
    payName: 'Alfamart',
    payStep: ['Datang ke kasir Alfamart.', 'Sebutkan kode pembayaran ALF8800123456.', 'Bayar Rp 2.575.000,00.'],
    expiresAt: '2026-04-03 10:00:00',
    accountId: 42,
    ...overrides,
  })
}

export function accountStatus(overrides: Partial<DataOf<typeof vcodeStatus>> = {}): DataOf<typeof vcodeStatus> {
  return { accountId: 41, status: 'pending', orderNo: 'K2026000005', orderStatus: 174, paidAt: null, utr: null, ...overrides }
}

export function guide(): DataOf<typeof payGuide> {
  return {
    methods: [
      { payType: 1, payCode: 'BCA', payName: 'BCA', payStep: [{ name: 'ATM BCA', steps: ['Enter the virtual account number [your account number].', 'Check that the amount is [the amount due].'] }] },
      { payType: 1, payCode: 'BNI', payName: 'BNI', payStep: [{ name: 'ATM BNI', steps: ['Choose Transfer.'] }] },
      { payType: 2, payCode: 'ALFAMART', payName: 'Alfamart', payStep: ['Go to the Alfamart cashier.', 'Give the payment code [your payment code].'] },
    ],
    telephone: '+62 21 5000 0000',
  }
}

// The installment plan, the extension and the card repayment.

type Period = InstallmentPlan['repayPlanDetail']['repayWaitDetail'][number]

function period(periodNo: number, totalAmount: number, overrides: Partial<Period> = {}): Period {
  return {
    periodNo,
    totalAmount,
    canClick: 0,
    periodStatus: PERIOD_STATUS.upcoming,
    repayDes: `Installment ${periodNo} of 4`,
    dueTime: `2026-0${periodNo + 2}-01`,
    at: `Rp ${(totalAmount / 100).toLocaleString('de-DE')},00`,
    ...overrides,
  }
}

export function installmentPlan(overrides: Partial<InstallmentPlan> = {}): InstallmentPlan {
  return {
    orderNo: 'K2026000007',
    productName: 'Kilat Cicil',
    productLogo: '/media/products/7.png',
    note: '',
    repayWaitCount: 3,
    lateCharges: 25_000_00,
    market: 'ID',
    repayPlanDetail: {
      repayWaitDetail: [
        period(2, 1_000_000_00, { canClick: 1, periodStatus: PERIOD_STATUS.overdue, repayDes: 'Installment 2 of 4 · Overdue' }),
        period(3, 1_100_000_00),
        period(4, 1_200_000_00),
      ],
      repayYetDetail: [period(1, 900_000_00, { periodStatus: PERIOD_STATUS.paid, repayDes: 'Installment 1 of 4' })],
    },
    telephone: '+62 21 5000 0000',
    ...overrides,
  }
}

export function extensionDetailData(overrides: Partial<ExtensionDetail> = {}): ExtensionDetail {
  return {
    orderNo: 'K2026000005',
    productName: 'Kilat Tunai',
    productLogo: '/media/products/5.png',
    // the extension fee plus the interest due, paid first in the same payment
    delayShouldPayAmount: 275_000_00,
    delayShouldPayText: 'Rp 275.000,00',
    delayExpiryTime: '2026-04-01 23:59:59',
    currentDueDate: '2026-04-01',
    newDueDate: '2026-07-01',
    canPay: 1,
    blockedReason: '',
    orderDetail: {
      detail: [
        { text: 'Product', value: 'Kilat Tunai' },
        { text: 'Loan amount', value: 'Rp 2.500.000,00' },
        { text: 'Due date', value: '2026-04-01' },
        { text: 'New due date', value: '2026-07-01' },
        { text: 'Extension fee', value: 'Rp 150.000,00' },
        { text: 'Interest due now', value: 'Rp 125.000,00' },
        { text: 'Total to pay for the extension', value: 'Rp 275.000,00' },
      ],
    },
    telephone: '+62 21 5000 0000',
    ...overrides,
  }
}

export type RepaymentWayData = DataOf<typeof repaymentWay>

export function repaymentWayData(overrides: Partial<RepaymentWayData> = {}): RepaymentWayData {
  return {
    alipay: 1,
    repayToken: 'token-1',
    bankCards: [
      { id: 11, bankName: 'BCA', cardNo: '523456******1234', bankCode: 'BCA' },
      { id: 12, bankName: 'BNI', cardNo: '412345******9876', bankCode: 'BNI' },
    ],
    amount: 2_575_000_00,
    amountText: 'Rp 2.575.000,00',
    ...overrides,
  }
}
