import { ORDER_NO } from '@kilat/contract'

/** The chatbot's address parameters (docs/product/complaints.md#chatbot), checked before any call. */

export function chatParams(search: string) {
  const params = new URLSearchParams(search)
  const orderNo = params.get('orderNo') ?? params.get('orderId') ?? ''
  const index = params.get('selectedIndex')
  return {
    orderNo: ORDER_NO.test(orderNo) ? orderNo : undefined,
    /** The category the older start page chose, by its place in the list. */
    selectedIndex: index !== null && /^\d{1,2}$/.test(index) ? Number(index) : undefined,
  }
}
