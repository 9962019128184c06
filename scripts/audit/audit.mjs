// `npm audit --omit=dev`: fails on any high or critical advisory against what ships (the runtime
// dependencies). When the registry's advisory service cannot be reached (offline, or a registry
// mirror that does not offer it), the check cannot be made: it says so plainly and fails only when
// AUDIT_REQUIRED=1, so that a network without the service does not block a change while a known
// finding always does.
// `--report FILE` reads a saved `npm audit --json` report instead (how the test checks the rules).
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const saved = process.argv.indexOf('--report')
const run = saved > 0
  ? { stdout: readFileSync(process.argv[saved + 1], 'utf8'), status: 0, stderr: '' }
  : spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
let report
try {
  report = JSON.parse(run.stdout)
} catch {
  console.error(`npm audit gave no report (exit ${run.status}):\n${run.stderr}`)
  process.exit(1)
}

if (!report.metadata) {
  const why = report.message ?? report.error?.summary ?? 'no advisory data'
  console.log(`npm audit: the advisory service could not be reached (${why}); nothing was checked.`)
  process.exit(process.env.AUDIT_REQUIRED === '1' ? 1 : 0)
}

const counts = report.metadata.vulnerabilities
const serious = (counts.high ?? 0) + (counts.critical ?? 0)
const summary = ['info', 'low', 'moderate', 'high', 'critical'].map((level) => `${level} ${counts[level] ?? 0}`).join(', ')
console.log(`npm audit --omit=dev: ${summary}`)
if (serious > 0) {
  for (const [name, finding] of Object.entries(report.vulnerabilities ?? {})) {
    if (finding.severity === 'high' || finding.severity === 'critical') console.log(`  ${finding.severity}: ${name} ${finding.range}`)
  }
  process.exit(1)
}
