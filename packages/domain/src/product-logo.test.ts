import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { drawnLogoCode, initialsOf, logoColourOf, logoUrl } from './product-logo.js'

describe('drawn product logos', () => {
  it('reads the product code back from a drawn logo address, and nothing from any other', () => {
    expect(drawnLogoCode(logoUrl('kilat-tunai'))).toBe('kilat-tunai')
    expect(drawnLogoCode('https://cdn.example.com/logo.png')).toBeNull()
    expect(drawnLogoCode('/media/logos/Kilat.svg')).toBeNull()
    expect(drawnLogoCode('/media/logos/a.svg?x=1')).toBeNull()
    expect(drawnLogoCode('/media/logos/<script>.svg')).toBeNull()
  })

  it('takes the initials of the first two words, or two letters of one', () => {
    expect(initialsOf('Kilat Tunai')).toBe('KT')
    expect(initialsOf('  dana   kilat plus ')).toBe('DK')
    expect(initialsOf('Modal')).toBe('MO')
    expect(initialsOf('')).toBe('?')
  })

  it('gives every code one colour of the palette, the same each time (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9-]{1,64}$/), (code) => {
        expect(logoColourOf(code)).toMatch(/^#[0-9A-F]{6}$/)
        expect(logoColourOf(code)).toBe(logoColourOf(code))
        expect(drawnLogoCode(logoUrl(code))).toBe(code)
      }),
    )
  })
})
