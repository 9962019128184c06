import { describe, expect, it, vi } from 'vitest'
import { Translator, type Texts } from './translator'

const common: Texts = {
  greeting: 'Hello {{name}}',
  spaced: 'Hi {{ name }}, {{name}} again',
  termDays_one: '{{count}} day',
  termDays_other: '{{count}} days',
  textSet: { india: { claim: 'From {{min}}' } },
}
const loans: Texts = { detail: { title: 'Loan details' }, periods_other: '{{count}} installments' }

describe('Translator', () => {
  it('fills placeholders, with or without spaces, and leaves unknown ones as they are', () => {
    const t = new Translator('en', { common }).t
    expect(t('greeting', { name: 'Sari' })).toBe('Hello Sari')
    expect(t('spaced', { name: 'Ana' })).toBe('Hi Ana, Ana again')
    expect(t('greeting', { other: 1 })).toBe('Hello {{name}}')
    expect(t('greeting')).toBe('Hello {{name}}')
  })

  it("chooses the plural by the language's rules: English one and other, Indonesian other only", () => {
    const en = new Translator('en', { common }).t
    expect(en('termDays', { count: 1 })).toBe('1 day')
    expect(en('termDays', { count: 0 })).toBe('0 days')
    expect(en('termDays', { count: 30 })).toBe('30 days')
    const id = new Translator('id', { common: { termDays_other: '{{count}} hari' } }).t
    expect(id('termDays', { count: 1 })).toBe('1 hari')
    const es = new Translator('es', { common }).t
    expect(es('termDays', { count: 1 })).toBe('1 day')
    expect(es('termDays', { count: 2 })).toBe('2 days')
    // A language rule without its own form falls back to `other`.
    expect(new Translator('en', { common: loans }).t('periods', { count: 1 })).toBe('1 installments')
  })

  it('answers the key itself for a missing text, a branch instead of a text, or an unknown namespace', () => {
    const t = new Translator('en', { common, loans }).t
    expect(t('nothing.here')).toBe('nothing.here')
    expect(t('textSet')).toBe('textSet')
    expect(t('loans:detail')).toBe('loans:detail')
    expect(t('other:detail.title')).toBe('other:detail.title')
  })

  it('reads other namespaces by `ns:key`, and a fixed namespace or key prefix without it', () => {
    const translator = new Translator('en', { common, loans })
    expect(translator.t('loans:detail.title')).toBe('Loan details')
    const tl = translator.fixedT('loans')
    expect(tl('detail.title')).toBe('Loan details')
    expect(tl('common:greeting', { name: 'Sari' })).toBe('Hello Sari')
    expect(translator.fixedT('common', 'textSet.india')('claim', { min: 'Rp 1' })).toBe('From Rp 1')
    expect(translator.exists('loans:detail.title')).toBe(true)
    expect(translator.exists('loans:detail')).toBe(false)
  })

  it('loads a missing namespace once however often it is asked, and asks again after a failure', async () => {
    const load = vi.fn<(ns: string) => Promise<Texts>>()
    load.mockRejectedValueOnce(new Error('offline')).mockResolvedValue(loans)
    const translator = new Translator('en', { common }, load)
    await expect(translator.loadNamespaces(['loans'])).rejects.toThrow('offline')
    expect(translator.hasNamespace('loans')).toBe(false)
    await Promise.all([translator.loadNamespaces(['loans', 'common']), translator.loadNamespaces(['loans'])])
    expect(load).toHaveBeenCalledTimes(2)
    expect(translator.t('loans:detail.title')).toBe('Loan details')
    await translator.loadNamespaces(['loans'])
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('refuses to load without a loader, and hands over only the bundles at hand', async () => {
    const translator = new Translator('en', { common })
    await expect(translator.loadNamespaces(['loans'])).rejects.toThrow('no texts for en/loans')
    expect(Object.keys(translator.pick(['common', 'loans', 'common']))).toEqual(['common'])
  })
})
