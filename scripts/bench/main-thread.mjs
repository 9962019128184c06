// Where a borrower page's main thread goes on a slow phone (docs/performance/borrower-main-thread.md):
// loads the page in Chromium with the CPU slowed down (CDP `Emulation.setCPUThrottlingRate`), takes
// a performance trace until the page is hydrated and settled, and sums the main thread's tasks by
// what they did. Prints the milliseconds, slowed down, medians of the runs.
// Usage: node scripts/bench/main-thread.mjs <base URL> <path> [slowdown 6.9] [runs 3]
import { chromium } from '@playwright/test'
import { KINDS } from '../lighthouse/trace-work.mjs'

const [, , base, path, rate = '6.9', runsArg = '3'] = process.argv
if (!base || !path) throw new Error('usage: main-thread.mjs <base URL> <path> [slowdown] [runs]')

async function once() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] })
  try {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } })
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(rate) })
    const events = []
    cdp.on('Tracing.dataCollected', (e) => events.push(...e.value))
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink,loading', transferMode: 'ReportEvents' })
    // no polling in the page while it loads (it would be counted): a fixed wait, then a check
    await page.goto(`${base}${path}`)
    await page.waitForTimeout(Number(process.env.SETTLE_MS ?? 8000))
    if (!(await page.evaluate(() => 'hydrated' in document.documentElement.dataset))) throw new Error('the page did not hydrate in time: set SETTLE_MS higher')
    await cdp.send('Tracing.end')
    await done
    // the page's renderer main thread: the one that parsed the page's HTML
    const tid = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith(base))?.tid
    const tasks = events.filter((e) => e.tid === tid && e.name === 'RunTask' && e.ph === 'X' && e.dur > 1000)
    const inside = events.filter((e) => e.tid === tid && e.ph === 'X')
    const sums = Object.fromEntries([...KINDS.map(([kind]) => [kind, 0]), ['other', 0]])
    let blocking = 0
    let busy = 0
    let j = 0
    inside.sort((a, b) => a.ts - b.ts)
    for (const task of tasks.sort((a, b) => a.ts - b.ts)) {
      while (j < inside.length && inside[j].ts < task.ts) j++
      const names = new Set()
      for (let k = j; k < inside.length && inside[k].ts <= task.ts + task.dur; k++) names.add(inside[k].name)
      const kind = KINDS.find(([, test]) => test(names))?.[0] ?? 'other'
      sums[kind] += task.dur / 1000
      busy += task.dur / 1000
      blocking += Math.max(0, task.dur / 1000 - 50)
    }
    return { sums, busy, blocking, longest: Math.max(...tasks.map((t) => t.dur / 1000)) }
  } finally {
    await browser.close()
  }
}

const runs = []
for (let i = 0; i < Number(runsArg); i++) runs.push(await once())
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const ms = (v) => `${Math.round(v)}`.padStart(6)
console.log(`${path} at ${rate}× slowdown, median of ${runs.length} (ms):`)
for (const kind of Object.keys(runs[0].sums)) console.log(`${ms(median(runs.map((r) => r.sums[kind])))}  ${kind}`)
console.log(`${ms(median(runs.map((r) => r.busy)))}  main thread busy in all`)
console.log(`${ms(median(runs.map((r) => r.blocking)))}  blocking (each task's time over 50 ms)`)
console.log(`${ms(median(runs.map((r) => r.longest)))}  longest task`)
