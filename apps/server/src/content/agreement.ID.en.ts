import { en as t } from '../i18n/index.js'
import { acceptanceSection, capsOf, chargesLate, loanSection, partiesSection, scheduleSection, tierPhrase, type AgreementContent } from './agreement.js'

/**
 * Indonesia, in English: OJK's rules for consumer lending (docs/product/money-rules.md#caps,
 * #lender-disclosure): the cap in force on the signing date, the all-in daily cost, late charges
 * within the daily limit and the 100 % ceiling, collection without threats, the complaint channel.
 */
export const agreement: AgreementContent = {
  lateCharges: (l) => {
    if (!chargesLate(l)) return 'No late charges apply to this loan.'
    const caps = capsOf(l)
    const parts = [
      ...(l.fee ? [`a one-time fee of ${l.fee.new} (${l.fee.repeat} for repeat clients) on the first day overdue`] : []),
      ...(l.tiers.length ? [`${tierPhrase(t, l.tiers)} of the overdue principal`] : []),
    ]
    return (
      `Late charges: ${parts.join(', then ')}. One day's late charges${l.fee ? ', the one-time fee included,' : ''} never exceed ${caps.lateDaily} of the overdue principal, ` +
      `and all late charges together never exceed ${l.cap} of it; interest, fees and late charges together never exceed ${caps.total} of the principal. ` +
      'They are never added to the interest rate nor compounded.'
    )
  },
  disclosure: (f) => {
    const caps = capsOf(f)
    return {
      heading: 'Lender disclosure',
      paragraphs: [
        `This loan is subject to the Financial Services Authority's (OJK) cost cap on consumer loans for agreements signed from ${caps.since}: interest, the admin fee and every other fee at most ${caps.dailyCost} of the principal a day.`,
        `The all-in daily cost of this loan, that is interest and the admin fee per day of the term, of the principal: ${f.headline.value}. The admin fee of ${f.fee} is deducted at payout; the Borrower receives ${f.received} and repays a total of ${f.totalRepay} over ${f.term}.`,
        f.lateCharges,
        'Collection is courteous: no threats, violence or acts that shame the Borrower, no contact with anyone but the Borrower, and only between 08:00 and 20:00 local time.',
        `Complaints: call customer service at ${f.servicePhone}; we answer within 10 business days. If the Borrower is not satisfied with our answer, they may complain to OJK's contact centre, 157, or konsumen@ojk.go.id.`,
      ],
    }
  },
  sections: (f) => [
    partiesSection(t, 'Lender: the finance company that provides the Kilat service in Indonesia, supervised by the Financial Services Authority (OJK) (the "Lender").', f),
    loanSection(t, f),
    scheduleSection(t, f),
    agreement.disclosure(f),
    acceptanceSection(t, f),
  ],
}
