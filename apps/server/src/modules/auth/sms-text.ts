import type { Locale } from '@kilat/domain'

/** The login SMS in the borrower's language; the brand is Kilat. */
export function loginCodeText(code: string, locale: Locale, ttlSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(ttlSeconds / 60))
  switch (locale) {
    case 'en':
      return `Your Kilat verification code: ${code}. Valid for ${minutes} minutes. Do not share this code with anyone.`
    case 'es':
      return `Tu código de verificación de Kilat: ${code}. Válido por ${minutes} minutos. No compartas este código con nadie.`
    default:
      return `Kode verifikasi Kilat Anda: ${code}. Berlaku ${minutes} menit. Jangan berikan kode ini kepada siapa pun.`
  }
}
