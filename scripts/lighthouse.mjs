// Lighthouse mobile performance of the borrower screens that must stay fast on a cheap phone,
// calibrated to a low-tier phone (scripts/bench/calibrated-lighthouse.mjs): the host's CPU
// benchmark index is read from a first audit and the simulated slowdown set to index ÷ 264, so
// that the same build scores the same on a fast and on a slow machine
// (docs/decisions/0010-web-first-load.md#calibrated-lighthouse).
//
// Starts the built server on a fresh embedded database (demo data), audits each page five times
// and fails when a page's median score is under the budget. Prints, with every result, the
// host's index, the slowdown it gave, and the same runs' figures at Lighthouse's default 4× for
// comparison with earlier figures.
// Usage: npm run build && npm run lighthouse [-- --budget 90] [--runs 5] [--page /relevant]
// (`--page` audits only the pages whose name starts with it: one route at a time while iterating.)
import { spawn } from 'node:child_process'
import { rm } from 'node:fs/promises'
import * as chromeLauncher from 'chrome-launcher'
import { CalibratedLighthouse, LOW_TIER_INDEX } from './bench/calibrated-lighthouse.mjs'

const argOf = (name, fallback) => {
  const at = process.argv.indexOf(name)
  return at > 0 ? Number(process.argv[at + 1]) : fallback
}
// The budget of the calibrated score; CI's (.ci/run) is what main scored when the calibration
// came in, and only rises.
const budget = argOf('--budget', 98)
const runs = argOf('--runs', 5)
const port = Number(process.env.LH_PORT ?? 8095)
const dataDir = '.data-lighthouse'
const base = `http://localhost:${port}`

/** Pages under audit: the seeded demo orders (apps/server/src/db/seed.ts) in two layouts, and two complaint screens. */
const allPages = [
  { name: '/relevant', path: '/relevant?tok=demo-borrower' },
  // overdue: the action area
  { name: '/loan-detail 180', path: '/loan-detail?orderId=K2026000006&tok=demo-borrower' },
  // under review: the recommended list
  { name: '/loan-detail 21', path: '/loan-detail?orderId=K2026000001&tok=demo-borrower' },
  // the complaint form (its photo picker) and the chatbot
  { name: '/complainPageNext', path: '/complainPageNext?tok=demo-borrower' },
  { name: '/intelligentCustomerService', path: '/intelligentCustomerService?tok=demo-borrower' },
]

const only = process.argv.includes('--page') ? process.argv[process.argv.indexOf('--page') + 1] : null
const pages = only ? allPages.filter((page) => page.name.startsWith(only)) : allPages
if (pages.length === 0) throw new Error(`no page under audit starts with ${only}`)

await rm(dataDir, { recursive: true, force: true })
const server = spawn('node', ['apps/server/dist/server.js'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', JOB_INTERVAL_SECONDS: '0' },
  stdio: ['ignore', 'inherit', 'inherit'],
})
const stop = () => server.kill('SIGTERM')
process.on('exit', stop)

for (let i = 0; ; i++) {
  const ok = await fetch(`${base}/readyz`).then((r) => r.ok, () => false)
  if (ok) break
  if (i > 120) throw new Error('server did not start')
  await new Promise((r) => setTimeout(r, 500))
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
})

let failed = false
try {
  const lh = new CalibratedLighthouse({ port: chrome.port })
  await lh.calibrate(`${base}${pages[0].path}`)
  for (const page of pages) {
    const result = await lh.audit(`${base}${page.path}`, runs, page.name)
    if (result.failure) {
      failed = true
      console.log(`${page.name.padEnd(28)} audits keep failing (${result.failure})`)
      continue
    }
    const ok = result.score >= budget
    failed ||= !ok
    const ms = (v) => `${Math.round(v)} ms`
    console.log(
      `${page.name.padEnd(28)} performance ${String(result.score).padStart(3)} (runs ${result.scores.join(', ')}) ` +
        `FCP ${ms(result.fcp)}, LCP ${ms(result.lcp)}, TBT ${ms(result.tbt)}, CLS ${result.cls.toFixed(3)}; ` +
        `CPU index ${result.runs.map((r) => r.index).join(', ')}, slowdown ${result.slowdown.toFixed(2)}×; ` +
        `at 4×: ${result.uncalibrated.score} (runs ${result.uncalibrated.scores.join(', ')}), TBT ${ms(result.uncalibrated.tbt)} ` +
        `${ok ? 'ok' : `UNDER ${budget}`}`,
    )
  }
  console.log(`Lighthouse ${lh.version}, mobile, simulated throttling calibrated to index ${LOW_TIER_INDEX} (a low-tier phone); budget ${budget}`)
} finally {
  await chrome.kill()
  stop()
}
process.exit(failed ? 1 : 0)
