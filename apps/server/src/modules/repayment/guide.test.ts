import { describe, expect, it } from 'vitest'
import { ERROR_CODES, payGuide } from '@kilat/contract'
import { get } from '../../test/inject.js'
import { repaymentGuide, repaymentGuides } from './guide.js'
import { withSeededRepaymentApp, type RepaymentTestApp } from './test-helpers.js'

// pay-guide: how to repay with each of the borrower's market's methods (docs/product/money-rules.md#repayment).
let t: RepaymentTestApp
withSeededRepaymentApp((opened) => (t = opened))

type Guide = { methods: Array<{ payType: number; payCode: string; payName: string; payStep: Array<string | { name: string; steps: string[] }> }>; telephone: string }
const guide = async (query: Record<string, string>): Promise<Guide> => {
  const res = (await get(t.app, payGuide.path, query)).json()
  expect(res.code, JSON.stringify(res)).toBe(0)
  return res.data
}
const texts = (g: Guide) => JSON.stringify(g.methods.map((m) => m.payStep))

describe('pay-guide', () => {
  it('lists the market’s banks, then its mini markets, with their steps and the placeholders in words', async () => {
    const g = await guide({ tok: 'demo-borrower' })
    expect(g.methods.map((m) => [m.payType, m.payCode])).toEqual([
      [1, 'BCA'], [1, 'BNI'], [1, 'BRI'], [1, 'MANDIRI'], [1, 'PERMATA'], [1, 'CIMB'], [2, 'ALFAMART'], [2, 'INDOMARET'],
    ])
    const bca = g.methods[0]!.payStep as Array<{ name: string; steps: string[] }>
    expect(bca.map((s) => s.name)).toEqual(['ATM BCA', 'BCA mobile', 'KlikBCA'].slice(0, bca.length))
    expect(texts(g)).toContain('[nomor di halaman pembayaran Anda]')
    expect(texts(g)).toContain('[jumlah di halaman pembayaran Anda]')
    expect(texts(g)).not.toMatch(/\{\w+\}/)
    expect(typeof g.methods[6]!.payStep[0]).toBe('string')
    expect(g.telephone).toBeTruthy()
  })

  it('speaks the request’s language and lists the borrower’s market’s methods', async () => {
    const en = await guide({ tok: 'demo-borrower', lang: 'en' })
    expect(texts(en)).toContain('[the amount on your payment page]')
    const es = await guide({ tok: 'demo-borrower-mx', lang: 'es' })
    expect(es.methods.map((m) => m.payCode)).toEqual(['SPEI', 'OXXO'])
    expect(texts(es)).toContain('[el número de tu página de pago]')
    const india = await guide({ tok: 'demo-borrower-in' })
    expect(india.methods.map((m) => m.payCode)).toEqual(['UPI', 'BANK_TRANSFER'])
    expect(india.telephone).not.toBe(es.telephone)
  })

  it('asks for a session', async () => {
    expect((await get(t.app, payGuide.path)).json().code).toBe(ERROR_CODES.sessionRequired)
  })
})

describe('repaymentGuides', () => {
  it('builds each market and language once and keeps them apart', () => {
    const phones = { ID: '+62 21 5000 1234', IN: '+91 22 4000 1234', MX: '+52 55 4000 1234' }
    const guideOf = repaymentGuides({ SERVICE_PHONES: phones })
    const indonesian = guideOf('ID', 'id')
    expect(guideOf('ID', 'id')).toBe(indonesian)
    expect(guideOf('ID', 'id')).toEqual(repaymentGuide({ SERVICE_PHONES: phones }, 'ID', 'id'))
    const english = guideOf('ID', 'en')
    expect(english).not.toBe(indonesian)
    expect(JSON.stringify(english)).toContain('[the number on your payment page]')
    const mexico = guideOf('MX', 'es')
    expect(mexico.telephone).toBe(phones.MX)
    expect(mexico.methods.map((m) => m.payCode)).toEqual(['SPEI', 'OXXO'])
  })
})
