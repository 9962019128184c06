import type { Plugin } from 'vite'

/**
 * A CommonJS package (React DOM, React, the scheduler) is bundled as a factory the runtime's
 * `__commonJSMin` calls on first `require`: `__commonJSMin(((exports, module) => { … }))`. V8
 * compiles a function lazily unless it is a "parenthesized function expression", and it does not
 * take an arrow as one: the browser parses the script on a background thread, then parses React
 * DOM's 200 KB factory again on the main thread when it first runs. As `(function (exports,
 * module) { … })` the factory is compiled with the script, off the main thread: React DOM's
 * evaluation on a phone 4× slower than this machine went from about 280 to 140 ms
 * (docs/performance/borrower-main-thread.md#reacts-evaluation).
 *
 * The factory's body is the package's own module code: it reads neither `this` nor `arguments`
 * at its top level (a CommonJS module's `this` is rolldown's `undefined` either way), so the
 * function behaves as the arrow did. Runs on the chunks before they are minified; the minifier
 * keeps the parentheses (it keeps them around the arrows for the same reason).
 */
export function eagerModuleWrappers(): Plugin {
  return {
    name: 'kilat:eager-module-wrappers',
    apply: 'build',
    renderChunk(code) {
      const rewritten = rewriteModuleWrappers(code)
      return rewritten === code ? null : { code: rewritten, map: null }
    },
  }
}

/** `__commonJSMin(((a, b) => {` → `__commonJSMin((function (a, b) {`, and the same with one bare parameter. */
export function rewriteModuleWrappers(code: string): string {
  return code.replace(
    /\b(__commonJS(?:Min)?\(\()(?:\(([\w$]+(?:,\s*[\w$]+)*)?\)|([\w$]+))\s*=>\s*\{/g,
    (_match, head: string, list: string | undefined, single: string | undefined) => `${head}function (${list ?? single ?? ''}) {`,
  )
}
