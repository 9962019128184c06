import { ERRORS, SUCCESS_CODE, type ErrorKey, type Family } from '@kilat/contract'
import type { Locale } from '@kilat/domain'

/** docs/product/envelopes-and-errors.md#envelope-families: the three answer shapes. */
export function okEnvelope(family: Family, data: unknown) {
  if (family === 'success') return { success: true, data }
  return { code: SUCCESS_CODE[family], data, message: 'success' }
}

/** Errors keep the family's shape; in the code families the code has the success code's type. */
export function errorEnvelope(
  family: Family,
  key: ErrorKey,
  locale: Locale,
  options: { message?: string; data?: unknown } = {},
) {
  const { code } = ERRORS[key]
  const message = options.message ?? ERRORS[key].messages[locale]
  const data = options.data ?? null
  if (family === 'success') return { success: false, data, code, message }
  return { code: family === 'code00' ? String(code) : code, data, message }
}
