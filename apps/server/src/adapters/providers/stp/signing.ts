import { createPrivateKey, sign, type KeyObject } from 'node:crypto'

/**
 * STP's signatures (docs/operations/providers/stp.md#signatures): the "cadena original" of an
 * order, its fields in STP's fixed order joined by `|` between `||` and `||` (an absent field is
 * empty), signed RSA-SHA256 with our private key, base64. STP checks it with the public half it
 * holds for our company: that is our authentication, there is no other key.
 */

/** The order's fields in the order of its cadena original. */
export const ORDER_FIELDS = [
  'institucionContraparte',
  'empresa',
  'fechaOperacion',
  'folioOrigen',
  'claveRastreo',
  'institucionOperante',
  'monto',
  'tipoPago',
  'tipoCuentaOrdenante',
  'nombreOrdenante',
  'cuentaOrdenante',
  'rfcCurpOrdenante',
  'tipoCuentaBeneficiario',
  'nombreBeneficiario',
  'cuentaBeneficiario',
  'rfcCurpBeneficiario',
  'emailBeneficiario',
  'tipoCuentaBeneficiario2',
  'nombreBeneficiario2',
  'cuentaBeneficiario2',
  'rfcCurpBeneficiario2',
  'conceptoPago',
  'conceptoPago2',
  'claveCatUsuario1',
  'claveCatUsuario2',
  'clavePago',
  'referenciaCobranza',
  'referenciaNumerica',
  'tipoOperacion',
  'topologia',
  'usuario',
  'medioEntrega',
  'prioridad',
  'iva',
] as const

export type OrderField = (typeof ORDER_FIELDS)[number]

/** The cadena original of an order; `monto` and `iva` with two decimals, as STP prints them. */
export function orderCadena(order: Partial<Record<OrderField, string | number>>): string {
  const parts = ORDER_FIELDS.map((f) => {
    const v = order[f]
    if (v === undefined) return ''
    return (f === 'monto' || f === 'iva') && typeof v === 'number' ? v.toFixed(2) : String(v)
  })
  return `||${parts.join('|')}||`
}

/** The cadena of a query (an order by its tracking key, the day's balance): the company, the day, the key. */
export function queryCadena(q: { empresa: string; fechaOperacion?: string | undefined; claveRastreo?: string | undefined; institucionOperante?: string | number | undefined }): string {
  return `|||${q.empresa}|${q.fechaOperacion ?? ''}||${q.claveRastreo ?? ''}|${q.institucionOperante ?? ''}${'|'.repeat(30)}`
}

export function loadPrivateKey(pem: string, passphrase: string | undefined): KeyObject {
  return createPrivateKey(passphrase === undefined ? pem : { key: pem, passphrase })
}

export function signCadena(key: KeyObject, cadena: string): string {
  return sign('sha256', Buffer.from(cadena, 'utf8'), key).toString('base64')
}
