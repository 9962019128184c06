import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { clabeCheckDigit, isValidClabe, makeClabe } from './clabe.js'

// docs/product/money-rules.md#repayment
describe('CLABE (Mexico)', () => {
  it('computes the check digit of a commonly published CLABE, worked by hand', () => {
    // 0 3 2 1 8 0 0 0 0 1 1 8 3 5 9 7 1 times 3 7 1 3 7 1 …, each mod 10:
    // 0 1 2 3 6 0 0 0 0 3 7 8 9 5 9 1 7 → sum 61 → (10 − 1) mod 10 = 9
    expect(clabeCheckDigit('03218000011835971')).toBe(9)
    expect(isValidClabe('032180000118359719')).toBe(true)
    expect(makeClabe('032', '180', '00011835971')).toBe('032180000118359719')
  })

  it('computes a second published example, and the check digit 0 where the sum ends in 0', () => {
    // 0 0 2 0 1 0 0 7 7 7 7 7 7 7 7 7 7 → 0 0 2 0 7 0 0 9 7 1 9 7 1 9 7 1 9 → sum 69 → 1
    expect(clabeCheckDigit('00201007777777777')).toBe(1)
    expect(isValidClabe('002010077777777771')).toBe(true)
    // a sum of 0 gives (10 − 0) mod 10 = 0, not 10
    expect(clabeCheckDigit('00000000000000000')).toBe(0)
    expect(isValidClabe('000000000000000000')).toBe(true)
  })

  it('refuses a wrong check digit or two swapped neighbours', () => {
    expect(isValidClabe('032180000118359718')).toBe(false)
    expect(isValidClabe('032180000118359710')).toBe(false)
    expect(isValidClabe('302180000118359719')).toBe(false)
  })

  it('takes exactly 18 digits, nothing else', () => {
    for (const bad of ['', '03218000011835971', '0321800001183597190', '032 180 00011835971 9', '03218000011835971X', '032-180-00011835971']) {
      expect(isValidClabe(bad)).toBe(false)
    }
  })

  it('builds from parts of the right length only', () => {
    expect(() => makeClabe('32', '180', '00011835971')).toThrow(RangeError)
    expect(() => makeClabe('032', '18a', '00011835971')).toThrow(RangeError)
    expect(() => makeClabe('032', '180', '0001183597')).toThrow(RangeError)
    expect(() => clabeCheckDigit('0321800001183597')).toThrow(RangeError)
    expect(() => clabeCheckDigit('032180000118359719')).toThrow(RangeError)
  })
})

const digits = (length: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((ds) => ds.join(''))

describe('CLABE, whatever the parts (property)', () => {
  it('makeClabe always yields a valid CLABE, and changing any one digit makes it invalid', () => {
    fc.assert(
      fc.property(digits(3), digits(3), digits(11), fc.integer({ min: 0, max: 17 }), fc.integer({ min: 1, max: 9 }), (bank, plaza, account, position, shift) => {
        const clabe = makeClabe(bank, plaza, account)
        expect(clabe).toHaveLength(18)
        expect(clabe.startsWith(bank + plaza + account)).toBe(true)
        expect(isValidClabe(clabe)).toBe(true)
        const changed = String((Number(clabe[position]) + shift) % 10)
        expect(isValidClabe(clabe.slice(0, position) + changed + clabe.slice(position + 1))).toBe(false)
      }),
      { numRuns: 1000 },
    )
  })
})
