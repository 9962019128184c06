import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  CAPTCHA_ALPHABET,
  isBeyondTkbHorizon,
  isCaptchaAnswer,
  normalizeCaptchaAnswer,
  numberRange,
  outstandingPrincipal,
  tkb90Bp,
} from './registration.js'

describe('captcha answers', () => {
  it('compares in capitals and ignores surrounding spaces', () => {
    expect(normalizeCaptchaAnswer(' a3kx ')).toBe('A3KX')
    expect(isCaptchaAnswer('a3kx', 4)).toBe(true)
    expect(isCaptchaAnswer('A3K', 4)).toBe(false)
    expect(isCaptchaAnswer('A0KX', 4)).toBe(false)
    expect(isCaptchaAnswer('<sc', 4)).toBe(false)
  })

  it('has no pair of look-alike characters', () => {
    for (const [a, b] of [['0', 'O'], ['1', 'I'], ['5', 'S'], ['8', 'B'], ['2', 'Z'], ['6', 'G']]) {
      expect(CAPTCHA_ALPHABET.includes(a!) && CAPTCHA_ALPHABET.includes(b!)).toBe(false)
    }
    expect(new Set(CAPTCHA_ALPHABET).size).toBe(CAPTCHA_ALPHABET.length)
  })

  it('accepts every answer drawn from the alphabet, in any case', () => {
    const answer = fc.array(fc.constantFrom(...CAPTCHA_ALPHABET), { minLength: 4, maxLength: 4 }).map((a) => a.join(''))
    fc.assert(fc.property(answer, fc.boolean(), (a, lower) => isCaptchaAnswer(lower ? a.toLowerCase() : a, 4)))
  })
})

describe('numberRange', () => {
  it('hides the last four digits', () => {
    expect(numberRange('+6281234567890')).toBe('+628123456')
    expect(numberRange('+919876543210')).toBe('+91987654')
  })

  it('refuses what is not E.164', () => {
    expect(() => numberRange('081234567890')).toThrow()
    expect(() => numberRange('+62 812')).toThrow()
  })

  it('is a prefix shared by the numbers that differ only in their last four digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\+\d{6,11}$/), fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 9999 }), (head, a, b) => {
        const x = `${head}${String(a).padStart(4, '0')}`
        const y = `${head}${String(b).padStart(4, '0')}`
        return numberRange(x) === numberRange(y) && x.startsWith(numberRange(x))
      }),
    )
  })
})

describe('tkb90Bp', () => {
  it('is 100 % minus the share more than 90 days overdue, rounded down', () => {
    expect(tkb90Bp(0, 0)).toBe(10_000)
    expect(tkb90Bp(1000, 0)).toBe(10_000)
    expect(tkb90Bp(1000, 1000)).toBe(0)
    expect(tkb90Bp(1000, 250)).toBe(7500)
    expect(tkb90Bp(3, 1)).toBe(6666)
  })

  it('refuses impossible inputs', () => {
    expect(() => tkb90Bp(10, 11)).toThrow()
    expect(() => tkb90Bp(-1, 0)).toThrow()
    expect(() => tkb90Bp(1.5, 0)).toThrow()
  })

  it('stays within 0-10000, never above the exact share, and falls as more is overdue', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), fc.double({ min: 0, max: 1, noNaN: true }), (total, f) => {
        const beyond = Math.floor(total * f)
        const bp = tkb90Bp(total, beyond)
        const exact = ((total - beyond) / total) * 10_000
        const more = Math.min(total, beyond + 1)
        return bp >= 0 && bp <= 10_000 && bp <= exact + 1e-6 && tkb90Bp(total, more) <= bp
      }),
    )
  })
})

describe('the 90-day horizon', () => {
  it('counts a loan from its 91st day overdue', () => {
    expect(isBeyondTkbHorizon(90)).toBe(false)
    expect(isBeyondTkbHorizon(91)).toBe(true)
    expect(isBeyondTkbHorizon(0)).toBe(false)
  })
})

describe('outstandingPrincipal', () => {
  it('applies payments to late charges and interest first', () => {
    expect(outstandingPrincipal({ principal: 1000, interest: 100, penalty: 0, paid: 0 })).toBe(1000)
    expect(outstandingPrincipal({ principal: 1000, interest: 100, penalty: 50, paid: 150 })).toBe(1000)
    expect(outstandingPrincipal({ principal: 1000, interest: 100, penalty: 0, paid: 600 })).toBe(500)
    expect(outstandingPrincipal({ principal: 1000, interest: 100, penalty: 0, paid: 5000 })).toBe(0)
  })

  it('is between 0 and the principal', () => {
    const n = fc.integer({ min: 0, max: 10 ** 12 })
    fc.assert(fc.property(n, n, n, n, (principal, interest, penalty, paid) => {
      const o = outstandingPrincipal({ principal, interest, penalty, paid })
      return o >= 0 && o <= principal
    }))
  })
})
