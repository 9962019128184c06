// Lighthouse mobile performance of the borrower screens that must stay fast on a cheap phone.
// Starts the built server on a fresh embedded database (demo data), audits each page five times
// (simulated mobile throttling, Lighthouse's default) and fails when a page's median score is
// under the budget. Five, not three: simulated throttling multiplies the tasks this shared
// machine's CPU gave, so a busy minute can slow two runs in a row (a page measured 100, 100, 91 in
// one CI run and 95, 96, 95 in the next with the same build); the median of five still reads the
// page. Each run's CPU benchmark index (Lighthouse's measure of the CPU it had) is printed beside
// its score, and a run whose index is under BUSY_SHARE of the best index this check has seen (the
// machine when quiet: about 2,000 here, 1,250 in a busy hour of its host) is done again, at most
// MAX_BUSY_RETRIES times per page: it measured the neighbours (a CI run scored /relevant 94, 84
// and 94 at indexes 1,599, 1,582 and 1,844, and 100 at 1,839 and 1,678). The share is relative
// because the host's quiet speed itself moves. One warm-up audit, not counted, goes first (the
// server's and the browser's first work after start).
// Usage: npm run build && npm run lighthouse [-- --budget 98]
import { spawn } from 'node:child_process'
import { rm } from 'node:fs/promises'
import lighthouse from 'lighthouse'
import * as chromeLauncher from 'chrome-launcher'

const budgetAt = process.argv.indexOf('--budget')
const budget = budgetAt > 0 ? Number(process.argv[budgetAt + 1]) : 98
const port = Number(process.env.LH_PORT ?? 8095)
const dataDir = '.data-lighthouse'
const base = `http://localhost:${port}`
const runs = 5
const BUSY_SHARE = 0.9
const MAX_BUSY_RETRIES = 5

/** Pages under audit: the seeded demo orders (apps/server/src/db/seed.ts) in two layouts, and two complaint screens. */
const pages = [
  // overdue: the action area
  { name: '/relevant', path: '/relevant?tok=demo-borrower' },
  { name: '/loan-detail 180', path: '/loan-detail?orderId=K2026000006&tok=demo-borrower' },
  // under review: the recommended list
  { name: '/loan-detail 21', path: '/loan-detail?orderId=K2026000001&tok=demo-borrower' },
  // the complaint form (its photo picker) and the chatbot
  { name: '/complainPageNext', path: '/complainPageNext?tok=demo-borrower' },
  { name: '/intelligentCustomerService', path: '/intelligentCustomerService?tok=demo-borrower' },
]

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
let bestIndex = 0
try {
  const warmUp = await lighthouse(`${base}${pages[0].path}`, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' })
  bestIndex = warmUp.lhr.environment.benchmarkIndex
  for (const page of pages) {
    const path = page.path
    const scores = []
    const benchmarks = []
    let metrics = {}
    let failures = 0
    let busy = 0
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(`${base}${path}`, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' })
      if (result.lhr.runtimeError) {
        // A failed audit (the page did not load or paint) says nothing about speed: report it, retry.
        console.log(`${page.name}: audit failed (${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}); retrying`)
        if (++failures > runs) throw new Error(`${page.name}: audits keep failing`)
        i -= 1
        continue
      }
      const index = Math.round(result.lhr.environment.benchmarkIndex)
      bestIndex = Math.max(bestIndex, index)
      if (index < BUSY_SHARE * bestIndex && busy < MAX_BUSY_RETRIES) {
        busy += 1
        console.log(`${page.name}: CPU index ${index} (score ${Math.round(result.lhr.categories.performance.score * 100)}): the machine was busy; again`)
        i -= 1
        continue
      }
      scores.push(Math.round(result.lhr.categories.performance.score * 100))
      benchmarks.push(index)
      const a = result.lhr.audits
      metrics = { FCP: a['first-contentful-paint'].displayValue, LCP: a['largest-contentful-paint'].displayValue, TBT: a['total-blocking-time'].displayValue, CLS: a['cumulative-layout-shift'].displayValue }
    }
    const median = [...scores].sort((a, b) => a - b)[Math.floor(runs / 2)]
    const ok = median >= budget
    failed ||= !ok
    console.log(`${page.name.padEnd(18)} performance ${String(median).padStart(3)} (runs ${scores.join(', ')}; CPU index ${benchmarks.join(', ')}) ${Object.entries(metrics).map(([k, v]) => `${k} ${v}`).join(', ')} ${ok ? 'ok' : `UNDER ${budget}`}`)
  }
} finally {
  await chrome.kill()
  stop()
}
process.exit(failed ? 1 : 0)
