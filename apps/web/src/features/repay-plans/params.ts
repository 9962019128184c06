/** The repayment screens' own address parameters, checked before any call is made with them. */

const ORDER_NO = /^[A-Za-z0-9-]{1,32}$/

export function repayParams(search: string) {
  const params = new URLSearchParams(search)
  const orderId = params.get('orderId') ?? params.get('orderNo') ?? ''
  const rawProduct = params.get('productId')
  const productId = rawProduct !== null && /^\d{1,10}$/.test(rawProduct) ? Number(rawProduct) : undefined
  return {
    orderId: ORDER_NO.test(orderId) ? orderId : undefined,
    productId: productId !== undefined && productId > 0 && productId <= 2_147_483_647 ? productId : undefined,
  }
}
