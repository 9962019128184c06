import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { MoneyError, addCents, applyBasisPoints, cents, maxCents, minCents, splitEvenly, subCents, sumCents } from './money.js'

const amount = fc.integer({ min: 0, max: 1_000_000_000_000 })

describe('cents', () => {
  it('accepts safe integers only', () => {
    expect(cents(12345)).toBe(12345)
    expect(() => cents(1.5)).toThrow(MoneyError)
    expect(() => cents(Number.NaN)).toThrow(MoneyError)
    expect(() => cents(Number.MAX_SAFE_INTEGER + 1)).toThrow(MoneyError)
  })

  it('adds, subtracts and sums exactly', () => {
    expect(addCents(cents(10), cents(20), cents(30))).toBe(60)
    expect(subCents(cents(10), cents(25))).toBe(-15)
    expect(sumCents([])).toBe(0)
  })

  it('picks the smaller and the larger amount', () => {
    expect(minCents(cents(3), cents(-2))).toBe(-2)
    expect(maxCents(cents(3), cents(-2))).toBe(3)
  })
})

describe('applyBasisPoints', () => {
  it('rounds half up', () => {
    expect(applyBasisPoints(cents(100_00), 50)).toBe(50) // 0.5 % of 100.00
    expect(applyBasisPoints(cents(1), 5000)).toBe(1) // 0.5 cent rounds up
    expect(applyBasisPoints(cents(1), 4999)).toBe(0)
    expect(applyBasisPoints(cents(-1), 5000)).toBe(-1)
  })

  it('stays exact for large amounts and rates', () => {
    expect(applyBasisPoints(cents(900_000_000_000_00), 9_999)).toBe(899_910_000_000_00)
  })

  it('rejects a fractional rate', () => {
    expect(() => applyBasisPoints(cents(100), 1.5)).toThrow(MoneyError)
  })

  it('never exceeds the amount for rates up to 100 %', () => {
    fc.assert(fc.property(amount, fc.integer({ min: 0, max: 10_000 }), (a, bp) => {
      const r = applyBasisPoints(cents(a), bp)
      return Number.isSafeInteger(r) && r >= 0 && r <= a
    }))
  })
})

describe('splitEvenly', () => {
  it('splits 100 into 34, 33, 33', () => {
    expect(splitEvenly(cents(100), 3)).toEqual([34, 33, 33])
  })

  it('never loses or invents a cent and parts differ by at most one', () => {
    fc.assert(fc.property(amount, fc.integer({ min: 1, max: 60 }), (a, n) => {
      const parts = splitEvenly(cents(a), n)
      const total = parts.reduce((s, p) => s + p, 0)
      return parts.length === n && total === a && Math.max(...parts) - Math.min(...parts) <= 1 && parts.every((p) => p >= 0)
    }))
  })

  it('refuses a bad split', () => {
    expect(() => splitEvenly(cents(100), 0)).toThrow(MoneyError)
    expect(() => splitEvenly(cents(-1), 2)).toThrow(MoneyError)
  })
})
