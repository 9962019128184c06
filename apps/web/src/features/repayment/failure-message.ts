import { isApiError } from '../../shared/api'

/**
 * What a refused repayment call says (docs/product/screens.md#repay-card): the server's message, else the screen's own default
 * ('processing failed', 'card list query failed'). The API client gives an answer without a message
 * its network text; only a call that got no answer at all keeps that text.
 */
export function failureMessage(error: unknown, fallback: string, networkText: string): string {
  if (!isApiError(error) || !error.message) return fallback
  if (error.status !== 0 && error.message === networkText) return fallback
  return error.message
}
