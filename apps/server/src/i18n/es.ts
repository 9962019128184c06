import type { ServerTexts } from './catalogue.js'

/** Español. */
export const es: ServerTexts = {
  counts: {
    days: { one: '# día', other: '# días' },
    installments: { one: '# pago', other: '# pagos' },
    minutes: { one: '# minuto', other: '# minutos' },
  },
  figures: {
    principal: 'Monto del préstamo',
    fee: 'Comisión por apertura',
    received: 'Monto recibido',
    interest: 'Interés total',
    totalRepay: 'Total a pagar',
    term: 'Plazo',
    dailyRate: 'Tasa de interés diaria',
    headline: { dailyCost: 'Costo diario total (incluye comisiones)', apr: 'Tasa anual (APR)', cat: 'Costo Anual Total (CAT)' },
    dueDate: 'Fecha de vencimiento',
    firstDueDate: 'Primer vencimiento',
    lateCharges: 'Cargos por atraso',
    outstanding: 'Saldo pendiente',
    amountDue: 'Monto a pagar ahora',
    orderNo: 'Número de pedido',
    appliedAt: 'Fecha de solicitud',
  },
  rates: {
    perDay: (p) => `${p}/día`,
    headline: { dailyCost: (p) => `${p}/día`, apr: (p) => `APR ${p}`, cat: (p) => `CAT ${p}` },
  },
  loan: {
    termWithInstallments: (days, installments) => `${days} (${installments})`,
    periodTitle: (n, of) => `Pago ${n}/${of}`,
    singlePayment: 'Pago',
    planDescription: (p, i) => `Capital ${p} + intereses ${i}`,
    feeNote: (fee, received) => `La comisión por apertura de ${fee} se descuenta al depositar, así que recibes ${received}.`,
    popTitle: 'Contrato de préstamo y resumen de información clave',
    popContent: (f) =>
      `Antes de aceptar, lee el contrato de préstamo. Recibes ${f.received} (comisión por apertura de ${f.fee} descontada) y pagas ${f.totalRepay} a más tardar el ${f.lastDueDate}; ${f.headline}.`,
    notice: {
      submitted: { title: 'En revisión', description: () => 'Estamos revisando tu solicitud. Tendrás una respuesta en máximo 1 día.' },
      approved: { title: 'Aprobado', description: () => 'Tu préstamo fue aprobado y se está depositando. El dinero llegará a tu cuenta en 1 a 3 días naturales.' },
      rejected: { title: 'No aprobado', description: () => 'Lo sentimos, por ahora no podemos aprobar tu solicitud. Puedes probar otro producto abajo.' },
      repayingInstallments: { title: 'En pago', description: (f) => `Tu siguiente pago de ${f.nextAmount} vence el ${f.nextDueDate}.` },
      due: { title: 'Pago pendiente', description: (f) => `Paga ${f.amountDue} a más tardar el ${f.nextDueDate}.` },
      overdue: {
        title: 'Vencido',
        description: (f) => `Tu pago tiene ${f.overdue} de atraso. Cargos por atraso ${f.penalty}; monto a pagar ahora ${f.amountDue}.`,
      },
      settled: { title: 'Liquidado', description: () => 'Gracias, tu préstamo está liquidado. Puedes solicitar un nuevo préstamo.' },
      partnerRepaying: {
        title: 'En pago con nuestro socio',
        description: (f) => `Este préstamo lo administra nuestro socio ${f.productName}. Paga ${f.amountDue} a más tardar el ${f.nextDueDate} a través del socio.`,
      },
      partnerOverdue: {
        title: 'Vencido con nuestro socio',
        description: (f) => `Tu préstamo con ${f.productName} tiene ${f.overdue} de atraso. Monto a pagar ahora ${f.amountDue}; paga a través del socio.`,
      },
      partnerSettled: { title: 'Liquidado con nuestro socio', description: (f) => `Tu préstamo con ${f.productName} está liquidado. ¡Gracias!` },
    },
    reyDue: (a, d) => `Paga ${a} a más tardar el ${d}.`,
    reyNext: (a, d) => `Siguiente pago de ${a}, vence el ${d}.`,
    reyOverdue: (a, overdue) => `${a} con ${overdue} de atraso.`,
    tier: (rate, from, to, only) =>
      only && from === 1 ? `${rate} diario` : to === null ? `${rate} diario desde el día ${from}` : `${rate} diario del día ${from} al ${to}`,
    and: 'y',
  },
  agreement: {
    agreementTitle: 'Contrato de Préstamo',
    consentTitle: 'Autorización y Aviso de Privacidad',
    parties: 'Partes',
    borrower: (name, phone) => `Acreditado: ${name ?? 'el titular del número celular registrado'}, número celular ${phone} (el "Acreditado").`,
    product: (name) => `Producto: ${name}.`,
    orderNo: (no) => `Número de pedido: ${no}.`,
    loan: 'El préstamo',
    line: (label, value) => `${label}: ${value}.`,
    schedule: 'Calendario de pagos',
    scheduleLine: (title, amount, date) => `${title}: ${amount}, vence el ${date}.`,
    provisional: 'Los vencimientos se cuentan desde la fecha del depósito; las fechas de arriba aplican si el dinero se deposita hoy.',
    acceptance: 'Aceptación',
    acceptanceLines: (date) => [
      'Al marcar la casilla de aceptación y pulsar el botón de confirmar, el Acreditado acepta este contrato de forma electrónica.',
      `Fecha: ${date}.`,
    ],
  },
  products: {
    inProgress: 'En proceso',
    unavailable: 'No disponible',
    amountRangeDes: 'Monto del préstamo',
    jumpConfirm: 'Continúa para confirmar tu préstamo.',
    jumpInProgress: 'Ya tienes un préstamo en curso con este producto.',
    jumpPartner: 'Te llevaremos al sitio de nuestro socio.',
    standTitle: 'Falló el inicio de sesión conjunto',
    standMessage: (name) =>
      `No pudimos iniciar tu sesión${name ? ` en ${name}` : ''} con tu cuenta Kilat. Inténtalo más tarde o elige otro producto abajo.`,
  },
  sms: {
    loginCode: (code, validity) => `Tu código de verificación de Kilat: ${code}. Válido por ${validity}. No compartas este código con nadie.`,
  },
}
