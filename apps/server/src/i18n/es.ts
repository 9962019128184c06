import { SHARED_TEXTS } from '@kilat/domain/texts'
import type { ServerTexts } from './catalogue.js'

/** The texts the web shows too, written once. */
const shared = SHARED_TEXTS.es

/** Español. */
export const es: ServerTexts = {
  counts: {
    days: { one: '# día', other: '# días' },
    installments: { one: '# pago', other: '# pagos' },
    minutes: { one: '# minuto', other: '# minutos' },
  },
  figures: {
    ...shared.figures,
    dailyRate: 'Tasa de interés diaria',
    dueDate: 'Fecha de vencimiento',
    firstDueDate: 'Primer vencimiento',
    outstanding: 'Saldo pendiente',
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
      submitted: { title: shared.statuses.submitted, description: () => 'Estamos revisando tu solicitud. Tendrás una respuesta en máximo 1 día.' },
      approved: { title: shared.statuses.approved, description: () => 'Tu préstamo fue aprobado. Estamos preparando el depósito; el dinero llegará a tu cuenta en 1 a 3 días naturales.' },
      rejected: { title: shared.statuses.rejected, description: () => 'Lo sentimos, por ahora no podemos aprobar tu solicitud. Puedes probar otro producto abajo.' },
      repayingInstallments: { title: shared.statuses.repayingInstallments, description: (f) => `Tu siguiente pago de ${f.nextAmount} vence el ${f.nextDueDate}.` },
      due: { title: shared.statuses.due, description: (f) => `Paga ${f.amountDue} a más tardar el ${f.nextDueDate}.` },
      overdue: {
        title: shared.statuses.overdue,
        description: (f) => `Tu pago tiene ${f.overdue} de atraso. Cargos por atraso ${f.penalty}; monto a pagar ahora ${f.amountDue}.`,
      },
      settled: { title: shared.statuses.settled, description: () => 'Gracias, tu préstamo está liquidado. Puedes solicitar un nuevo préstamo.' },
      partnerRepaying: {
        title: shared.statuses.partnerRepaying,
        description: (f) => `Este préstamo lo administra nuestro socio ${f.productName}. Paga ${f.amountDue} a más tardar el ${f.nextDueDate} a través del socio.`,
      },
      partnerOverdue: {
        title: shared.statuses.partnerOverdue,
        description: (f) => `Tu préstamo con ${f.productName} tiene ${f.overdue} de atraso. Monto a pagar ahora ${f.amountDue}; paga a través del socio.`,
      },
      partnerSettled: { title: shared.statuses.partnerSettled, description: (f) => `Tu préstamo con ${f.productName} está liquidado. ¡Gracias!` },
    },
    payingOut: { title: 'En desembolso', description: 'Tu préstamo fue aprobado y el dinero va en camino a tu cuenta. Tu fecha de pago se cuenta desde el día en que llegue.' },
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
    loanTermsTitle: 'Términos y condiciones del préstamo',
    loanTermsExample: (product, amount, term) => `Las cifras de abajo son un ejemplo: ${product}, ${amount} a ${term}. Las cifras de tu propio préstamo se muestran antes de que lo aceptes, y en tu contrato.`,
    parties: 'Partes',
    borrower: (name, phone) => `Acreditado: ${name ?? 'el titular del número celular registrado'}, número celular ${phone} (el "Acreditado").`,
    product: (name) => `Producto: ${name}.`,
    orderNo: (no) => `Número de pedido: ${no}.`,
    loan: 'El préstamo',
    line: (label, value) => `${label}: ${value}.`,
    schedule: shared.plan.schedule,
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
    amountRangeDes: shared.figures.principal,
    jumpConfirm: 'Continúa para confirmar tu préstamo.',
    jumpInProgress: 'Ya tienes un préstamo en curso con este producto.',
    jumpPartner: 'Te llevaremos al sitio de nuestro socio.',
    standTitle: 'Falló el inicio de sesión conjunto',
    standMessage: (name) =>
      `No pudimos iniciar tu sesión${name ? ` en ${name}` : ''} con tu cuenta Kilat. Inténtalo más tarde o elige otro producto abajo.`,
  },
  complaints: {
    replyNote: 'Respondemos en un máximo de 3 días hábiles (sin contar fines de semana ni días festivos).',
    tabs: { processing: 'En proceso', replied: 'Respondidas', closed: 'Cerradas' },
    replyDue: (d) => `Respuesta a más tardar el ${d}`,
    answeredOn: (d) => `Respondida el ${d}`,
    overdue: (d) => `Debíamos responder a más tardar el ${d}. Lamentamos la demora.`,
    typeWithSub: (t, s) => `${t} · ${s}`,
  },
  chatbot: {
    solved: '¡Qué bueno que te sirvió! ¿Cómo calificarías esta respuesta?',
    notSolved: 'Lamentamos que no te haya servido. Contacta a atención al cliente y lo revisaremos por ti.',
    ratingThanks: 'Gracias por tu calificación. Seguiremos mejorando nuestro servicio.',
    ratingHigh: '¡Gracias por tu calificación!',
    found: 'Esto es lo que encontré:',
    notFound: 'Lo siento, no encontré una respuesta. Contacta a atención al cliente.',
  },
  plan: {
    note: 'Las cuotas se pagan de la más antigua a la más reciente: elegir una elige todas las anteriores. Los cargos por mora, si hay, se pagan con la primera.',
    installment: (n, of) => `Cuota ${n} de ${of}`,
    upcoming: 'Aún no vence',
    overdue: 'Vencida',
    paid: shared.plan.paid,
  },
  extension: {
    product: 'Producto',
    newDueDate: 'Nueva fecha de vencimiento',
    fee: 'Comisión de ampliación',
    interestDue: 'Intereses a pagar ahora',
    total: 'Total a pagar por la ampliación',
  },
  guide: {
    account: '[el número de tu página de pago]',
    amount: '[el monto de tu página de pago]',
  },
  sandbox: {
    title: 'Sandbox de pagos',
    intro: 'Paga una cuenta como lo haría un cliente en el banco o en la tienda. Solo para demostraciones y pruebas: no se mueve dinero real.',
    accountLabel: 'Número de cuenta o referencia de pago',
    submit: 'Pagar esta cuenta',
    paid: 'Pagado. La notificación de la pasarela de pagos está en camino.',
    unknownAccount: 'No hay ninguna cuenta pendiente con este número.',
    alreadyPaid: 'Esta cuenta ya fue pagada.',
    invalid: 'Escribe un número de cuenta (64 caracteres como máximo).',
    again: 'Pagar otra cuenta',
  },
  sms: {
    loginCode: (code, validity) => `Tu código de verificación de Kilat: ${code}. Válido por ${validity}. No compartas este código con nadie.`,
    registerCode: (code, validity) => `Tu código de registro de Kilat: ${code}. Válido por ${validity}. No compartas este código con nadie.`,
    repayCode: (code, amount, validity) =>
      `Tu código de pago de Kilat: ${code} para pagar ${amount} con tarjeta. Válido por ${validity}. No compartas este código con nadie.`,
    paymentReminder: (step, orderNo, amount, date) =>
      `Kilat: tu pago de ${amount} de la orden ${orderNo} vence ${step === 'due' ? 'hoy' : step === 'before1' ? 'mañana' : 'en 3 días'} (${date}). Paga en la app de Kilat.`,
  },
  checkout: {
    title: 'Pago',
    sandboxNote: 'Página de prueba de la pasarela de pago: no se mueve dinero real.',
    amount: shared.figures.amount,
    bill: 'Número de cuenta',
    pay: 'Pagar',
    paid: 'Este pago ya se recibió.',
    back: 'Volver al detalle del préstamo',
    expired: 'Esta página de pago ya no es válida. Inicia un pago nuevo.',
    unknown: 'No se encontró la página de pago.',
  },
  adjustments: {
    lateChargeWaived: 'Cargos por mora condonados',
    interestWaived: 'Intereses condonados',
    refund: 'Pago en exceso reembolsado',
    refundReturned: 'Reembolso no entregado: la transferencia falló',
    coolingOff: 'Intereses liberados (salida en periodo de reflexión)',
    coolingOffOffer: (o) =>
      `Puedes terminar este préstamo pagando ${o.amount} (el capital y los intereses de los días usados, sin penalización) hasta el ${o.lastDay}; después de ese día, ${o.installment ? `tu siguiente pago de ${o.then} vence el` : `deberás pagar ${o.then} a más tardar el`} ${o.thenDate}.`,
  },
}
