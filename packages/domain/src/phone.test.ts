import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { maskPhone, normalizeMobile } from './phone.js'

describe('normalizeMobile', () => {
  it('accepts real mobile numbers of each market in local and international form', () => {
    expect(normalizeMobile('081234567890', 'ID')).toBe('+6281234567890')
    expect(normalizeMobile('+62 812-3456-7890', 'ID')).toBe('+6281234567890')
    expect(normalizeMobile('9876543210', 'IN')).toBe('+919876543210')
    expect(normalizeMobile('55 1234 5678', 'MX')).toBe('+525512345678')
  })

  it('refuses the mainland-China rule of the old app, landlines and other markets', () => {
    expect(normalizeMobile('13812345678', 'ID')).toBeNull()
    expect(normalizeMobile('0215551234', 'ID')).toBeNull() // Jakarta landline
    expect(normalizeMobile('+919876543210', 'ID')).toBeNull()
  })

  it('refuses junk without throwing', () => {
    for (const junk of ['', '   ', 'abc', '<script>', "' OR 1=1 --", '0'.repeat(40), '+', '++62812']) {
      expect(normalizeMobile(junk, 'ID')).toBeNull()
    }
    fc.assert(fc.property(fc.string({ maxLength: 64 }), (s) => {
      const r = normalizeMobile(s, 'ID')
      return r === null || /^\+62\d{8,13}$/.test(r)
    }))
  })
})

describe('maskPhone', () => {
  it('hides the middle digits', () => {
    expect(maskPhone('+6281234567890')).toBe('+62812******90')
  })

  it('never shows more than seven digits', () => {
    fc.assert(fc.property(fc.stringMatching(/^\+\d{8,15}$/), (p) => {
      return maskPhone(p).replace(/\D/g, '').length <= 7
    }))
  })
})
