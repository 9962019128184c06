import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { luhnValid, maskCardNo } from './card.js'

// docs/decisions/0012-payment-gateway.md#cards
const RUNS = { numRuns: 1000 }

/** The check digit that makes `body` + digit pass, computed the long way (for the properties). */
function checkDigitOf(body: string): number {
  for (let d = 0; d < 10; d++) if (luhnValid(body + d)) return d
  throw new Error(`no check digit for ${body}`)
}

describe('luhnValid', () => {
  it('accepts the card networks’ published test numbers', () => {
    for (const no of ['4111111111111111', '4012888888881881', '5555555555554444', '378282246310005', '6011111111111117', '3530111333300000', '4000056655665556']) {
      expect(luhnValid(no)).toBe(true)
    }
  })

  it('refuses a wrong check digit, and anything but 12 to 19 digits', () => {
    expect(luhnValid('4111111111111112')).toBe(false)
    expect(luhnValid('4111 1111 1111 1111')).toBe(false)
    expect(luhnValid('4111-1111-1111-1111')).toBe(false)
    expect(luhnValid('')).toBe(false)
    expect(luhnValid('00000000000')).toBe(false)
    expect(luhnValid('0'.repeat(20))).toBe(false)
    expect(luhnValid('٤١١١١١١١١١١١١١١١')).toBe(false)
    expect(luhnValid('411111111111111a')).toBe(false)
  })

  it('has exactly one check digit for every body', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{11,18}$/), (body) => {
        const valid = Array.from({ length: 10 }, (_, d) => luhnValid(body + d)).filter(Boolean)
        expect(valid).toHaveLength(1)
      }),
      RUNS,
    )
  })

  it('catches every single mistyped digit', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{11,18}$/), fc.nat(), fc.integer({ min: 1, max: 9 }), (body, at, shift) => {
        const no = body + checkDigitOf(body)
        const i = at % no.length
        const typo = no.slice(0, i) + String((Number(no[i]) + shift) % 10) + no.slice(i + 1)
        expect(luhnValid(typo)).toBe(false)
      }),
      RUNS,
    )
  })

  it('catches a swap of two different neighbours, except 0 and 9', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{11,18}$/), fc.nat(), (body, at) => {
        const no = body + checkDigitOf(body)
        const i = at % (no.length - 1)
        const [a, b] = [no[i]!, no[i + 1]!]
        fc.pre(a !== b && !(new Set([a, b]).has('0') && new Set([a, b]).has('9')))
        expect(luhnValid(no.slice(0, i) + b + a + no.slice(i + 2))).toBe(false)
      }),
      RUNS,
    )
  })
})

describe('maskCardNo', () => {
  it('keeps the first 6 and last 4 digits', () => {
    expect(maskCardNo('4111111111111111')).toBe('411111******1111')
    expect(maskCardNo('378282246310005')).toBe('378282*****0005')
    expect(() => maskCardNo('4111')).toThrow(RangeError)
  })

  it('never shows more than 10 digits, and keeps the length', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{12,19}$/), (no) => {
        const masked = maskCardNo(no)
        expect(masked).toHaveLength(no.length)
        expect(masked.replace(/\*/g, '')).toHaveLength(10)
        expect(masked).toMatch(/^\d{6}\*+\d{4}$/)
      }),
      RUNS,
    )
  })
})
