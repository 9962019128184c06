import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isValidUtr } from '@kilat/domain'
import { orderNo, productId, loanDetailConfirm } from './loans.js'
import { generateVcode, utrSchema } from './repayment.js'
import { ID_MAX, MAX_PERIODS, ORDER_NO, PAY_CODE, SCREEN_IDS, SCREEN_PATHS } from './screens.js'

describe('the screens and the values their addresses carry', () => {
  it('import nothing, so the browser takes them without any schema code', () => {
    const source = readFileSync(new URL('./screens.ts', import.meta.url), 'utf8')
    expect(source).not.toMatch(/^\s*(import|export\s.*\sfrom)\s/m)
  })

  it('give every screen its own path', () => {
    const paths = SCREEN_IDS.map((id) => SCREEN_PATHS[id])
    expect(new Set(paths).size).toBe(paths.length)
    for (const path of paths) expect(path).toMatch(/^\/[A-Za-z-]*$/)
  })

  it('are what the schemas accept: an order number (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 40 }), fc.stringMatching(/^[A-Za-z0-9-]{0,34}$/)), (value) => {
        expect(orderNo.safeParse(value).success).toBe(ORDER_NO.test(value.trim()))
      }),
    )
  })

  it('are what the schemas accept: a UTR, a method code, a number of installments, an id', () => {
    for (const value of ['123456789012', '12345678901', '1234567890123', '12345678901a', ''])
      expect(utrSchema.safeParse(value).success).toBe(isValidUtr(value))
    const vcode = (body: Record<string, unknown>) => generateVcode.body.safeParse({ orderId: 'K2026000001', ...body }).success
    for (const payCode of ['BCA', 'BANK_TRANSFER', 'bca', 'A'.repeat(33), 'B-1']) expect(vcode({ payCode })).toBe(PAY_CODE.test(payCode))
    expect(vcode({ specific_num: MAX_PERIODS })).toBe(true)
    expect(vcode({ specific_num: MAX_PERIODS + 1 })).toBe(false)
    const confirm = (periods: number) => loanDetailConfirm.body.safeParse({ productId: 1, amount: 100_000, periods }).success
    expect(confirm(MAX_PERIODS)).toBe(true)
    expect(confirm(MAX_PERIODS + 1)).toBe(false)
    expect(productId.safeParse(ID_MAX).success).toBe(true)
    expect(productId.safeParse(ID_MAX + 1).success).toBe(false)
  })
})
