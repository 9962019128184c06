import { describe, expect, it } from 'vitest'
import en from '../locales/en.json'
import es from '../locales/es.json'
import id from '../locales/id.json'

type Tree = { [key: string]: string | Tree }

/** Keys with plural endings folded, so languages with other plural forms still compare. */
function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree)
    .flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`] : keys(value, `${prefix}${key}.`)))
    .filter((key, i, all) => all.indexOf(key) === i)
    .sort()
}

describe("the console's texts", () => {
  it('have the same keys in English, Indonesian and Spanish, none blank', () => {
    expect(keys(id)).toEqual(keys(en))
    expect(keys(es)).toEqual(keys(en))
    for (const texts of [en, id, es]) expect(JSON.stringify(texts)).not.toMatch(/:""/)
  })
})
