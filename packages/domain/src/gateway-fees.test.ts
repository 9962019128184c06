import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { cents } from './money.js'
import { MARKETS } from './markets.js'
import { GATEWAY_FEES, contractFee } from './gateway-fees.js'
import { RECON_DIFFERENCE_KINDS, RECON_RESOLUTION_KINDS, resolutionAllowed, resolutionsFor } from './reconciliation.js'

describe('contractFee', () => {
  it('is each market’s fixed part plus its share', () => {
    expect(contractFee('ID', cents(150_000_000))).toBe(400_000)
    expect(contractFee('IN', cents(1_000_000))).toBe(5_000)
    expect(contractFee('MX', cents(100_000))).toBe(800 + 300)
  })

  it('is an integer, never below the fixed part, and grows with the amount', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MARKETS), fc.integer({ min: 1, max: 1e12 }), fc.integer({ min: 0, max: 1e6 }), (market, a, extra) => {
        const fee = contractFee(market, cents(a))
        expect(Number.isSafeInteger(fee)).toBe(true)
        expect(fee).toBeGreaterThanOrEqual(GATEWAY_FEES[market].fixed)
        expect(contractFee(market, cents(a + extra))).toBeGreaterThanOrEqual(fee)
      }),
    )
  })
})

describe('resolutions', () => {
  it('lets every difference be the gateway’s error', () => {
    for (const kind of RECON_DIFFERENCE_KINDS) expect(resolutionAllowed(kind, 'gateway_error')).toBe(true)
  })

  it('applies to an order only money that reached none', () => {
    const applicable = RECON_DIFFERENCE_KINDS.filter((k) => resolutionAllowed(k, 'apply_to_order'))
    expect(applicable).toEqual(['unknown_account', 'missed_callback'])
  })

  it('lists only known resolution kinds', () => {
    for (const kind of RECON_DIFFERENCE_KINDS) for (const r of resolutionsFor(kind)) expect(RECON_RESOLUTION_KINDS).toContain(r)
  })
})
