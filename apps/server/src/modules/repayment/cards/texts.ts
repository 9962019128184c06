import type { Locale } from '@kilat/domain'

/**
 * The card repayment's texts the server writes (the SMS and the sandbox's hosted page), in every
 * language (docs/product/markets-and-formats.md#languages). Error messages are the contract's.
 */
export interface CardTexts {
  /** `amount` as the market writes it; `validity` already counted ("5 menit"). */
  repayCode: (code: string, amount: string, validity: string) => string
  checkout: {
    title: string
    sandboxNote: string
    amount: string
    bill: string
    pay: string
    paid: string
    back: string
    expired: string
    unknown: string
  }
}

export const CARD_TEXTS: Readonly<Record<Locale, CardTexts>> = Object.freeze({
  id: {
    repayCode: (code, amount, validity) =>
      `Kode pembayaran Kilat Anda: ${code} untuk membayar ${amount} dengan kartu. Berlaku ${validity}. Jangan berikan kode ini kepada siapa pun.`,
    checkout: {
      title: 'Pembayaran',
      sandboxNote: 'Halaman uji gateway pembayaran: tidak ada uang sungguhan yang berpindah.',
      amount: 'Jumlah',
      bill: 'Nomor tagihan',
      pay: 'Bayar',
      paid: 'Pembayaran ini sudah diterima.',
      back: 'Kembali ke detail pinjaman',
      expired: 'Halaman pembayaran ini sudah tidak berlaku. Silakan buat pembayaran baru.',
      unknown: 'Halaman pembayaran tidak ditemukan.',
    },
  },
  en: {
    repayCode: (code, amount, validity) =>
      `Your Kilat payment code: ${code} to pay ${amount} by card. Valid for ${validity}. Do not share this code with anyone.`,
    checkout: {
      title: 'Payment',
      sandboxNote: 'Payment gateway test page: no real money moves.',
      amount: 'Amount',
      bill: 'Bill number',
      pay: 'Pay',
      paid: 'This payment has been received.',
      back: 'Back to loan details',
      expired: 'This payment page has expired. Please start a new payment.',
      unknown: 'Payment page not found.',
    },
  },
  es: {
    repayCode: (code, amount, validity) =>
      `Tu código de pago de Kilat: ${code} para pagar ${amount} con tarjeta. Válido por ${validity}. No compartas este código con nadie.`,
    checkout: {
      title: 'Pago',
      sandboxNote: 'Página de prueba de la pasarela de pago: no se mueve dinero real.',
      amount: 'Monto',
      bill: 'Número de cuenta',
      pay: 'Pagar',
      paid: 'Este pago ya se recibió.',
      back: 'Volver al detalle del préstamo',
      expired: 'Esta página de pago ya no es válida. Inicia un pago nuevo.',
      unknown: 'No se encontró la página de pago.',
    },
  },
})
