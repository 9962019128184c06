import { SHARED_TEXTS } from '@kilat/domain/texts'
import type { ServerTexts } from './catalogue.js'

/** The texts the web shows too, written once. */
const shared = SHARED_TEXTS.en

/** English. */
export const en: ServerTexts = {
  counts: {
    days: { one: '# day', other: '# days' },
    installments: { one: '# installment', other: '# installments' },
    minutes: { one: '# minute', other: '# minutes' },
  },
  figures: {
    ...shared.figures,
    dailyRate: 'Daily interest rate',
    dueDate: 'Due date',
    firstDueDate: 'First due date',
    outstanding: 'Outstanding balance',
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
      submitted: { title: shared.statuses.submitted, description: () => 'We are reviewing your application. You will have a decision within 1 day.' },
      approved: { title: shared.statuses.approved, description: () => 'Your loan is approved. We are preparing the payout; the money reaches your account within 1-3 calendar days.' },
      rejected: { title: shared.statuses.rejected, description: () => 'Sorry, we cannot approve your application right now. You can try another product below.' },
      repayingInstallments: { title: shared.statuses.repayingInstallments, description: (f) => `Your next installment of ${f.nextAmount} is due on ${f.nextDueDate}.` },
      due: { title: shared.statuses.due, description: (f) => `Please pay ${f.amountDue} by ${f.nextDueDate}.` },
      overdue: {
        title: shared.statuses.overdue,
        description: (f) => `Your payment is ${f.overdue} overdue. Late charges ${f.penalty}; amount due now ${f.amountDue}.`,
      },
      settled: { title: shared.statuses.settled, description: () => 'Thank you, your loan is fully repaid. You can apply for a new loan.' },
      partnerRepaying: {
        title: shared.statuses.partnerRepaying,
        description: (f) => `This loan is managed by our partner ${f.productName}. Please pay ${f.amountDue} by ${f.nextDueDate} through the partner.`,
      },
      partnerOverdue: {
        title: shared.statuses.partnerOverdue,
        description: (f) => `Your loan with ${f.productName} is ${f.overdue} overdue. Amount due now ${f.amountDue}; please pay through the partner.`,
      },
      partnerSettled: { title: shared.statuses.partnerSettled, description: (f) => `Your loan with ${f.productName} is fully repaid. Thank you!` },
    },
    payingOut: { title: 'Being paid out', description: 'Your loan is approved and the money is on its way to your account. Your due date counts from the day it arrives.' },
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
    loanTermsTitle: 'Loan terms and conditions',
    loanTermsExample: (product, amount, term) => `The figures below are an example: ${product}, ${amount} over ${term}. The figures of your own loan are shown before you accept it, and in your agreement.`,
    parties: 'Parties',
    borrower: (name, phone) => `Borrower: ${name ?? 'the holder of the registered mobile number'}, mobile number ${phone} (the "Borrower").`,
    product: (name) => `Product: ${name}.`,
    orderNo: (no) => `Order number: ${no}.`,
    loan: 'The loan',
    line: (label, value) => `${label}: ${value}.`,
    schedule: shared.plan.schedule,
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
    amountRangeDes: shared.figures.principal,
    jumpConfirm: 'Continue to confirm your loan.',
    jumpInProgress: 'You already have a running loan with this product.',
    jumpPartner: 'You will be taken to our partner’s site.',
    standTitle: 'Joint login failed',
    standMessage: (name) =>
      `We could not sign you in${name ? ` to ${name}` : ''} with your Kilat account. Please try again later or choose another product below.`,
  },
  complaints: {
    replyNote: 'We reply within 3 working days (weekends and public holidays not counted).',
    tabs: { processing: 'Processing', replied: 'Replied', closed: 'Closed' },
    replyDue: (d) => `Reply due by ${d}`,
    answeredOn: (d) => `Answered on ${d}`,
    overdue: (d) => `Our reply was due on ${d}. We are sorry for the delay.`,
    typeWithSub: (t, s) => `${t} · ${s}`,
  },
  chatbot: {
    solved: 'Glad that helped! How would you rate this answer?',
    notSolved: 'Sorry that did not help. Contact customer service and we will look into it for you.',
    ratingThanks: 'Thank you for your rating. We will keep improving our service.',
    ratingHigh: 'Thank you for your rating!',
    found: 'Here is what I found:',
    notFound: 'Sorry, I could not find an answer to that. Please contact customer service.',
  },
  plan: {
    note: 'Installments are paid oldest first: choosing one chooses every earlier one. Late charges, if any, are paid with the first.',
    installment: (n, of) => `Installment ${n} of ${of}`,
    upcoming: 'Not yet due',
    overdue: 'Overdue',
    paid: shared.plan.paid,
  },
  extension: {
    product: 'Product',
    newDueDate: 'New due date',
    fee: 'Extension fee',
    interestDue: 'Interest due now',
    total: 'Total to pay for the extension',
  },
  guide: {
    account: '[the number on your payment page]',
    amount: '[the amount on your payment page]',
  },
  sandbox: {
    title: 'Payment sandbox',
    intro: 'Pays an account as a borrower would at the bank or the shop. For demos and tests only: no real money moves.',
    accountLabel: 'Account number or payment code',
    submit: 'Pay this account',
    paid: 'Paid. The payment gateway’s callback is on its way.',
    unknownAccount: 'There is no unpaid account with this number.',
    alreadyPaid: 'This account has already been paid.',
    invalid: 'Please enter an account number (at most 64 characters).',
    again: 'Pay another account',
  },
  sms: {
    loginCode: (code, validity) => `Your Kilat verification code: ${code}. Valid for ${validity}. Do not share this code with anyone.`,
    registerCode: (code, validity) => `Your Kilat registration code: ${code}. Valid for ${validity}. Do not share this code with anyone.`,
    repayCode: (code, amount, validity) =>
      `Your Kilat payment code: ${code} to pay ${amount} by card. Valid for ${validity}. Do not share this code with anyone.`,
    paymentReminder: (step, orderNo, amount, date) =>
      `Kilat: your payment of ${amount} for order ${orderNo} is due ${step === 'due' ? 'today' : step === 'before1' ? 'tomorrow' : 'in 3 days'} (${date}). Pay in the Kilat app.`,
  },
  checkout: {
    title: 'Payment',
    sandboxNote: 'Payment gateway test page: no real money moves.',
    amount: shared.figures.amount,
    bill: 'Bill number',
    pay: 'Pay',
    paid: 'This payment has been received.',
    back: 'Back to loan details',
    expired: 'This payment page has expired. Please start a new payment.',
    unknown: 'Payment page not found.',
  },
  adjustments: {
    lateChargeWaived: 'Late charges waived',
    interestWaived: 'Interest waived',
    refund: 'Overpayment refunded',
    refundReturned: 'Refund not delivered: the transfer failed',
    coolingOff: 'Interest released (cooling-off exit)',
    coolingOffOffer: (o) =>
      `You may end this loan by paying ${o.amount} (the principal and the interest of the days used, no penalty) until ${o.lastDay}; after that day, ${o.installment ? `your next installment of ${o.then} is due on` : `${o.then} is due by`} ${o.thenDate}.`,
  },
}
