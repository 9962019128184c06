import { parseAst } from 'vite'
import { describe, expect, it } from 'vitest'
import { browserContract } from './browser-contract'

const source = `import { z } from 'zod'
import { defineCall } from './call.js'
import { recommendedProductSchema, SHARED_KEYS } from './products.js'
const id = z.coerce.number().int().positive()
export const itemSchema = z.object({ id, name: z.string().max(40) })
export const listSchema = z.array(itemSchema).min(1)
const extended = recommendedProductSchema.extend({ code: z.string() })
export const keys = SHARED_KEYS.map((key) => key.toUpperCase())
const body = z.object({ id })
export const getList = defineCall({ method: 'GET', path: '/h5-api/v3/list', family: 'code0', auth: 'borrower', query: z.object({ id }), data: listSchema })
export const push = defineCall({ method: 'POST', path: '/h5-api/v3/push', family: 'code0', auth: 'borrower', body, data: extended })
`

function transform(code: string, id: string): string | null {
  const plugin = browserContract()
  const hook = plugin.transform as (this: unknown, code: string, id: string) => { code: string } | null
  return hook.call({ parse: (text: string) => parseAst(text) }, code, id)?.code ?? null
}

describe('the browser contract', () => {
  it("turns a contract module's schemas into the stand-in and keeps each call's method, path, family and auth", () => {
    const out = transform(source, '/repo/packages/contract/src/list.ts')
    expect(out).not.toBeNull()
    expect(out).toContain('const id = z\n')
    expect(out).toContain('export const itemSchema = z\n')
    expect(out).toContain('export const listSchema = z\n')
    expect(out).toContain('const extended = z\n')
    expect(out).toContain('const body = z\n')
    expect(out).toContain("defineCall({ method: 'GET', path: '/h5-api/v3/list', family: 'code0', auth: 'borrower', query: z, data: z })")
    expect(out).toContain("defineCall({ method: 'POST', path: '/h5-api/v3/push', family: 'code0', auth: 'borrower', body: z, data: z })")
    // What is not a schema stays: the browser uses it.
    expect(out).toContain('export const keys = SHARED_KEYS.map((key) => key.toUpperCase())')
    expect(out).not.toMatch(/\.max\(|\.object\(|\.extend\(/)
  })

  it('leaves every other module alone', () => {
    expect(transform(source, '/repo/apps/web/src/shared/api/client.ts')).toBeNull()
    expect(transform(source, '/repo/packages/domain/src/format.ts')).toBeNull()
  })
})
