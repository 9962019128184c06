import { publicLoanTerms } from '@kilat/contract'
import type { ApiClient } from '../../../shared/api'
import type { LoanTermsContent } from '../loan-terms'

/**
 * The market's lender disclosure in the page's language (docs/product/loans.md#public-loan-terms):
 * the server fills the same content files as every loan's agreement with an example loan, so the
 * text has one home. The page's market and language travel as its shared parameters. Null when
 * it cannot be had: the page says the terms cannot be shown now.
 */
export async function getLoanTerms(api: ApiClient): Promise<LoanTermsContent | null> {
  try {
    const { title, sections } = await api.callApi(publicLoanTerms, {}, { toast: false })
    return { title, sections }
  } catch {
    return null
  }
}
