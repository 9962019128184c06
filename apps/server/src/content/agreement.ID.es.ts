import { es as t } from '../i18n/index.js'
import { acceptanceSection, capsOf, chargesLate, loanSection, partiesSection, scheduleSection, tierPhrase, type AgreementContent } from './agreement.js'

/**
 * Indonesia, in Spanish: OJK's rules for consumer lending (docs/product/money-rules.md#caps,
 * #lender-disclosure): the cap in force on the signing date, the all-in daily cost, late charges
 * within the daily limit and the 100 % ceiling, collection without threats, the complaint channel.
 */
export const agreement: AgreementContent = {
  lateCharges: (l) => {
    if (!chargesLate(l)) return 'Este préstamo no tiene cargos por atraso.'
    const caps = capsOf(l)
    const parts = [
      ...(l.fee ? [`una comisión única de ${l.fee.new} (${l.fee.repeat} para clientes recurrentes) el primer día de atraso`] : []),
      ...(l.tiers.length ? [`${tierPhrase(t, l.tiers)} del capital vencido`] : []),
    ]
    return (
      `Cargos por atraso: ${parts.join(', después ')}. Los cargos de un día${l.fee ? ', incluida la comisión única,' : ''} nunca superan el ${caps.lateDaily} del capital vencido, ` +
      `y en total nunca superan el ${l.cap} de ese capital; intereses, comisiones y cargos por atraso juntos nunca superan el ${caps.total} del capital. ` +
      'No se suman a la tasa de interés y no generan intereses.'
    )
  },
  disclosure: (f) => {
    const caps = capsOf(f)
    return {
      heading: 'Condiciones del prestamista',
      paragraphs: [
        `Este préstamo está sujeto al tope de costo de la Autoridad de Servicios Financieros de Indonesia (OJK) para créditos al consumo firmados desde el ${caps.since}: intereses, comisión por apertura y cualquier otra comisión, como máximo el ${caps.dailyCost} del capital por día.`,
        `Costo diario total de este préstamo, es decir intereses y comisión por apertura por día del plazo, sobre el capital: ${f.headline.value}. La comisión por apertura de ${f.fee} se descuenta al depositar; el Acreditado recibe ${f.received} y paga un total de ${f.totalRepay} en ${f.term}.`,
        f.lateCharges,
        'La cobranza es respetuosa: sin amenazas, violencia ni actos que avergüencen al Acreditado, sin contactar a terceros y solo de 08:00 a 20:00, hora local.',
        `Quejas: llama a atención al cliente al ${f.servicePhone}; respondemos en un máximo de 10 días hábiles. Si la respuesta no satisface al Acreditado, puede acudir al centro de contacto de la OJK, 157, o a konsumen@ojk.go.id.`,
      ],
    }
  },
  sections: (f) => [
    partiesSection(t, 'Prestamista: la financiera que presta el servicio Kilat en Indonesia, supervisada por la Autoridad de Servicios Financieros (OJK) (el "Prestamista").', f),
    loanSection(t, f),
    scheduleSection(t, f),
    agreement.disclosure(f),
    acceptanceSection(t, f),
  ],
}
