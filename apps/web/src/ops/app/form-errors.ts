import type { FormInstance } from 'antd'
import { failedFields } from './api'
import type { OpsKey, OpsT } from './i18n'

/**
 * Puts a refused call's field errors beside the form's fields (docs/product/operations.md#calls:
 * the server names the fields at fault). True when the failure named a field of this form.
 */
export function showFieldErrors(form: FormInstance, error: unknown, t: OpsT, messages: Record<string, OpsKey> = {}): boolean {
  const known = new Set(Object.keys(form.getFieldsValue(true) as object))
  const fields = failedFields(error).filter((name) => known.has(name) || name in messages)
  if (fields.length === 0) return false
  form.setFields(fields.map((name) => ({ name, errors: [t(messages[name] ?? 'field.invalid')] })))
  return true
}
