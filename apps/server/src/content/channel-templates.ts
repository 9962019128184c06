import { formatMoneyWhole, MARKET_CLAIMS, type Locale, type Market } from '@kilat/domain'
import { fillText, SHARED_TEXTS } from '@kilat/domain/texts'
import type { NewChannelTemplate, TemplateCopy } from '../modules/registration/registration.service.js'

/**
 * The promotion landing pages (docs/product/registration.md#channel-templates), one per market,
 * in every language. Product content: the reference seed writes them into every database, so
 * `/register?id=1` works with or without demo data. The claims are each market's own, written once
 * for the public site too (docs/product/markets-and-formats.md#text-sets): the title (the amount), the
 * subtitle (the users) and the eligibility come from them.
 */

/** Where the images of the templates are served (modules/registration serves them). */
export const promotionImageUrl = (name: string) => `/media/promotion/${encodeURIComponent(name)}.svg`

const ANDROID_URL = 'https://play.google.com/store/apps/details?id=id.kilat.app'
const IOS_URL = 'https://apps.apple.com/app/kilat/id0000000000'

type Copies = Record<Locale, TemplateCopy>

/** A market's claims in one language, its amounts in the market's format. */
function claimsOf(market: Market, locale: Locale) {
  const words = SHARED_TEXTS[locale].claims[market]
  const amounts = MARKET_CLAIMS[market]
  const money = (cents: number) => formatMoneyWhole(cents, market)
  return {
    subtitle: `${words.users}.`,
    amount: fillText(words.amount, { min: money(amounts.min), max: money(amounts.max) }),
    eligibility: `${fillText(words.eligibility, { salary: money(amounts.salary) })}.`,
  }
}

const ID_CLAIMS = { id: claimsOf('ID', 'id'), en: claimsOf('ID', 'en'), es: claimsOf('ID', 'es') }

const INDONESIA: Copies = {
  id: {
    title: ID_CLAIMS.id.amount,
    subtitle: ID_CLAIMS.id.subtitle,
    highlights: [
      { title: 'Online', text: 'Pengajuan online, tanpa jaminan.' },
      { title: 'Syarat mudah', text: ID_CLAIMS.id.eligibility },
    ],
    buttonText: 'Daftar sekarang',
    agreementText: 'Dengan mendaftar, Anda menyetujui',
    agreementLinkText: 'Perjanjian Pengguna',
    riskNote:
      'Pinjaman adalah kewajiban yang harus dilunasi. Pinjamlah sesuai kemampuan bayar Anda; keterlambatan menimbulkan denda dan dicatat di SLIK OJK.',
    bannerAlt: 'Ponsel dengan dana pinjaman yang masuk ke rekening',
  },
  en: {
    title: ID_CLAIMS.en.amount,
    subtitle: ID_CLAIMS.en.subtitle,
    highlights: [
      { title: 'Online', text: 'Apply online, no collateral.' },
      { title: 'Simple requirements', text: ID_CLAIMS.en.eligibility },
    ],
    buttonText: 'Register now',
    agreementText: 'By registering you agree to the',
    agreementLinkText: 'User Agreement',
    riskNote:
      'A loan must be repaid. Borrow only what you can repay; late payment adds late charges and is reported to OJK\'s credit bureau (SLIK).',
    bannerAlt: 'A phone with loan money arriving in the account',
  },
  es: {
    title: ID_CLAIMS.es.amount,
    subtitle: ID_CLAIMS.es.subtitle,
    highlights: [
      { title: 'En línea', text: 'Solicitud en línea, sin garantía.' },
      { title: 'Requisitos sencillos', text: ID_CLAIMS.es.eligibility },
    ],
    buttonText: 'Regístrate ahora',
    agreementText: 'Al registrarte aceptas el',
    agreementLinkText: 'Acuerdo de usuario',
    riskNote:
      'Un préstamo se debe pagar. Pide solo lo que puedas pagar; el atraso genera cargos y se reporta al buró de crédito de la OJK (SLIK).',
    bannerAlt: 'Un teléfono con el dinero del préstamo llegando a la cuenta',
  },
}

const IN_CLAIMS = { id: claimsOf('IN', 'id'), en: claimsOf('IN', 'en'), es: claimsOf('IN', 'es') }

const INDIA: Copies = {
  en: {
    title: IN_CLAIMS.en.amount,
    subtitle: IN_CLAIMS.en.subtitle,
    highlights: [
      { title: 'Online', text: 'Apply online, fully paperless.' },
      { title: 'Salaried earners', text: IN_CLAIMS.en.eligibility },
    ],
    buttonText: 'Register now',
    agreementText: 'By registering you agree to the',
    agreementLinkText: 'User Agreement',
    riskNote: 'A loan must be repaid. Borrow only what you can repay; late payment adds charges and affects your credit score.',
    bannerAlt: 'A phone with loan money arriving in the bank account',
  },
  id: {
    title: IN_CLAIMS.id.amount,
    subtitle: IN_CLAIMS.id.subtitle,
    highlights: [
      { title: 'Online', text: 'Pengajuan online, tanpa kertas.' },
      { title: 'Karyawan bergaji', text: IN_CLAIMS.id.eligibility },
    ],
    buttonText: 'Daftar sekarang',
    agreementText: 'Dengan mendaftar, Anda menyetujui',
    agreementLinkText: 'Perjanjian Pengguna',
    riskNote: 'Pinjaman harus dilunasi. Pinjamlah sesuai kemampuan bayar Anda; keterlambatan menimbulkan denda dan memengaruhi skor kredit Anda.',
    bannerAlt: 'Ponsel dengan dana pinjaman yang masuk ke rekening',
  },
  es: {
    title: IN_CLAIMS.es.amount,
    subtitle: IN_CLAIMS.es.subtitle,
    highlights: [
      { title: 'En línea', text: 'Solicitud en línea, sin papeles.' },
      { title: 'Asalariados', text: IN_CLAIMS.es.eligibility },
    ],
    buttonText: 'Regístrate ahora',
    agreementText: 'Al registrarte aceptas el',
    agreementLinkText: 'Acuerdo de usuario',
    riskNote: 'Un préstamo se debe pagar. Pide solo lo que puedas pagar; el atraso genera cargos y afecta tu historial crediticio.',
    bannerAlt: 'Un teléfono con el dinero del préstamo llegando a la cuenta',
  },
}

const MX_CLAIMS = { id: claimsOf('MX', 'id'), en: claimsOf('MX', 'en'), es: claimsOf('MX', 'es') }

const MEXICO: Copies = {
  es: {
    title: MX_CLAIMS.es.amount,
    subtitle: MX_CLAIMS.es.subtitle,
    highlights: [
      { title: 'En línea', text: 'Solicitud 100 % en línea, sin aval.' },
      { title: 'Costo claro', text: 'Conoce tu CAT antes de aceptar.' },
    ],
    buttonText: 'Regístrate ahora',
    agreementText: 'Al registrarte aceptas el',
    agreementLinkText: 'Acuerdo de usuario',
    riskNote: 'Un préstamo se debe pagar. Pide solo lo que puedas pagar; el atraso genera cargos moratorios y afecta tu historial en el buró de crédito.',
    bannerAlt: 'Un teléfono con el dinero del préstamo llegando a la cuenta',
  },
  en: {
    title: MX_CLAIMS.en.amount,
    subtitle: MX_CLAIMS.en.subtitle,
    highlights: [
      { title: 'Online', text: 'Apply fully online, no guarantor.' },
      { title: 'Clear cost', text: 'See your CAT before you accept.' },
    ],
    buttonText: 'Register now',
    agreementText: 'By registering you agree to the',
    agreementLinkText: 'User Agreement',
    riskNote: 'A loan must be repaid. Borrow only what you can repay; late payment adds moratory interest and affects your credit bureau record.',
    bannerAlt: 'A phone with loan money arriving in the account',
  },
  id: {
    title: MX_CLAIMS.id.amount,
    subtitle: MX_CLAIMS.id.subtitle,
    highlights: [
      { title: 'Online', text: 'Pengajuan online penuh, tanpa penjamin.' },
      { title: 'Biaya jelas', text: 'Lihat CAT Anda sebelum menyetujui.' },
    ],
    buttonText: 'Daftar sekarang',
    agreementText: 'Dengan mendaftar, Anda menyetujui',
    agreementLinkText: 'Perjanjian Pengguna',
    riskNote: 'Pinjaman harus dilunasi. Pinjamlah sesuai kemampuan bayar Anda; keterlambatan menimbulkan bunga keterlambatan dan memengaruhi catatan kredit Anda.',
    bannerAlt: 'Ponsel dengan dana pinjaman yang masuk ke rekening',
  },
}

const template = (id: number, market: Market, copy: Copies, themeColor: string): NewChannelTemplate => ({
  id,
  market,
  status: 'active',
  appName: 'Kilat',
  copy,
  bannerUrl: promotionImageUrl(`banner-${market.toLowerCase()}`),
  logoUrl: promotionImageUrl('logo'),
  themeColor,
  androidUrl: ANDROID_URL,
  iosUrl: IOS_URL,
})

/** Ids are public (`/register?id=1`): never renumber one. */
export const CHANNEL_TEMPLATES: readonly NewChannelTemplate[] = [
  template(1, 'ID', INDONESIA, '#3360DD'),
  template(2, 'IN', INDIA, '#3360DD'),
  template(3, 'MX', MEXICO, '#3360DD'),
]
