import { en as t } from '../i18n/index.js'
import { acceptanceSection, chargesLate, loanSection, partiesSection, scheduleSection, tierPhrase, type AgreementContent } from './agreement.js'

/**
 * Mexico, in English (docs/product/money-rules.md#lender-disclosure): the CAT, the product's own late
 * charges (a fixed fee once, then moratory interest) and their limit, collection without threats,
 * the lender's UNE and CONDUSEF.
 */
export const agreement: AgreementContent = {
  lateCharges: (l) => {
    if (!chargesLate(l)) return 'No late charges apply to this loan.'
    const parts = [
      ...(l.fee ? [`a late-payment fee of ${l.fee.new} (${l.fee.repeat} for repeat clients), once on the first day overdue`] : []),
      ...(l.tiers.length ? [`moratory interest of ${tierPhrase(t, l.tiers)} on the overdue unpaid amount`] : []),
    ]
    return `Late charges: ${parts.join(', and ')}; together they never exceed ${l.cap} of the overdue unpaid amount. They are never added to the interest rate nor to the CAT, and never compounded.`
  },
  disclosure: (f) => ({
    heading: 'Credit information',
    paragraphs: [
      `CAT (Costo Anual Total, total annual cost) of this loan: ${f.headline.value} before VAT, for information and comparison, calculated on ${f.signedOn}.`,
      `Interest rate: ${f.dailyRate} on the principal still owed. Admin fee of ${f.fee}, deducted at payout: the Borrower receives ${f.received} and repays a total of ${f.totalRepay} over ${f.term}.`,
      f.lateCharges,
      'Collection is done without threats, intimidation or insults, without contacting third parties unrelated to the loan, and only between 07:00 and 22:00.',
      `Enquiries and complaints: the Lender's Specialised User Service Unit (UNE), ${f.servicePhone}; we answer within 30 business days. You may also turn to CONDUSEF: 55 5340 0999, www.condusef.gob.mx.`,
    ],
  }),
  sections: (f) => [
    partiesSection(t, 'Lender: the finance company that provides the Kilat service in Mexico (the "Lender").', f),
    loanSection(t, f),
    scheduleSection(t, f),
    agreement.disclosure(f),
    acceptanceSection(t, f),
  ],
}
