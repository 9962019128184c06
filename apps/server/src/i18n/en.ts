import type { ServerTexts } from './catalogue.js'

/** English. */
export const en: ServerTexts = {
  counts: {
    days: { one: '# day', other: '# days' },
    installments: { one: '# installment', other: '# installments' },
    minutes: { one: '# minute', other: '# minutes' },
  },
  figures: {
    principal: 'Loan amount',
    fee: 'Admin fee',
    received: 'Amount received',
    interest: 'Total interest',
    totalRepay: 'Total to repay',
    term: 'Term',
    dailyRate: 'Daily interest rate',
    headline: { dailyCost: 'All-in daily cost (fees included)', apr: 'Annual percentage rate (APR)', cat: 'Total annual cost (CAT)' },
    dueDate: 'Due date',
    firstDueDate: 'First due date',
    lateCharges: 'Late charges',
    outstanding: 'Outstanding balance',
    amountDue: 'Amount due now',
    orderNo: 'Order number',
    appliedAt: 'Applied on',
  },
  rates: {
    perDay: (p) => `${p}/day`,
    headline: { dailyCost: (p) => `${p}/day`, apr: (p) => `APR ${p}`, cat: (p) => `CAT ${p}` },
  },
  loan: {
    termWithInstallments: (days, installments) => `${days} (${installments})`,
    periodTitle: (n, of) => `Installment ${n}/${of}`,
    singlePayment: 'Repayment',
    planDescription: (p, i) => `Principal ${p} + interest ${i}`,
    feeNote: (fee, received) => `The admin fee of ${fee} is deducted at payout, so you receive ${received}.`,
    popTitle: 'Loan agreement and Key Fact Statement',
    popContent: (f) =>
      `Before you accept, please read the loan agreement. You receive ${f.received} (admin fee of ${f.fee} deducted) and repay ${f.totalRepay} by ${f.lastDueDate}; ${f.headline}.`,
    notice: {
      submitted: { title: 'Under review', description: () => 'We are reviewing your application. You will have a decision within 1 day.' },
      approved: { title: 'Approved', description: () => 'Your loan is approved and being paid out. The money reaches your account within 1-3 calendar days.' },
      rejected: { title: 'Not approved', description: () => 'Sorry, we cannot approve your application right now. You can try another product below.' },
      repayingInstallments: { title: 'Repaying', description: (f) => `Your next installment of ${f.nextAmount} is due on ${f.nextDueDate}.` },
      due: { title: 'Payment due', description: (f) => `Please pay ${f.amountDue} by ${f.nextDueDate}.` },
      overdue: {
        title: 'Overdue',
        description: (f) => `Your payment is ${f.overdue} overdue. Late charges ${f.penalty}; amount due now ${f.amountDue}.`,
      },
      settled: { title: 'Settled', description: () => 'Thank you, your loan is fully repaid. You can apply for a new loan.' },
      partnerRepaying: {
        title: 'Repaying with our partner',
        description: (f) => `This loan is managed by our partner ${f.productName}. Please pay ${f.amountDue} by ${f.nextDueDate} through the partner.`,
      },
      partnerOverdue: {
        title: 'Overdue with our partner',
        description: (f) => `Your loan with ${f.productName} is ${f.overdue} overdue. Amount due now ${f.amountDue}; please pay through the partner.`,
      },
      partnerSettled: { title: 'Settled with our partner', description: (f) => `Your loan with ${f.productName} is fully repaid. Thank you!` },
    },
    reyDue: (a, d) => `Please pay ${a} by ${d}.`,
    reyNext: (a, d) => `Next installment of ${a} due ${d}.`,
    reyOverdue: (a, overdue) => `${a} is ${overdue} overdue.`,
    tier: (rate, from, to, only) =>
      only && from === 1 ? `${rate} a day` : to === null ? `${rate} a day from day ${from}` : `${rate} a day on days ${from}-${to}`,
    and: 'and',
  },
  agreement: {
    agreementTitle: 'Loan Agreement',
    consentTitle: 'Authorization and Privacy Consent',
    parties: 'Parties',
    borrower: (name, phone) => `Borrower: ${name ?? 'the holder of the registered mobile number'}, mobile number ${phone} (the "Borrower").`,
    product: (name) => `Product: ${name}.`,
    orderNo: (no) => `Order number: ${no}.`,
    loan: 'The loan',
    line: (label, value) => `${label}: ${value}.`,
    schedule: 'Repayment schedule',
    scheduleLine: (title, amount, date) => `${title}: ${amount}, due ${date}.`,
    provisional: 'Due dates count from the payout date; the dates above apply if the money is paid out today.',
    acceptance: 'Acceptance',
    acceptanceLines: (date) => [
      'By ticking the agreement box and pressing the confirm button, the Borrower accepts this agreement electronically.',
      `Date: ${date}.`,
    ],
  },
  products: {
    inProgress: 'In progress',
    unavailable: 'Not available',
    amountRangeDes: 'Loan amount',
    jumpConfirm: 'Continue to confirm your loan.',
    jumpInProgress: 'You already have a running loan with this product.',
    jumpPartner: 'You will be taken to our partner’s site.',
    standTitle: 'Joint login failed',
    standMessage: (name) =>
      `We could not sign you in${name ? ` to ${name}` : ''} with your Kilat account. Please try again later or choose another product below.`,
  },
  sms: {
    loginCode: (code, validity) => `Your Kilat verification code: ${code}. Valid for ${validity}. Do not share this code with anyone.`,
  },
}
