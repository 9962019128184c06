import MagicString from 'magic-string'
import type { Plugin } from 'vite'

/** The parts of an ESTree node this transform reads. */
interface Node {
  type: string
  start: number
  end: number
  [key: string]: unknown
}

const CONTRACT_SOURCE = /[\\/]packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/
/** A call's parts that are schemas; the browser keeps its method, path, family and auth. */
const SCHEMA_KEYS = new Set(['query', 'body', 'data'])

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'

/** The identifier a chain such as `z.object({…}).extend({…}).optional()` starts from. */
function rootName(node: Node): string | undefined {
  let at: Node = node
  for (;;) {
    if (at.type === 'Identifier') return at.name as string
    if (at.type === 'CallExpression' && isNode(at.callee)) at = at.callee
    else if (at.type === 'MemberExpression' && isNode(at.object)) at = at.object
    else return undefined
  }
}

function declaratorsOf(statement: Node): Node[] {
  const declaration = statement.type === 'ExportNamedDeclaration' && isNode(statement.declaration) ? statement.declaration : statement
  return declaration.type === 'VariableDeclaration' ? (declaration.declarations as Node[]) : []
}

/**
 * Drops the contract's schemas from the browser's build (docs/decisions/0005-no-zod-in-the-browser.md).
 * In the browser `zod` is a stand-in that builds nothing (src/shared/api/zod-shapes.ts), yet each
 * schema's builder chain was still shipped: about 2 KiB of a borrower screen's first load. Here a
 * schema declared at the top of a contract module (a chain starting at `z` or at another schema)
 * becomes the stand-in itself, and a call's `query`, `body` and `data` too; the server and the
 * tests keep the real schemas.
 */
export function browserContract(): Plugin {
  return {
    name: 'kilat:browser-contract',
    apply: 'build',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      if (!CONTRACT_SOURCE.test(id)) return null
      const program = this.parse(code) as unknown as Node
      const out = new MagicString(code)
      // `z`, and the schemas other contract modules export (named `…Schema` by convention).
      const schemas = new Set(['z'])
      for (const statement of program.body as Node[]) {
        if (statement.type !== 'ImportDeclaration') continue
        for (const specifier of statement.specifiers as Node[]) {
          const local = isNode(specifier.local) ? (specifier.local.name as string) : ''
          if (local.endsWith('Schema')) schemas.add(local)
        }
      }
      for (const statement of program.body as Node[]) {
        for (const declarator of declaratorsOf(statement)) {
          const init = declarator.init
          if (!isNode(init) || !isNode(declarator.id) || declarator.id.type !== 'Identifier') continue
          const callee = init.type === 'CallExpression' && isNode(init.callee) ? init.callee : undefined
          if (callee?.type === 'Identifier' && callee.name === 'defineCall') {
            const [definition] = init.arguments as Node[]
            for (const property of definition?.type === 'ObjectExpression' ? (definition.properties as Node[]) : []) {
              const key = isNode(property.key) ? property.key.name : undefined
              if (typeof key !== 'string' || !SCHEMA_KEYS.has(key) || !isNode(property.value)) continue
              if (property.shorthand) out.overwrite(property.start, property.end, `${key}: z`)
              else out.overwrite(property.value.start, property.value.end, 'z')
            }
            continue
          }
          const root = rootName(init)
          if (root && schemas.has(root)) {
            schemas.add(declarator.id.name as string)
            out.overwrite(init.start, init.end, 'z')
          }
        }
      }
      return out.hasChanged() ? { code: out.toString(), map: out.generateMap({ hires: true }) } : null
    },
  }
}
