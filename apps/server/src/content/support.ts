import type { Locale, Market } from '@kilat/domain'

/**
 * Customer service, the grievance officer and the regulator of each market
 * (docs/product/complaints.md#customer-service-contact, #escalation). The service telephone and
 * email come from the configuration (SERVICE_PHONE_*, SERVICE_EMAIL_*); the rest is fixed here, one
 * place to change.
 */

type L = Record<Locale, string>

export interface MarketSupport {
  hours: L
  grievanceOfficer: { name: string; email: string; phone: string }
  authority: { name: string; phone: string; url: string }
  /** Where to escalate, in the borrower's language. */
  escalation: { title: L; text: L }
}

export const SUPPORT: Readonly<Record<Market, MarketSupport>> = {
  ID: {
    hours: {
      id: 'Senin–Jumat 08.00–20.00 WIB, Sabtu 09.00–15.00 WIB',
      en: 'Monday–Friday 08:00–20:00 WIB, Saturday 09:00–15:00 WIB',
      es: 'Lunes a viernes 08:00–20:00 WIB, sábado 09:00–15:00 WIB',
    },
    grievanceOfficer: { name: 'Dewi Lestari', email: 'pengaduan@kilat.example.com', phone: '+62 21 5098 7701' },
    authority: { name: 'OJK (Otoritas Jasa Keuangan) – Kontak OJK 157', phone: '157', url: 'https://kontak157.ojk.go.id' },
    escalation: {
      title: { id: 'Belum puas dengan penyelesaian kami?', en: 'Not satisfied with how we handled it?', es: '¿No estás conforme con nuestra respuesta?' },
      text: {
        id: 'Hubungi petugas pengaduan kami terlebih dahulu. Bila tetap tidak terselesaikan, Anda dapat mengadu ke Otoritas Jasa Keuangan melalui Kontak OJK 157 (telepon 157, WhatsApp 081 157 157 157, konsumen@ojk.go.id).',
        en: 'Please contact our grievance officer first. If it is still not resolved, you can complain to the Financial Services Authority (OJK) through Kontak OJK 157 (call 157, WhatsApp 081 157 157 157, konsumen@ojk.go.id).',
        es: 'Contacta primero a nuestro responsable de quejas. Si aún no se resuelve, puedes acudir a la Autoridad de Servicios Financieros (OJK) de Indonesia mediante Kontak OJK 157 (teléfono 157, WhatsApp 081 157 157 157, konsumen@ojk.go.id).',
      },
    },
  },
  IN: {
    hours: {
      id: 'Senin–Sabtu 09.00–18.00 IST',
      en: 'Monday–Saturday 09:00–18:00 IST',
      es: 'Lunes a sábado 09:00–18:00 IST',
    },
    grievanceOfficer: { name: 'Anil Kumar, Grievance Redressal Officer', email: 'grievance.in@kilat.example.com', phone: '+91 80 4718 2201' },
    authority: { name: 'RBI Integrated Ombudsman', phone: '14448', url: 'https://cms.rbi.org.in' },
    escalation: {
      title: { id: 'Belum puas dengan penyelesaian kami?', en: 'Not satisfied with how we handled it?', es: '¿No estás conforme con nuestra respuesta?' },
      text: {
        id: 'Hubungi Grievance Redressal Officer kami terlebih dahulu. Bila keluhan Anda ditolak, tidak dijawab dalam 30 hari, atau Anda tidak puas dengan jawabannya, Anda dapat mengadu ke RBI Integrated Ombudsman di cms.rbi.org.in atau nomor bebas pulsa 14448.',
        en: 'Please contact our Grievance Redressal Officer first. If your complaint is rejected, not answered within 30 days, or you are not satisfied with the answer, you can complain to the RBI Integrated Ombudsman at cms.rbi.org.in or on the toll-free number 14448.',
        es: 'Contacta primero a nuestro responsable de atención de quejas. Si tu queja es rechazada, no recibe respuesta en 30 días o la respuesta no te satisface, puedes acudir al Ombudsman Integrado del RBI en cms.rbi.org.in o al número gratuito 14448.',
      },
    },
  },
  MX: {
    hours: {
      id: 'Senin–Jumat 09.00–19.00, Sabtu 09.00–14.00 (waktu Kota Meksiko)',
      en: 'Monday–Friday 09:00–19:00, Saturday 09:00–14:00 (Mexico City time)',
      es: 'Lunes a viernes 09:00–19:00, sábado 09:00–14:00 (hora de la Ciudad de México)',
    },
    grievanceOfficer: { name: 'Unidad Especializada de Atención a Usuarios (UNE)', email: 'une@kilat.example.com', phone: '+52 55 8526 4401' },
    authority: { name: 'CONDUSEF', phone: '55 5340 0999', url: 'https://www.condusef.gob.mx' },
    escalation: {
      title: { id: 'Belum puas dengan penyelesaian kami?', en: 'Not satisfied with how we handled it?', es: '¿No estás conforme con nuestra respuesta?' },
      text: {
        id: 'Hubungi Unit Khusus Layanan Pengguna (UNE) kami terlebih dahulu. Bila tetap tidak terselesaikan, Anda dapat mengadu ke CONDUSEF (55 5340 0999, www.condusef.gob.mx).',
        en: 'Please contact our Specialised User Service Unit (UNE) first. If it is still not resolved, you can complain to CONDUSEF (55 5340 0999, www.condusef.gob.mx).',
        es: 'Acude primero a nuestra Unidad Especializada de Atención a Usuarios (UNE). Si aún no se resuelve, puedes presentar tu queja ante la CONDUSEF (55 5340 0999, www.condusef.gob.mx).',
      },
    },
  },
}
