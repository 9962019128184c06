import type { Section } from './agreement.js'

/** The authorization and privacy consent, in English; `telephone` is the market's customer service. */
export const consent = (telephone: string): Section[] => [
  {
    heading: 'Authorization',
    paragraphs: [
      'I allow the Lender to verify my identity and credit history with credit bureaus and competent authorities.',
      'I allow the Lender to contact me by phone and SMS about my application and my loan.',
    ],
  },
  {
    heading: 'Data we use',
    paragraphs: [
      'Identity, mobile number, device information and loan history are used to assess the application, pay out and collect the loan, and meet legal obligations.',
    ],
  },
  {
    heading: 'Data protection',
    paragraphs: [
      'Your data is never sold. It is shared only with the Lender’s service providers, credit bureaus and authorities where the law requires it, and it is stored securely.',
    ],
  },
  {
    heading: 'Your rights',
    paragraphs: [
      'You may see and correct your data.',
      `You may withdraw this consent by calling customer service at ${telephone}. Withdrawing does not cancel the obligations of a running loan.`,
    ],
  },
]
