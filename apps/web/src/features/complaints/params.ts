import { ID_MAX, ORDER_NO } from '@kilat/contract'

/** The complaint screens' own address parameters, checked before any call is made with them (docs/product/complaints.md). */

function smallInt(raw: string | null, max: number): number | undefined {
  if (raw === null || !/^\d{1,10}$/.test(raw)) return undefined
  const value = Number(raw)
  return value <= max ? value : undefined
}

export function complaintParams(search: string) {
  const params = new URLSearchParams(search)
  const orderNo = params.get('orderNo') ?? params.get('orderId') ?? ''
  const problemId = smallInt(params.get('problemId'), ID_MAX)
  return {
    orderNo: ORDER_NO.test(orderNo) ? orderNo : undefined,
    problemType: smallInt(params.get('problemType'), 99),
    problemSonType: smallInt(params.get('problemSonType'), 99),
    problemId: problemId && problemId > 0 ? problemId : undefined,
  }
}
