// Adds up the JSON reports of the test runs of a CI job and prints one closing line,
// "N passed, N failed", so a reader sees the whole run at a glance.
import { existsSync, readFileSync } from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`missing report: ${file}`)
    failed += 1
    continue
  }
  const report = JSON.parse(readFileSync(file, 'utf8'))
  if ('numPassedTests' in report) {
    // Vitest (Jest-compatible JSON)
    passed += report.numPassedTests
    failed += report.numFailedTests
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
  } else if (report.stats) {
    // Playwright
    passed += report.stats.expected + (report.stats.flaky ?? 0)
    failed += report.stats.unexpected
    skipped += report.stats.skipped
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 ? 1 : 0)
