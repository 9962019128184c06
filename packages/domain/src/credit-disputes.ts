import { addBusinessDays } from './business-days.js'
import { addDays } from './calendar.js'
import type { Market } from './markets.js'

/**
 * How long a credit-report dispute may take (docs/product/credit-reporting.md#disputes): a
 * complaint of the type "my credit report is wrong" is due by the market's rule for correcting
 * reported credit information, not by our usual promise of 3 weekdays. Each figure is the lender's
 * own part of the rule (we are the reporting institution, not the bureau), counted from the
 * market-local day the borrower filed, that day itself not counting.
 *
 * - India, 21 calendar days. RBI, "Framework for compensation to customers for delayed
 *   updation/rectification of credit information" (circular of 26 October 2023, in force 26 April
 *   2024, now part of the Master Direction on Credit Information Reporting): a credit institution
 *   sends the corrected information to the credit information companies within 21 calendar days of
 *   being told by the complainant (or a CIC), else it pays the complainant ₹100 a calendar day; the
 *   CIC then has up to 30 calendar days from the first filing for the whole complaint.
 * - Indonesia, 10 working days. OJK: a debtor disputes inaccurate SLIK information with the
 *   reporting institution (POJK 18/POJK.03/2017 on SLIK reporting, art. 22, as amended by
 *   POJK 64/POJK.03/2020), which handles it as a consumer complaint under POJK 22/2023 on consumer
 *   protection: settled within 10 working days, once extendable by 10 more working days (the
 *   extension is not assumed here). Indonesia's weekends and public holidays are counted out.
 * - Mexico, 15 calendar days. Ley para Regular las Sociedades de Información Crediticia: a claim
 *   (art. 42) goes from the bureau to the lender within 5 business days (art. 43); the lender answers
 *   the bureau within 15 calendar days of receiving it (art. 44), and corrects its data at once when
 *   it accepts the claim (art. 45). Counting from the day the borrower tells us is the stricter
 *   reading: we do not wait for the bureau's notice.
 */
export const DISPUTE_LIMITS: Readonly<Record<Market, { days: number; count: 'business' | 'calendar' }>> = {
  ID: { days: 10, count: 'business' },
  IN: { days: 21, count: 'calendar' },
  MX: { days: 15, count: 'calendar' },
}

/** The last day (yyyy-mm-dd, market-local) within the market's limit for a dispute filed on `filedOnLocalDay`. */
export function disputeDueOn(market: Market, filedOnLocalDay: string): string {
  const { days, count } = DISPUTE_LIMITS[market]
  return count === 'business' ? addBusinessDays(filedOnLocalDay, days, market) : addDays(filedOnLocalDay, days)
}
