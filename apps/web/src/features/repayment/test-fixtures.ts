import type { DataOf, initPayType, payGuide, vcodeStatus, VirtualAccount } from '@kilat/contract'

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
