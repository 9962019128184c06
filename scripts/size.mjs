// First-load JavaScript per route, gzip, against the budget of the web app (docs/product/platform.md#rendering-and-speed).
// For each route: the entry chunk and its static imports, plus the route's lazy chunk and its static
// imports, each file counted once (scripts/bench/first-load.mjs counts them, for the web benchmark
// too); 100 KiB each (docs/decisions/0024-own-router.md). Public pages (docs/decisions/0011-public-pages.md) load their island alone:
// 30 KiB each. The operations console (docs/decisions/0015-ops-console.md) is its own build: no
// borrower route may load any of its files (or Ant Design), and its own first load (the console's
// entry and the screen opened) is printed against 350 KiB. Run after `npm run build -w apps/web`; exits 1 over budget, 2 without a build.
import { budgetOf, firstLoadScripts, OPS_FIRST_LOAD_BUDGET_KIB, opsBuild, opsFilesInRoute, opsFirstLoad, webBuild } from './bench/first-load.mjs'
import { CannotRun } from './bench/process.mjs'

let build
try {
  build = await webBuild()
} catch (error) {
  if (!(error instanceof CannotRun)) throw error
  console.error(error.message)
  process.exit(2)
}

const ops = opsBuild()
const leaks = []
const rows = build.routes.map((route) => {
  const { files, bytes } = firstLoadScripts(build.manifest, route)
  for (const file of opsFilesInRoute(build.manifest, route, ops)) leaks.push(`${route.path}: ${file}`)
  return { path: route.path, kib: bytes / 1024, files, budget: budgetOf(route) }
})
for (const screen of ops?.screens ?? []) {
  const { files, bytes } = opsFirstLoad(ops.manifest, screen)
  rows.push({ path: `console: ${screen.id}`, kib: bytes / 1024, files, budget: OPS_FIRST_LOAD_BUDGET_KIB })
}

const width = Math.max(5, ...rows.map((r) => r.path.length))
console.log(`${'route'.padEnd(width)}  ${'KiB gzip'.padStart(8)}  ${'files'.padStart(5)}  ${'budget'.padStart(6)}`)
let over = 0
for (const row of rows) {
  const fails = row.kib > row.budget
  if (fails) over++
  console.log(`${row.path.padEnd(width)}  ${row.kib.toFixed(1).padStart(8)}  ${String(row.files).padStart(5)}  ${String(row.budget).padStart(6)}  ${fails ? 'OVER' : 'ok'}`)
}
if (!ops) {
  console.error('No console build (dist/client/.vite/ops-manifest.json): run `npm run build -w apps/web`.')
  over++
}
if (leaks.length > 0) {
  console.error(`Borrower routes load files of the operations console or Ant Design:\n  ${leaks.join('\n  ')}`)
  over++
}
if (over > 0) {
  console.error(`${over} failure(s): a route over its first-load budget (KiB gzip), or the console's code outside /ops.`)
  process.exit(1)
}
