// What blocks a borrower page's main thread after its first paint on a slow phone, measured by the
// page itself (docs/performance/borrower-main-thread.md#reacts-evaluation): loads the page
// in Chromium at 360 × 740 with the CPU slowed down (CDP `Emulation.setCPUThrottlingRate`), a fresh
// context each load (nothing cached), and reads the Long Animation Frames the page observed. No
// trace is taken: a performance trace makes V8 collect source positions while a script is being
// evaluated, which alone doubled React's evaluation in the traces of the main-thread bench.
// Prints, medians of the loads: the time blocked after the first contentful paint (each frame's
// time over 50 ms, as TBT counts it), and the scripts' time in those frames by script and by how
// they were called (`module-script:react.js` is that chunk's evaluation).
// Usage: node scripts/bench/long-frames.mjs <base URL> <path> [slowdown 4] [loads 9]
import { chromium } from '@playwright/test'
import { median } from './calibrated-lighthouse.mjs'

const [, , base, path, rate = '4', loadsArg = '9'] = process.argv
if (!base || !path) throw new Error('usage: long-frames.mjs <base URL> <path> [slowdown] [loads]')

/** A script's name without its content hash or query: `react-Zwxmchjd.js` → `react.js`. */
const nameOf = (url) => url.replace(/.*\//, '').replace(/\?.*/, '').replace(/-[\w-]{8}\.js$/, '.js')

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] })
const loads = []
try {
  for (let i = 0; i < Number(loadsArg); i++) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(rate) })
    await page.addInitScript(() => {
      window.__frames = []
      new PerformanceObserver((list) => {
        for (const frame of list.getEntries()) {
          window.__frames.push({ start: frame.startTime, duration: frame.duration, scripts: frame.scripts.map((s) => ({ url: s.sourceURL, how: s.invokerType, duration: s.duration })) })
        }
      }).observe({ type: 'long-animation-frame', buffered: true })
    })
    await page.goto(`${base}${path}`)
    // no polling while the page loads (it would be measured): a fixed wait, then a check
    await page.waitForTimeout(Number(process.env.SETTLE_MS ?? 5000))
    const { frames, fcp, hydrated } = await page.evaluate(() => ({
      frames: window.__frames,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      hydrated: 'hydrated' in document.documentElement.dataset,
    }))
    if (!hydrated) throw new Error('the page did not hydrate in time: set SETTLE_MS higher')
    const load = { blocked: 0, frames: 0, scripts: {} }
    for (const frame of frames) {
      if (frame.start < fcp) continue
      load.blocked += Math.max(0, frame.duration - 50)
      load.frames++
      for (const s of frame.scripts) {
        const key = `${s.how}:${nameOf(s.url)}`
        load.scripts[key] = (load.scripts[key] ?? 0) + s.duration
      }
    }
    loads.push(load)
    await context.close()
  }
} finally {
  await browser.close()
}

const ms = (v) => `${Math.round(v)}`.padStart(6)
const all = (pick) => loads.map(pick)
console.log(`${path} at ${rate}× slowdown, medians of ${loads.length} loads (ms; each load's figure in brackets):`)
console.log(`${ms(median(all((l) => l.blocked)))}  blocked after the first paint   [${all((l) => Math.round(l.blocked)).join(' ')}]`)
console.log(`${ms(median(all((l) => l.frames)))}  long frames after it`)
const keys = [...new Set(loads.flatMap((l) => Object.keys(l.scripts)))]
const rows = keys.map((key) => ({ key, values: all((l) => l.scripts[key] ?? 0) })).sort((a, b) => median(b.values) - median(a.values))
for (const { key, values } of rows) console.log(`${ms(median(values))}  ${key}   [${values.map(Math.round).join(' ')}]`)
