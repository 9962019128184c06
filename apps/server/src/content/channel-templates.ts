import type { Locale, Market } from '@kilat/domain'
import type { NewChannelTemplate, TemplateCopy } from '../db/schema.js'
import { INR, MXN, RP } from './claims.js'

/**
 * The promotion landing pages (docs/product/registration.md#channel-templates), one per market,
 * in every language. Product content: the reference seed writes them into every database, so
 * `/register?id=1` works with or without demo data. The claims are each market's own
 * (docs/product/markets-and-formats.md#text-sets).
 */

/** Where the images of the templates are served (modules/registration serves them). */
export const promotionImageUrl = (name: string) => `/media/promotion/${encodeURIComponent(name)}.svg`

const ANDROID_URL = 'https://play.google.com/store/apps/details?id=id.kilat.app'
const IOS_URL = 'https://apps.apple.com/app/kilat/id0000000000'

type Copies = Record<Locale, TemplateCopy>

const INDONESIA: Copies = {
  id: {
    title: `Pinjaman cepat hingga ${RP.max}`,
    subtitle: 'Lebih dari 3 juta pengguna. Dana cair dalam 2 jam.',
    highlights: [
      { title: `${RP.min} - ${RP.max}`, text: 'Pilih jumlah yang Anda butuhkan.' },
      { title: 'Cair dalam 2 jam', text: 'Pengajuan online, tanpa jaminan.' },
      { title: 'Syarat mudah', text: `Penghasilan ${RP.income} ke atas.` },
    ],
    buttonText: 'Daftar sekarang',
    agreementText: 'Dengan mendaftar, Anda menyetujui',
    agreementLinkText: 'Perjanjian Pengguna',
    riskNote:
      'Pinjaman adalah kewajiban yang harus dilunasi. Pinjamlah sesuai kemampuan bayar Anda; keterlambatan menimbulkan denda dan dicatat di SLIK OJK.',
    bannerAlt: 'Ponsel dengan dana pinjaman yang masuk ke rekening',
  },
  en: {
    title: `Fast loans up to ${RP.max}`,
    subtitle: 'Over 3 million users. Money in your account within 2 hours.',
    highlights: [
      { title: `${RP.min} - ${RP.max}`, text: 'Choose the amount you need.' },
      { title: 'Paid within 2 hours', text: 'Apply online, no collateral.' },
      { title: 'Simple requirements', text: `An income of ${RP.income} or more.` },
    ],
    buttonText: 'Register now',
    agreementText: 'By registering you agree to the',
    agreementLinkText: 'User Agreement',
    riskNote:
      'A loan must be repaid. Borrow only what you can repay; late payment adds late charges and is reported to OJK\'s credit bureau (SLIK).',
    bannerAlt: 'A phone with loan money arriving in the account',
  },
  es: {
    title: `Préstamos rápidos de hasta ${RP.max}`,
    subtitle: 'Más de 3 millones de usuarios. El dinero en tu cuenta en 2 horas.',
    highlights: [
      { title: `${RP.min} - ${RP.max}`, text: 'Elige el monto que necesitas.' },
      { title: 'Depósito en 2 horas', text: 'Solicitud en línea, sin garantía.' },
      { title: 'Requisitos sencillos', text: `Ingresos de ${RP.income} o más.` },
    ],
    buttonText: 'Regístrate ahora',
    agreementText: 'Al registrarte aceptas el',
    agreementLinkText: 'Acuerdo de usuario',
    riskNote:
      'Un préstamo se debe pagar. Pide solo lo que puedas pagar; el atraso genera cargos y se reporta al buró de crédito de la OJK (SLIK).',
    bannerAlt: 'Un teléfono con el dinero del préstamo llegando a la cuenta',
  },
}

const INDIA: Copies = {
  en: {
    title: `Instant loans from ${INR.min} to ${INR.max}`,
    subtitle: 'Over 3 million users. Money in your bank within 2 hours.',
    highlights: [
      { title: `${INR.min} - ${INR.max}`, text: 'Choose the amount you need.' },
      { title: 'Within 2 hours', text: 'Apply online, fully paperless.' },
      { title: 'Salaried earners', text: `A monthly salary of ${INR.salary} or more.` },
    ],
    buttonText: 'Register now',
    agreementText: 'By registering you agree to the',
    agreementLinkText: 'User Agreement',
    riskNote: 'A loan must be repaid. Borrow only what you can repay; late payment adds charges and affects your credit score.',
    bannerAlt: 'A phone with loan money arriving in the bank account',
  },
  id: {
    title: `Pinjaman instan ${INR.min} hingga ${INR.max}`,
    subtitle: 'Lebih dari 3 juta pengguna. Dana masuk ke rekening dalam 2 jam.',
    highlights: [
      { title: `${INR.min} - ${INR.max}`, text: 'Pilih jumlah yang Anda butuhkan.' },
      { title: 'Dalam 2 jam', text: 'Pengajuan online, tanpa kertas.' },
      { title: 'Karyawan bergaji', text: `Gaji bulanan ${INR.salary} ke atas.` },
    ],
    buttonText: 'Daftar sekarang',
    agreementText: 'Dengan mendaftar, Anda menyetujui',
    agreementLinkText: 'Perjanjian Pengguna',
    riskNote: 'Pinjaman harus dilunasi. Pinjamlah sesuai kemampuan bayar Anda; keterlambatan menimbulkan denda dan memengaruhi skor kredit Anda.',
    bannerAlt: 'Ponsel dengan dana pinjaman yang masuk ke rekening',
  },
  es: {
    title: `Préstamos al instante de ${INR.min} a ${INR.max}`,
    subtitle: 'Más de 3 millones de usuarios. El dinero en tu banco en 2 horas.',
    highlights: [
      { title: `${INR.min} - ${INR.max}`, text: 'Elige el monto que necesitas.' },
      { title: 'En 2 horas', text: 'Solicitud en línea, sin papeles.' },
      { title: 'Asalariados', text: `Un sueldo mensual de ${INR.salary} o más.` },
    ],
    buttonText: 'Regístrate ahora',
    agreementText: 'Al registrarte aceptas el',
    agreementLinkText: 'Acuerdo de usuario',
    riskNote: 'Un préstamo se debe pagar. Pide solo lo que puedas pagar; el atraso genera cargos y afecta tu historial crediticio.',
    bannerAlt: 'Un teléfono con el dinero del préstamo llegando a la cuenta',
  },
}

const MEXICO: Copies = {
  es: {
    title: `Préstamos de ${MXN.min} a ${MXN.max} pesos`,
    subtitle: 'Más de 3 millones de usuarios. Tu dinero en 2 horas.',
    highlights: [
      { title: `${MXN.min} - ${MXN.max}`, text: 'Elige el monto que necesitas.' },
      { title: 'En 2 horas', text: 'Solicitud 100 % en línea, sin aval.' },
      { title: 'Costo claro', text: 'Conoce tu CAT antes de aceptar.' },
    ],
    buttonText: 'Regístrate ahora',
    agreementText: 'Al registrarte aceptas el',
    agreementLinkText: 'Acuerdo de usuario',
    riskNote: 'Un préstamo se debe pagar. Pide solo lo que puedas pagar; el atraso genera cargos moratorios y afecta tu historial en el buró de crédito.',
    bannerAlt: 'Un teléfono con el dinero del préstamo llegando a la cuenta',
  },
  en: {
    title: `Loans from ${MXN.min} to ${MXN.max} pesos`,
    subtitle: 'Over 3 million users. Your money within 2 hours.',
    highlights: [
      { title: `${MXN.min} - ${MXN.max}`, text: 'Choose the amount you need.' },
      { title: 'Within 2 hours', text: 'Apply fully online, no guarantor.' },
      { title: 'Clear cost', text: 'See your CAT before you accept.' },
    ],
    buttonText: 'Register now',
    agreementText: 'By registering you agree to the',
    agreementLinkText: 'User Agreement',
    riskNote: 'A loan must be repaid. Borrow only what you can repay; late payment adds moratory interest and affects your credit bureau record.',
    bannerAlt: 'A phone with loan money arriving in the account',
  },
  id: {
    title: `Pinjaman ${MXN.min} hingga ${MXN.max} peso`,
    subtitle: 'Lebih dari 3 juta pengguna. Dana Anda dalam 2 jam.',
    highlights: [
      { title: `${MXN.min} - ${MXN.max}`, text: 'Pilih jumlah yang Anda butuhkan.' },
      { title: 'Dalam 2 jam', text: 'Pengajuan online penuh, tanpa penjamin.' },
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
