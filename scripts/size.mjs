// First-load JavaScript per route, gzip, against the budget of the web app (docs/product/platform.md#rendering-and-speed).
// For each route: the entry chunk and its static imports, plus the route's lazy chunk and its static
// imports, each file counted once (scripts/bench/first-load.mjs counts them, for the web benchmark
// too); 120 KiB each. Public pages (docs/decisions/0011-public-pages.md) load their island alone:
// 30 KiB each. Run after `npm run build -w apps/web`; exits 1 over budget, 2 without a build.
import { budgetOf, firstLoadScripts, webBuild } from './bench/first-load.mjs'
import { CannotRun } from './bench/process.mjs'

let build
try {
  build = await webBuild()
} catch (error) {
  if (!(error instanceof CannotRun)) throw error
  console.error(error.message)
  process.exit(2)
}

const rows = build.routes.map((route) => {
  const { files, bytes } = firstLoadScripts(build.manifest, route)
  return { path: route.path, kib: bytes / 1024, files, budget: budgetOf(route) }
})

const width = Math.max(5, ...rows.map((r) => r.path.length))
console.log(`${'route'.padEnd(width)}  ${'KiB gzip'.padStart(8)}  ${'files'.padStart(5)}  ${'budget'.padStart(6)}`)
let over = 0
for (const row of rows) {
  const fails = row.kib > row.budget
  if (fails) over++
  console.log(`${row.path.padEnd(width)}  ${row.kib.toFixed(1).padStart(8)}  ${String(row.files).padStart(5)}  ${String(row.budget).padStart(6)}  ${fails ? 'OVER' : 'ok'}`)
}
if (over > 0) {
  console.error(`${over} route(s) over their first-load budget (KiB gzip).`)
  process.exit(1)
}
