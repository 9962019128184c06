// First-load JavaScript per route, gzip, against the budget of the web app (docs/product/platform.md#rendering-and-speed).
// For each route: the entry chunk and its static imports, plus the route's lazy chunk and its static
// imports, each file counted once (scripts/bench/first-load.mjs counts them, for the web benchmark
// too). Run after `npm run build -w apps/web`; exits 1 over budget, 2 without a build.
import { FIRST_LOAD_BUDGET_KIB, firstLoadScripts, webBuild } from './bench/first-load.mjs'
import { CannotRun } from './bench/process.mjs'

let build
try {
  build = await webBuild()
} catch (error) {
  if (!(error instanceof CannotRun)) throw error
  console.error(error.message)
  process.exit(2)
}

const rows = build.routes.map(({ path, file }) => {
  const { files, bytes } = firstLoadScripts(build.manifest, file)
  return { path, kib: bytes / 1024, files }
})

const width = Math.max(5, ...rows.map((r) => r.path.length))
console.log(`${'route'.padEnd(width)}  ${'KiB gzip'.padStart(8)}  ${'files'.padStart(5)}  budget ${FIRST_LOAD_BUDGET_KIB}`)
let over = 0
for (const row of rows) {
  const fails = row.kib > FIRST_LOAD_BUDGET_KIB
  if (fails) over++
  console.log(`${row.path.padEnd(width)}  ${row.kib.toFixed(1).padStart(8)}  ${String(row.files).padStart(5)}  ${fails ? 'OVER' : 'ok'}`)
}
if (over > 0) {
  console.error(`${over} route(s) over the ${FIRST_LOAD_BUDGET_KIB} KiB first-load budget.`)
  process.exit(1)
}
