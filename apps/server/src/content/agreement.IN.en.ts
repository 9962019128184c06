import { count, en as t } from '../i18n/index.js'
import { acceptanceSection, chargesLate, loanSection, partiesSection, scheduleSection, tierPhrase, type AgreementContent } from './agreement.js'
import { prepayDay } from './india.js'

/** India, in English: the lender's terms text (docs/product/money-rules.md#lender-disclosure). */
export const agreement: AgreementContent = {
  lateCharges: (l) => {
    if (!chargesLate(l)) return 'No late charges apply to this loan.'
    const parts = [
      ...(l.fee ? [`a one-time fee of ${l.fee.new} (${l.fee.repeat} for repeat clients) on the first day overdue`] : []),
      ...(l.tiers.length ? [`${tierPhrase(t, l.tiers)} of the unpaid amount`] : []),
    ]
    return `Late charges: ${parts.join(', then ')}; all late charges together never exceed ${l.cap} of the unpaid amount. They are never added to the interest rate nor compounded.`
  },
  disclosure: (f) => ({
    heading: 'Lender disclosure',
    paragraphs: [
      `Loans run for 91 to 365 days; this loan runs for ${count('en', f.termDays, 'days')}.`,
      'A decision on the application is made within 1 day.',
      'An approved loan is credited to the Borrower’s account within 1 to 3 calendar days.',
      `Early repayment is possible only after half of the term has passed and not before 7 days from payout (for this loan: from day ${prepayDay(f.termDays)} after payout).`,
      f.lateCharges,
      'The Borrower must report any change of personal details within 3 days.',
      'The Lender will notify the Borrower of an assignment of the loan 7 business days in advance.',
      'An amount set by a court judgment must be paid within 10 days.',
      'An extension requires all due interest and late charges to be paid first and extends the loan by the same period.',
      `Grievances: call ${f.servicePhone}; we answer within 30 days. If the answer does not resolve it, the Borrower may turn to the RBI Integrated Ombudsman (cms.rbi.org.in).`,
    ],
  }),
  sections: (f) => [
    partiesSection(t, 'Lender: the non-banking financial company that provides the Kilat service in India (the "Lender").', f),
    loanSection(t, f),
    scheduleSection(t, f),
    agreement.disclosure(f),
    acceptanceSection(t, f),
  ],
}
