import { formatPercent, type HeadlineRate, type Locale } from '@kilat/domain'

/** What the product calls say to a borrower, complete in every language (the type checks it). */
export interface ProductTexts {
  inProgress: string
  unavailable: string
  amountRangeDes: string
  /** Suffix of a daily rate: "0,10%/hari". */
  perDay: string
  jumpConfirm: string
  jumpInProgress: string
  jumpPartner: string
  standTitle: string
  standMessage: (productName: string | null) => string
}

export const PRODUCT_TEXTS: Record<Locale, ProductTexts> = {
  id: {
    inProgress: 'Dalam proses',
    unavailable: 'Tidak tersedia',
    amountRangeDes: 'Jumlah pinjaman',
    perDay: '/hari',
    jumpConfirm: 'Lanjutkan untuk mengonfirmasi pinjaman Anda.',
    jumpInProgress: 'Anda sudah memiliki pinjaman yang berjalan untuk produk ini.',
    jumpPartner: 'Anda akan diarahkan ke situs mitra kami.',
    standTitle: 'Login bersama gagal',
    standMessage: (name) =>
      `Kami belum dapat memasukkan Anda${name ? ` ke ${name}` : ''} dengan akun Kilat. Silakan coba lagi nanti atau pilih produk lain di bawah ini.`,
  },
  en: {
    inProgress: 'In progress',
    unavailable: 'Not available',
    amountRangeDes: 'Loan amount',
    perDay: '/day',
    jumpConfirm: 'Continue to confirm your loan.',
    jumpInProgress: 'You already have a running loan with this product.',
    jumpPartner: 'You will be taken to our partner’s site.',
    standTitle: 'Joint login failed',
    standMessage: (name) =>
      `We could not sign you in${name ? ` to ${name}` : ''} with your Kilat account. Please try again later or choose another product below.`,
  },
  es: {
    inProgress: 'En proceso',
    unavailable: 'No disponible',
    amountRangeDes: 'Monto del préstamo',
    perDay: '/día',
    jumpConfirm: 'Continúa para confirmar tu préstamo.',
    jumpInProgress: 'Ya tienes un préstamo en curso con este producto.',
    jumpPartner: 'Te llevaremos al sitio de nuestro socio.',
    standTitle: 'Falló el inicio de sesión conjunto',
    standMessage: (name) =>
      `No pudimos iniciar tu sesión${name ? ` en ${name}` : ''} con tu cuenta Kilat. Inténtalo más tarde o elige otro producto abajo.`,
  },
}

/**
 * The figure each market compares loans by, as the borrower reads it: the daily rate in Indonesia
 * ("0,10%/hari"), the APR in India ("APR 45,63%"), the CAT in Mexico ("CAT 123,45%"). The names
 * APR and CAT are regulatory terms and stay as they are in every language.
 */
export function headlineText(headline: HeadlineRate, locale: Locale): string {
  const percent = formatPercent(headline.bps)
  if (headline.kind === 'apr') return `APR ${percent}`
  if (headline.kind === 'cat') return `CAT ${percent}`
  return `${percent}${PRODUCT_TEXTS[locale].perDay}`
}
