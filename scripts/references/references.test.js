import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { anchorOf, anchorsOf, checkLine, commentLines, findBrokenReferences, HOW_TO_FIX, outsideCitation } from './references.js'

describe('anchorOf', () => {
  it('gives the anchor GitHub gives a heading', () => {
    expect(anchorOf('Order job')).toBe('order-job')
    expect(anchorOf('/loan-detail')).toBe('loan-detail')
    expect(anchorOf('`/testPreview`')).toBe('testpreview')
    expect(anchorOf('Session cookie and the address bar')).toBe('session-cookie-and-the-address-bar')
    expect(anchorOf('Amounts & dates')).toBe('amounts--dates')
    expect(anchorOf('When a screen cannot show its data (errors, offline)')).toBe('when-a-screen-cannot-show-its-data-errors-offline')
    expect(anchorOf('[Loans](loans.md) and fees')).toBe('loans-and-fees')
    expect(anchorOf('Pagos fáciles, 6 × 30 días')).toBe('pagos-fáciles-6--30-días')
  })

  it('reads headings outside code fences, repeats with a number, explicit ids', () => {
    const page = ['# Page', '## Rules', '```sh', '# not a heading', '```', '## Rules', '<a id="older"></a>', '## Limits {#caps}'].join('\n')
    expect([...anchorsOf(page)].sort()).toEqual(['caps', 'limits', 'older', 'page', 'rules', 'rules-1'])
  })
})

describe('outsideCitation', () => {
  it.each([
    'the installment selection (spec 4.6)',
    'Spec 9: a new SMS code after 60 s',
    'in every language (design 7)',
    'see spec.md, section 3',
    'as design.md says',
    'spec section "Repay method"',
    "the spec's field",
    'with the spec’s button',
    "the specification's rule (11 digits)",
    'validated by market (design: phone numbers)',
    'Issue 7, server part.',
    'a sandbox page (issue 8: "pay this account")',
  ])('refuses %j', (line) => {
    expect(outsideCitation(line)).not.toBeNull()
  })

  it.each([
    'const market = spec.product.market as Market',
    'function timeline(spec: OrderSpec, termDays: number)',
    "test('loan journey', …) in e2e/loan-journey.spec.ts",
    'the design of the card follows the list',
    'the server may issue 2 accounts',
  ])('lets %j pass', (line) => {
    expect(outsideCitation(line)).toBeNull()
  })
})

describe('checkLine', () => {
  const code = 'apps/server/src/modules/loans/loans.routes.ts'

  it('accepts a page and anchor that exist, by their path or (under docs/product) by name', () => {
    expect(checkLine('// docs/product/loans.md#statuses: 170 and 3 show the payment-due icon', code)).toEqual([])
    expect(checkLine('// money-rules.md#headline (an explicit id) and loans.md#order-job', code)).toEqual([])
    expect(checkLine('// docs/decisions/0004-loan-pricing.md', code)).toEqual([])
  })

  it('refuses an anchor that is not a heading of the page, and a page that does not exist', () => {
    expect(checkLine('// docs/product/complaints.md#no-such-heading', code)).toEqual([
      'docs/product/complaints.md#no-such-heading: docs/product/complaints.md has no heading with the anchor #no-such-heading',
    ])
    expect(checkLine('// docs/product/nowhere.md#rules', code)).toEqual(['docs/product/nowhere.md#rules: no such file'])
  })

  it('checks files of the repository named from the root; a .js specifier stands for its .ts', () => {
    expect(checkLine('// apps/server/src/http/errors.js and scripts/bench/targets.mjs', code)).toEqual([])
    expect(checkLine('// apps/server/src/nowhere.ts', code)).toEqual(['apps/server/src/nowhere.ts: no such file'])
  })

  it('reads a markdown link relative to its page, as GitHub does', () => {
    expect(checkLine('see [loans](loans.md#statuses) and [0012](../decisions/0012-payment-gateway.md)', 'docs/product/README.md')).toEqual([])
    expect(checkLine('see [statuses](#no-such-heading)', 'docs/product/loans.md')).toEqual([
      'link #no-such-heading: docs/product/loans.md has no heading with the anchor #no-such-heading',
    ])
    expect(checkLine('see [0012](docs/decisions/0012-payment-gateway.md)', 'docs/product/README.md')).toHaveLength(1)
  })
})

describe('commentLines', () => {
  it('reads comments of code, JSX included, and not strings', () => {
    const source = [
      "const a = 'docs/product/nowhere.md' // trailing",
      '/**',
      ' * block',
      ' */',
      'export const B = () => <div>{/* jsx */}</div>',
    ].join('\n')
    expect(commentLines('x.tsx', source)).toEqual([
      [1, '// trailing'],
      [2, '/**'],
      [3, ' * block'],
      [4, ' */'],
      [5, '{/* jsx */}'],
    ])
  })
})

describe('the repository', () => {
  it('has no reference that leads nowhere', () => {
    const broken = findBrokenReferences()
    expect(broken.length, `${broken.length} broken references:\n${broken.join("\n")}\n\n${HOW_TO_FIX}\n`).toBe(0)
  })
})

describe('the decision notes', () => {
  it('are numbered without a gap the index does not explain, and the index lists each', () => {
    const dir = new URL('../../docs/decisions/', import.meta.url)
    const notes = fs.readdirSync(dir).filter((f) => /^\d{4}-.*\.md$/.test(f))
    const index = fs.readFileSync(new URL('README.md', dir), 'utf8')
    const numbers = new Set(notes.map((f) => Number(f.slice(0, 4))))
    for (let n = 1; n <= Math.max(...numbers); n++) {
      const id = String(n).padStart(4, '0')
      if (numbers.has(n)) expect(index, `docs/decisions/README.md lists ${id}`).toContain(`](${notes.find((f) => f.startsWith(id))})`)
      else expect(index, `docs/decisions/README.md says why there is no ${id}`).toContain(`There is no ${id}`)
    }
  })
})
