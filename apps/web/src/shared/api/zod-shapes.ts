/**
 * What the web app gets when the contract imports `zod` (vite.config.ts aliases it here).
 *
 * The browser uses the contract for its call definitions (method, path, envelope family) and its
 * types; answers are trusted (the server builds them from the same schemas) and requests are
 * validated by the server. zod itself is ~24 KiB gzip, which no route's first load can afford
 * (budget 160 KiB, the stack alone ~150). So schema builders here build nothing, and anything that
 * would validate throws, loudly, instead of passing silently: validate on the server, or with plain
 * checks in the screen.
 */
const VALIDATORS = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync', 'spa', 'decode', 'encode', 'check'])

function refuse(): never {
  throw new Error('zod schemas are not shipped to the browser: validate on the server or with plain checks')
}

const handler: ProxyHandler<() => void> = {
  get(_target, property) {
    // Not a thenable, not iterable, not a primitive: only the builder chain is supported.
    if (typeof property === 'symbol' || property === 'then') return undefined
    if (VALIDATORS.has(property)) return refuse
    return shape
  },
  apply() {
    return shape
  },
}

const shape: unknown = new Proxy(function schemaShape() {}, handler)

export const z = shape
export default shape
