import { es as t } from '../i18n/index.js'
import { acceptanceSection, chargesLate, loanSection, partiesSection, scheduleSection, tierPhrase, type AgreementContent } from './agreement.js'

/**
 * Mexico, in Spanish (docs/product/money-rules.md#lender-disclosure): the CAT, the product's own late
 * charges (a fixed fee once, then moratory interest) and their limit, collection without threats,
 * the lender's UNE and CONDUSEF.
 */
export const agreement: AgreementContent = {
  lateCharges: (l) => {
    if (!chargesLate(l)) return 'Este préstamo no tiene cargos por atraso.'
    const parts = [
      ...(l.fee ? [`una comisión por pago tardío de ${l.fee.new} (${l.fee.repeat} para clientes recurrentes), una sola vez el primer día de atraso`] : []),
      ...(l.tiers.length ? [`intereses moratorios de ${tierPhrase(t, l.tiers)} sobre el monto vencido no pagado`] : []),
    ]
    return `Cargos por atraso: ${parts.join(', e ')}; juntos nunca superan el ${l.cap} del monto vencido no pagado. No se suman a la tasa de interés ni al CAT y no generan intereses.`
  },
  disclosure: (f) => ({
    heading: 'Información del crédito',
    paragraphs: [
      `CAT (Costo Anual Total) de este crédito: ${f.headline.value} sin IVA, para fines informativos y de comparación, calculado el ${f.signedOn}.`,
      `Tasa de interés: ${f.dailyRate} sobre el capital pendiente. Comisión por apertura de ${f.fee}, descontada al depositar: el Acreditado recibe ${f.received} y paga un total de ${f.totalRepay} en ${f.term}.`,
      f.lateCharges,
      'La cobranza se realiza sin amenazas, intimidación ni insultos, sin contactar a terceros ajenos al crédito y solo de 07:00 a 22:00 horas.',
      `Aclaraciones y quejas: Unidad Especializada de Atención a Usuarios (UNE) del Prestamista, ${f.servicePhone}; respondemos en un máximo de 30 días hábiles. También puedes acudir a la CONDUSEF: 55 5340 0999, www.condusef.gob.mx.`,
    ],
  }),
  sections: (f) => [
    partiesSection(t, 'Prestamista: la sociedad financiera que presta el servicio Kilat en México (el "Prestamista").', f),
    loanSection(t, f),
    scheduleSection(t, f),
    agreement.disclosure(f),
    acceptanceSection(t, f),
  ],
}
