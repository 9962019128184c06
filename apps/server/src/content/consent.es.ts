import type { Section } from './agreement.js'

/** The authorization and privacy consent, in Spanish; `telephone` is the market's customer service. */
export const consent = (telephone: string): Section[] => [
  {
    heading: 'Autorización',
    paragraphs: [
      'Autorizo al Prestamista a verificar mi identidad y mi historial crediticio con sociedades de información crediticia y autoridades competentes.',
      'Autorizo al Prestamista a contactarme por teléfono y SMS sobre mi solicitud y mi préstamo.',
    ],
  },
  {
    heading: 'Datos que usamos',
    paragraphs: [
      'Identidad, número celular, información del dispositivo e historial de préstamos se usan para evaluar la solicitud, depositar y cobrar el préstamo y cumplir obligaciones legales.',
    ],
  },
  {
    heading: 'Protección de datos',
    paragraphs: [
      'Tus datos nunca se venden. Solo se comparten con los proveedores del Prestamista, sociedades de información crediticia y autoridades cuando la ley lo exige, y se guardan de forma segura.',
    ],
  },
  {
    heading: 'Tus derechos',
    paragraphs: [
      'Puedes consultar y corregir tus datos.',
      `Puedes retirar este consentimiento llamando a atención al cliente al ${telephone}. Retirarlo no cancela las obligaciones de un préstamo en curso.`,
    ],
  },
]
