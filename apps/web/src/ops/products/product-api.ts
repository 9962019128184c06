import { OPS_ERROR_CODES, type CallDef, type DataOf } from '@kilat/contract'
import { isCode, marketParam, opsTransport } from '../app/api'
import type { OpsT } from '../app/i18n'

const transport = opsTransport()

/** Every query of the products screen. */
export const PRODUCTS_KEY = ['ops', 'products'] as const

/**
 * A console POST whose body is a nested object (a product's draft): sent as JSON as it is, the
 * answer's refusal turned into the console's call error (its fields named) by the console's transport.
 */
export async function postJson<C extends CallDef>(call: C, body: unknown): Promise<DataOf<C>> {
  const search = new URLSearchParams(marketParam() as Record<string, string>).toString()
  const response = await transport({
    method: 'POST',
    url: search ? `${call.path}?${search}` : call.path,
    headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  return (response.body as { data: DataOf<C> }).data
}

/** The server's refusals of the product calls, in words (the same member publishing: `isSameMemberRefusal`). */
export function productError(error: unknown, t: OpsT): string | undefined {
  if (isCode(error, OPS_ERROR_CODES.productVersionPending)) return t('products.errors.pending')
  if (isCode(error, OPS_ERROR_CODES.productVersionNotPending)) return t('products.errors.notPending')
  if (isCode(error, OPS_ERROR_CODES.productVersionStale)) return t('products.errors.stale')
  if (isCode(error, OPS_ERROR_CODES.productCodeTaken)) return t('products.errors.codeTaken')
  if (isCode(error, OPS_ERROR_CODES.productRuleBroken)) return t('products.errors.rules')
  return undefined
}
