// A page load's main-thread work, from a Chromium performance trace
// (docs/performance/borrower-main-thread.md#the-gate): the CPU time of the renderer's main thread
// from the navigation until the page has hydrated and settled, and what it did.
//
// CPU time (the trace's `tdur`), not wall time (`dur`): a task that waits for a core another
// process holds grows in wall time but not in CPU time, so the figure is the page's own work on a
// quiet host and a busy one alike. Measured on the development machine, one route against the
// reference in eight pairs: wall-time ratios 1.12-1.82, CPU-time ratios 1.33-1.63.
import { chromium } from '@playwright/test'

/** What a task did, from the first of the events inside it that names it (the order decides). */
export const KINDS = [
  ['SVG images', (names) => names.has('SVGImage::DataChanged')],
  ['script evaluation', (names) => names.has('v8.evaluateModule') || names.has('EvaluateScript')],
  ['hydration and React', (names) => names.has('RunMicrotasks') || names.has('MessagePort::Accept') || names.has('FunctionCall') || names.has('TimerFire')],
  ['HTML parsing', (names) => names.has('ParseHTML') || names.has('DocumentLoader::CommitNavigation')],
  ['style and layout', (names) => names.has('Layout') || names.has('UpdateLayoutTree')],
  ['paint', (names) => names.has('Paint') || names.has('WebFrameWidgetImpl::UpdateLifecycle')],
  ['garbage collection', (names) => names.has('MinorGC') || names.has('MajorGC')],
]

/**
 * The main-thread work of one load in a trace's events: the renderer main thread is the one that
 * parsed the page's HTML (`origin`'s). Returns null when the trace has no such thread.
 * `cpuMs` and each kind's figure are CPU time; `wallMs` the same tasks' wall time.
 */
export function workOfTrace(events, origin) {
  const thread = mainThreadOf(events, origin)
  if (!thread) return null
  const own = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts)
  const tasks = own.filter((e) => e.name === 'RunTask')
  const kinds = Object.fromEntries([...KINDS.map(([kind]) => [kind, 0]), ['other', 0]])
  let cpuMs = 0
  let wallMs = 0
  let j = 0
  for (const task of tasks) {
    while (j < own.length && own[j].ts < task.ts) j++
    const names = new Set()
    for (let k = j; k < own.length && own[k].ts <= task.ts + task.dur; k++) names.add(own[k].name)
    const kind = KINDS.find(([, test]) => test(names))?.[0] ?? 'other'
    const cpu = (task.tdur ?? task.dur) / 1000
    kinds[kind] += cpu
    cpuMs += cpu
    wallMs += task.dur / 1000
  }
  return { cpuMs, wallMs, kinds: Object.entries(kinds).map(([label, ms]) => ({ label, ms })) }
}

/**
 * The renderer main thread of `origin`'s page: the one that parsed its HTML or, in a trace without
 * that event (one check in many on the development machine lost it three loads in a row), the one
 * that ran its inline scripts (a script runs only on a renderer's main thread).
 */
function mainThreadOf(events, origin) {
  return (
    events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith(origin)) ??
    events.find((e) => e.name === 'EvaluateScript' && e.args?.data?.url?.startsWith(origin))
  )
}

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink', 'loading']

/** Opens Chromium for `loadWork` (CHROMIUM_PATH, default /usr/bin/chromium). */
export function openBrowser() {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] })
}

/**
 * Loads `url` in a fresh phone-sized context (nothing cached), traced until the page has hydrated
 * and `settleMs` more have passed (the work a page leaves for idle time counts too), and returns
 * its main-thread work. A trace that missed the page's thread is taken again, at most four times.
 */
export async function loadWork(browser, url, { settleMs = 1000, timeoutMs = 30_000 } = {}) {
  const origin = new URL(url).origin
  for (let attempt = 0; ; attempt++) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 })
    try {
      const page = await context.newPage()
      await browser.startTracing(page, { categories: CATEGORIES })
      await page.goto(url)
      await page.waitForFunction(() => 'hydrated' in document.documentElement.dataset, null, { polling: 250, timeout: timeoutMs })
      await page.waitForTimeout(settleMs)
      const events = JSON.parse((await browser.stopTracing()).toString('utf8')).traceEvents
      const work = workOfTrace(events, origin)
      if (work) return work
      if (attempt >= 4) throw new Error(`no main thread of ${origin} in five traces of ${url} (the last had ${events.length} events)`)
    } finally {
      await context.close()
    }
  }
}
