import { describe, expect, it } from 'vitest'
import { rewriteModuleWrappers } from './eager-module-wrappers'

describe('CommonJS factories as parenthesized functions', () => {
  it('rewrites the runtime’s wrappers, with a parameter list or a bare parameter', () => {
    const code = [
      'var require_a = /* @__PURE__ */ __commonJSMin(((exports, module) => {',
      '\tmodule.exports = 1;',
      '}));',
      'var require_b = __commonJSMin(((exports) => {}));',
      'var require_c = __commonJSMin((exports => {}));',
      'var require_d = __commonJS((() => {}));',
    ].join('\n')
    expect(rewriteModuleWrappers(code)).toBe(
      [
        'var require_a = /* @__PURE__ */ __commonJSMin((function (exports, module) {',
        '\tmodule.exports = 1;',
        '}));',
        'var require_b = __commonJSMin((function (exports) {}));',
        'var require_c = __commonJSMin((function (exports) {}));',
        'var require_d = __commonJS((function () {}));',
      ].join('\n'),
    )
  })

  it('runs the factory as the arrow did: the module’s exports, once', () => {
    const source = [
      'var __commonJSMin = (cb, mod) => () => (mod || cb((mod = { exports: {} }).exports, mod), mod.exports);',
      'var runs = 0;',
      'var require_a = __commonJSMin(((exports, module) => { runs++; module.exports = { answer: 42, self: typeof this } }));',
      'return [require_a(), require_a(), runs];',
    ].join('\n')
    const rewritten = rewriteModuleWrappers(source)
    expect(rewritten).not.toBe(source)
    const run = (code: string) => new Function(`'use strict';${code}`)() as unknown[]
    expect(run(rewritten)).toEqual(run(source))
    expect(run(rewritten)).toEqual([{ answer: 42, self: 'undefined' }, { answer: 42, self: 'undefined' }, 1])
  })

  it('leaves other arrows and other calls alone', () => {
    const code = 'const f = ((a, b) => { return a + b }); g(((x) => {})); my__commonJSMin(((e) => {}));'
    expect(rewriteModuleWrappers(code)).toBe(code)
  })
})
