// `npm run staff:create | audit:verify | secrets:rotate | backup | restore | providers:check`: one of the operator's commands
// (docs/product/platform.md#deploy). Where the development dependencies are installed it runs the
// command's TypeScript source through tsx, so that a change needs no build; in a production
// install (built, then `npm prune --omit=dev`) it runs the built file in apps/server/dist.
// staff:create prints a new account's one-time enrolment link; for an admin of a market with no
// product yet (a fresh production install has none), also that borrowers see an empty list until
// admins create products on the console's products screen (docs/operations/going-live.md#the-first-admin-and-the-products).
// Usage: node scripts/operator.mjs NAME [ARGS...]
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { ENTRY_POINTS } from '../apps/server/commands.mjs'

const [name, ...args] = process.argv.slice(2)
const server = join(import.meta.dirname, '..', 'apps', 'server')
if (!name || !(name in ENTRY_POINTS) || name === 'server') {
  console.error(`usage: node scripts/operator.mjs ${Object.keys(ENTRY_POINTS).filter((n) => n !== 'server').join('|')} [ARGS...]`)
  process.exit(2)
}

/** tsx's command line, when the development dependencies are installed. */
function tsxCli() {
  try {
    return createRequire(import.meta.url).resolve('tsx/cli')
  } catch {
    return null
  }
}

const tsx = tsxCli()
const built = join(server, 'dist', `${name}.js`)
const command = tsx ? [tsx, join(server, ENTRY_POINTS[name])] : [built]
if (!tsx && !existsSync(built)) {
  console.error(`${built} is missing: build first (npm run build), then remove the development dependencies if you like.`)
  process.exit(2)
}
const result = spawnSync(process.execPath, [...command, ...args], { stdio: 'inherit' })
process.exit(result.status ?? 1)
