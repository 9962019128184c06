import { marketFrom } from '@kilat/domain'
import { describe, expect, it } from 'vitest'
import { textSetOf } from '../market'
import { createTranslator, NAMESPACES } from './index'
import { allResources } from './all-resources'

function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix]
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key))
}

function interpolations(value: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') out[path] = [...node.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1] ?? '').sort()
    else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, path ? `${path}.${k}` : k)
  }
  walk(value, '')
  return out
}

describe('texts', () => {
  const resources = allResources()

  it('exist in Indonesian, English and Spanish for every namespace', () => {
    for (const lng of ['id', 'en', 'es'] as const) {
      expect(Object.keys(resources[lng] ?? {}).sort()).toEqual([...NAMESPACES].sort())
    }
  })

  it.each([...NAMESPACES])('have the same keys in all three languages (%s)', (ns) => {
    const en = keyPaths(resources.en?.[ns]).sort()
    expect(keyPaths(resources.id?.[ns]).sort()).toEqual(en)
    expect(keyPaths(resources.es?.[ns]).sort()).toEqual(en)
  })

  it.each([...NAMESPACES])('use the same placeholders in all three languages (%s)', (ns) => {
    const en = interpolations(resources.en?.[ns])
    expect(interpolations(resources.id?.[ns])).toEqual(en)
    expect(interpolations(resources.es?.[ns])).toEqual(en)
  })

  it('has no empty text', () => {
    for (const lng of ['id', 'en', 'es'] as const) {
      const empty = Object.entries(interpolations(resources[lng])).filter(([path]) => {
        const value = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], resources[lng])
        return typeof value === 'string' && value.trim() === ''
      })
      expect(empty).toEqual([])
    }
  })

  it('loads a screen’s namespace on demand in the browser, and hands a page’s bundles to the boot data', async () => {
    const es = allResources().es ?? {}
    const instance = createTranslator({ locale: 'es', resources: { es: { common: es.common ?? {} } }, lazy: true })
    expect(instance.t('routes.that')).toBe('Pago')
    expect(instance.exists('testPreview:device.heading')).toBe(false)
    await instance.loadNamespaces(['testPreview'])
    expect(instance.t('testPreview:device.heading')).toBe('Dispositivo')
    expect(Object.keys(instance.pick(['common', 'testPreview', 'common']))).toEqual(['common', 'testPreview'])
  })

  it("picks India's text set for isNeedPop=1, Mexico's for market=MX and Indonesia's otherwise (docs/product/markets-and-formats.md#text-sets)", () => {
    expect(textSetOf(marketFrom({ isNeedPop: '1' }))).toBe('india')
    expect(textSetOf(marketFrom({ isNeedPop: '0' }))).toBe('indonesia')
    expect(textSetOf(marketFrom({}))).toBe('indonesia')
    expect(textSetOf(marketFrom({ market: 'MX' }))).toBe('mexico')
  })
})
