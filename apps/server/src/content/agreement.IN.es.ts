import { count, es as t } from '../i18n/index.js'
import { acceptanceSection, chargesLate, loanSection, partiesSection, scheduleSection, tierPhrase, type AgreementContent } from './agreement.js'
import { prepayDay } from './india.js'

/** India, in Spanish: the lender's terms text (docs/product/money-rules.md#lender-disclosure). */
export const agreement: AgreementContent = {
  lateCharges: (l) => {
    if (!chargesLate(l)) return 'Este préstamo no tiene cargos por atraso.'
    const parts = [
      ...(l.fee ? [`una comisión única de ${l.fee.new} (${l.fee.repeat} para clientes recurrentes) el primer día de atraso`] : []),
      ...(l.tiers.length ? [`${tierPhrase(t, l.tiers)} del monto impagado`] : []),
    ]
    return `Cargos por atraso: ${parts.join(', después ')}; en total nunca superan el ${l.cap} del monto impagado. No se suman a la tasa de interés y no generan intereses.`
  },
  disclosure: (f) => ({
    heading: 'Condiciones del prestamista',
    paragraphs: [
      `Los préstamos tienen un plazo de 91 a 365 días; este préstamo tiene un plazo de ${count('es', f.termDays, 'days')}.`,
      'La decisión sobre la solicitud se toma en máximo 1 día.',
      'Un préstamo aprobado se deposita en la cuenta del Acreditado en 1 a 3 días naturales.',
      `El pago anticipado solo es posible cuando ha pasado la mitad del plazo y no antes de 7 días desde el depósito (para este préstamo: desde el día ${prepayDay(f.termDays)} después del depósito).`,
      f.lateCharges,
      'El Acreditado debe informar cualquier cambio de sus datos personales en un plazo de 3 días.',
      'El Prestamista avisará al Acreditado de una cesión del préstamo con 7 días hábiles de anticipación.',
      'Un monto fijado por sentencia judicial debe pagarse en un plazo de 10 días.',
      'Una prórroga requiere pagar antes todos los intereses y cargos por atraso vencidos y extiende el préstamo por el mismo periodo.',
      `Quejas: llama al ${f.servicePhone}; respondemos en un máximo de 30 días. Si la respuesta no lo resuelve, el Acreditado puede acudir al RBI Integrated Ombudsman (cms.rbi.org.in).`,
    ],
  }),
  sections: (f) => [
    partiesSection(t, 'Prestamista: la financiera no bancaria que presta el servicio Kilat en India (el "Prestamista").', f),
    loanSection(t, f),
    scheduleSection(t, f),
    agreement.disclosure(f),
    acceptanceSection(t, f),
  ],
}
