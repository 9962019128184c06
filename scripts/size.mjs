// First-load JavaScript per route, gzip, against the budget of the web app (docs/product/platform.md#rendering-and-speed).
// For each route: the entry chunk and its static imports, plus the route's lazy chunk and its static
// imports, each file counted once. Run after `npm run build -w apps/web`; exits 1 over budget.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'

const BUDGET_KIB = 120
const root = join(import.meta.dirname, '..')
const dist = join(root, 'apps', 'web', 'dist')
const manifestPath = join(dist, 'client', '.vite', 'manifest.json')
const serverEntry = join(dist, 'server', 'entry-server.js')

if (!existsSync(manifestPath) || !existsSync(serverEntry)) {
  console.error('No web build found: run `npm run build -w apps/web` first.')
  process.exit(2)
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
// The route table comes from the built app itself, so it cannot drift from what ships.
const { routeTable } = await import(pathToFileURL(serverEntry).href)

function scriptsOf(keys) {
  const seen = new Set()
  const files = new Set()
  const visit = (key) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) throw new Error(`${key} is not in the build manifest`)
    if (chunk.file.endsWith('.js')) files.add(chunk.file)
    for (const child of chunk.imports ?? []) visit(child)
  }
  for (const key of keys) visit(key)
  return files
}

const gzipCache = new Map()
function gzipBytes(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(dist, 'client', file)), { level: 9 }).byteLength)
  return gzipCache.get(file)
}

const rows = routeTable().map(({ path, file }) => {
  const files = scriptsOf(['index.html', file])
  const bytes = [...files].reduce((sum, f) => sum + gzipBytes(f), 0)
  return { path, kib: bytes / 1024, files: files.size }
})

const width = Math.max(5, ...rows.map((r) => r.path.length))
console.log(`${'route'.padEnd(width)}  ${'KiB gzip'.padStart(8)}  ${'files'.padStart(5)}  budget ${BUDGET_KIB}`)
let over = 0
for (const row of rows) {
  const fails = row.kib > BUDGET_KIB
  if (fails) over++
  console.log(`${row.path.padEnd(width)}  ${row.kib.toFixed(1).padStart(8)}  ${String(row.files).padStart(5)}  ${fails ? 'OVER' : 'ok'}`)
}
if (over > 0) {
  console.error(`${over} route(s) over the ${BUDGET_KIB} KiB first-load budget.`)
  process.exit(1)
}
