import { OPS_ERROR_CODES } from '@kilat/contract'
import { isCode } from '../app/api'
import type { OpsT } from '../app/i18n'

/** A promise's dot beside its name (the text keeps the page's contrast): waiting, kept, broken. */
export const PROMISE_BADGES = { pending: 'warning', kept: 'success', broken: 'error' } as const

/** The collections desk's refusals, in the console's words (docs/product/collections.md#errors). */
export function contactError(error: unknown, t: OpsT): string | undefined {
  if (isCode(error, OPS_ERROR_CODES.contactOutsideWindow)) return t('collections.outsideWindow')
  if (isCode(error, OPS_ERROR_CODES.promiseInvalid)) return t('collections.promiseInvalid')
  if (isCode(error, OPS_ERROR_CODES.orderNotInCollections)) return t('collections.notInCollections')
  return undefined
}
