/** The loan screens' own address parameters, checked before any call is made with them. */

const ORDER_NO = /^[A-Za-z0-9-]{1,32}$/

function positiveInt(raw: string | null): number | undefined {
  if (raw === null || !/^\d{1,15}$/.test(raw)) return undefined
  const value = Number(raw)
  return value > 0 ? value : undefined
}

export function loanParams(search: string) {
  const params = new URLSearchParams(search)
  const orderId = params.get('orderId') ?? params.get('orderNo') ?? ''
  const position = params.get('position')
  return {
    productId: positiveInt(params.get('productId')),
    orderId: ORDER_NO.test(orderId) ? orderId : undefined,
    /** Cents, as on the wire. */
    amount: positiveInt(params.get('amount')),
    position: position !== null && /^\d{1,2}$/.test(position) ? Number(position) : 0,
  }
}
