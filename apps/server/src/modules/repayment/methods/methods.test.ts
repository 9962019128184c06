import { describe, expect, it } from 'vitest'
import { LOCALES, MARKETS, MARKET_INFO, formatMoney, isValidClabe, type Cents, type Market } from '@kilat/domain'
import { defaultMethod, findMethod, methodsOf, payStepsOf, type PayMethod, type PayStep, type PayType } from './methods.js'

const PAY_TYPES: readonly PayType[] = [1, 2]
const ALL: PayMethod[] = MARKETS.flatMap((m) => PAY_TYPES.flatMap((t) => methodsOf(m, t)))

/** A realistic account for each kind, so that lengths are checked on filled texts. */
function accountFor(method: PayMethod): string {
  switch (method.accountKind) {
    case 'va':
      return (method.vaPrefix ?? '') + '1'.repeat((method.accountLength ?? 16) - (method.vaPrefix?.length ?? 0))
    case 'payment_code':
      return 'KILAT123456789'
    case 'upi':
      return 'kilat.repay@okbank'
    case 'clabe':
      return '646180157000000004'
    case 'cash_reference':
      return '93000012345678'
  }
}

const fillFor = (method: PayMethod) => ({ account: accountFor(method), amount: formatMoney(150_000_000 as Cents, method.market) })
const isGroups = (steps: PayStep[] | string[]): steps is PayStep[] => steps.every((s) => typeof s !== 'string')

describe('the catalogue', () => {
  it('offers each market at least one method, India no cash one', () => {
    for (const market of MARKETS) expect(methodsOf(market, 1).length, market).toBeGreaterThan(0)
    expect(methodsOf('ID', 2).length).toBeGreaterThan(0)
    expect(methodsOf('MX', 2).length).toBeGreaterThan(0)
    expect(methodsOf('IN', 2)).toEqual([])
  })

  it("lists Indonesia's six banks and two mini markets, ALFAMART first and the default", () => {
    expect(methodsOf('ID', 1).map((m) => m.code)).toEqual(['BCA', 'BNI', 'BRI', 'MANDIRI', 'PERMATA', 'CIMB'])
    expect(methodsOf('ID', 2).map((m) => m.code)).toEqual(['ALFAMART', 'INDOMARET'])
    expect(defaultMethod('ID', 2)?.code).toBe('ALFAMART')
    expect(defaultMethod('ID', 1)?.code).toBe('BCA')
    expect(defaultMethod('IN', 1)?.code).toBe('UPI')
    expect(defaultMethod('MX', 1)?.code).toBe('SPEI')
    expect(defaultMethod('MX', 2)?.code).toBe('OXXO')
  })

  it('has no default cash method where the market has none', () => {
    expect(defaultMethod('IN', 2)).toBeUndefined()
  })

  it('finds a method by code within its market only, and nothing for an unknown code', () => {
    expect(findMethod('ID', 'MANDIRI')?.vaPrefix).toBe('88908')
    expect(findMethod('ID', 'NOPE')).toBeUndefined()
    expect(findMethod('ID', '')).toBeUndefined()
    expect(findMethod('MX', 'BCA')).toBeUndefined()
    expect(findMethod('IN', 'OXXO')).toBeUndefined()
  })

  it('has unique codes per market and each method under its own market and pay type', () => {
    for (const market of MARKETS) {
      const codes = ALL.filter((m) => m.market === market).map((m) => m.code)
      expect(new Set(codes).size, market).toBe(codes.length)
    }
    for (const m of ALL) expect(methodsOf(m.market, m.payType)).toContain(m)
  })

  it('gives each virtual account a digit prefix shorter than its length, and the CLABE 18 digits', () => {
    for (const m of ALL.filter((x) => x.vaPrefix !== undefined)) {
      expect(m.vaPrefix, m.code).toMatch(/^\d{4,5}$/)
      expect(m.accountLength, m.code).toBe(16)
    }
    expect(findMethod('MX', 'SPEI')?.accountLength).toBe(18)
    expect(isValidClabe(accountFor(findMethod('MX', 'SPEI')!))).toBe(true)
  })

  it("names each bank's channels after its own apps, as the step groups are named", () => {
    const channels = (code: string) => findMethod('ID', code)?.methods
    expect(channels('BCA')).toEqual(['ATM BCA', 'BCA mobile', 'KlikBCA'])
    expect(channels('BNI')).toContain('BNI Mobile Banking')
    expect(channels('BRI')).toContain('BRImo')
    expect(channels('MANDIRI')).toContain("Livin' by Mandiri")
    expect(channels('PERMATA')).toContain('PermataMobile X')
    expect(channels('CIMB')).toContain('OCTO Mobile')
    for (const m of ALL.filter((x) => x.payType === 1)) {
      const groups = payStepsOf(m, MARKET_INFO[m.market].defaultLocale, fillFor(m)) as PayStep[]
      expect(m.methods, m.code).toEqual(groups.map((g) => g.name))
    }
    for (const m of ALL.filter((x) => x.payType === 2)) expect(m.methods, m.code).toBeUndefined()
  })

  it('cannot be changed by a caller', () => {
    const bca = findMethod('ID', 'BCA')!
    expect(() => {
      bca.name = 'changed'
    }).toThrow(TypeError)
    expect(() => bca.methods!.push('x')).toThrow(TypeError)
    expect(findMethod('ID', 'BCA')?.name).toBe('BCA')
  })
})

describe('the steps', () => {
  it('are groups for banks and transfers, a flat list for mini markets and cash', () => {
    for (const m of ALL) {
      for (const locale of LOCALES) {
        const steps = payStepsOf(m, locale, fillFor(m))
        expect(steps.length, `${m.code} ${locale}`).toBeGreaterThan(0)
        expect(isGroups(steps), `${m.code} ${locale}`).toBe(m.payType === 1)
      }
    }
  })

  it('have the same groups and the same number of steps in every language', () => {
    for (const m of ALL) {
      const shape = (locale: (typeof LOCALES)[number]) => {
        const steps = payStepsOf(m, locale, fillFor(m))
        return isGroups(steps) ? steps.map((g) => g.steps.length) : [steps.length]
      }
      const [first, ...others] = LOCALES
      for (const locale of others) expect(shape(locale), `${m.code} ${locale}`).toEqual(shape(first!))
    }
  })

  it('leave no placeholder unfilled, and every text is non-empty and under 300 characters', () => {
    for (const m of ALL) {
      for (const locale of LOCALES) {
        const steps = payStepsOf(m, locale, fillFor(m))
        const texts = isGroups(steps) ? steps.flatMap((g) => [g.name, ...g.steps]) : steps
        for (const text of texts) {
          expect(text.trim(), `${m.code} ${locale}`).not.toBe('')
          expect(text.length, `${m.code} ${locale}: ${text}`).toBeLessThan(300)
          expect(text, `${m.code} ${locale}`).not.toMatch(/[{}]/)
        }
      }
    }
  })

  it("carry the borrower's account and amount, and name Kilat as the payee", () => {
    for (const m of ALL) {
      for (const locale of LOCALES) {
        const fill = fillFor(m)
        const steps = payStepsOf(m, locale, fill)
        const text = (isGroups(steps) ? steps.flatMap((g) => g.steps) : steps).join('\n')
        expect(text, `${m.code} ${locale}`).toContain(fill.account)
        expect(text, `${m.code} ${locale}`).toContain(fill.amount)
        expect(text, `${m.code} ${locale}`).toContain('Kilat')
        // every channel of a bank carries the number on its own
        if (isGroups(steps)) for (const g of steps) expect(g.steps.join('\n'), `${m.code} ${g.name}`).toContain(fill.account)
      }
    }
  })

  it("fill Mandiri's company code and India's IFSC from the catalogue", () => {
    const mandiri = findMethod('ID', 'MANDIRI')!
    const atm = (payStepsOf(mandiri, 'id', fillFor(mandiri)) as PayStep[])[0]!
    expect(atm.name).toBe('ATM Mandiri')
    expect(atm.steps.join('\n')).toContain('kode perusahaan 88908')
    const transfer = findMethod('IN', 'BANK_TRANSFER')!
    const [mobile] = payStepsOf(transfer, 'en', fillFor(transfer)) as PayStep[]
    expect(mobile!.steps.join('\n')).toMatch(/IFSC [A-Z]{4}0[A-Z0-9]{6}/)
    expect(mobile!.steps.join('\n')).toContain('12-digit reference number (UTR)')
  })

  it('put the values in as given, even an amount with a dollar sign', () => {
    const oxxo = findMethod('MX', 'OXXO')!
    const steps = payStepsOf(oxxo, 'es', { account: '93000012345678', amount: '$1,500.00' }) as string[]
    expect(steps).toContain('Verifica que la caja muestre $1,500.00.')
    expect(steps).toContain('Dicta o muestra la referencia 93000012345678.')
  })

  it('speak the language asked for', () => {
    const alfamart = defaultMethod('ID', 2)!
    const fill = { account: 'KILAT1', amount: 'Rp 10.000,00' }
    expect((payStepsOf(alfamart, 'id', fill) as string[])[0]).toBe('Datang ke gerai Alfamart terdekat.')
    expect((payStepsOf(alfamart, 'en', fill) as string[])[0]).toBe('Go to any Alfamart store.')
    expect((payStepsOf(alfamart, 'es', fill) as string[])[0]).toBe('Ve a cualquier tienda Alfamart.')
    const spei = defaultMethod('MX', 1)!
    expect((payStepsOf(spei, 'es', fill) as PayStep[]).map((g) => g.name)).toEqual(['App de tu banco', 'Banca en línea'])
  })

  it('refuse a method the catalogue does not know', () => {
    const stranger: PayMethod = { code: 'DANA', name: 'DANA', payType: 1, market: 'ID' as Market, accountKind: 'va' }
    expect(() => payStepsOf(stranger, 'id', { account: '1', amount: '1' })).toThrow(/no step groups/)
    expect(() => payStepsOf({ ...stranger, payType: 2 }, 'id', { account: '1', amount: '1' })).toThrow(/no steps/)
  })
})
