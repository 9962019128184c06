import { describe, expect, it } from 'vitest'
import { centsOfTyped, reasonText, textOfCents } from './decision-texts'

describe('amounts as typed', () => {
  it('reads the currency’s main unit as integer cents, a zero included, and nothing else', () => {
    expect(centsOfTyped('1500000')).toBe(150_000_000)
    expect(centsOfTyped(' 1500000,5 ')).toBe(150_000_050)
    expect(centsOfTyped('1500000.05')).toBe(150_000_005)
    expect(centsOfTyped('0')).toBe(0)
    expect(centsOfTyped('0,00')).toBe(0)
    for (const wrong of ['', '  ', '-5', '1.500.000', '12,345', 'lots', undefined]) expect(centsOfTyped(wrong)).toBeNull()
  })

  it('writes cents back as they are typed', () => {
    expect(textOfCents(150_000_000)).toBe('1500000')
    expect(textOfCents(150_000_050)).toBe('1500000.50')
    expect(textOfCents(5)).toBe('0.05')
    expect(centsOfTyped(textOfCents(123_456_789))).toBe(123_456_789)
  })
})

describe('reasons in words', () => {
  it('gives each known reason in the language asked, an unknown one as it came', () => {
    expect(reasonText('cooling_off', 'id')).toBe('Pengajuan sebelumnya ditolak baru-baru ini. Silakan ajukan lagi setelah 7 hari.')
    expect(reasonText('cooling_off', 'es')).toBe('Una solicitud anterior fue rechazada hace poco. Vuelve a solicitar después de 7 días.')
    expect(reasonText('some_new_reason', 'en')).toBe('some_new_reason')
  })
})
