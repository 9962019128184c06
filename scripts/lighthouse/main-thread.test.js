import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { budgetFor, judge, largest, median, ratioOf } from './main-thread.js'
import { PAGES } from './pages.js'
import { workOfTrace } from './trace-work.mjs'

const BUDGETS_FILE = 'scripts/lighthouse/budgets.json'

describe('a route’s ratio to the reference', () => {
  it('divides each load of the route by the mean of the reference loads beside it, and takes the median', () => {
    const { ratio, ratios } = ratioOf([300, 450, 330], [200, 200, 300, 220])
    expect(ratios).toEqual([1.5, 1.8, 330 / 260])
    expect(ratio).toBe(1.5)
  })

  it('is the same whatever the host’s speed: every load scaled by one factor gives the same ratio', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 50, max: 5000 }), { minLength: 1, maxLength: 9 }),
        fc.integer({ min: 50, max: 5000 }),
        fc.double({ min: 0.2, max: 10, noNaN: true }),
        (routes, firstReference, factor) => {
          const references = [firstReference, ...routes.map((_, i) => firstReference + i * 7)]
          const a = ratioOf(routes, references).ratio
          const b = ratioOf(
            routes.map((ms) => ms * factor),
            references.map((ms) => ms * factor),
          ).ratio
          expect(b).toBeCloseTo(a, 9)
        },
      ),
    )
  })

  it('refuses runs that do not alternate, or a reference that did nothing', () => {
    expect(() => ratioOf([300, 300], [200, 200])).toThrow(/3 reference runs/)
    expect(() => ratioOf([], [200])).toThrow(/no run/)
    expect(() => ratioOf([300], [200, 0])).toThrow(/no main-thread work/)
  })

  it('takes the middle of an even count as the mean of the two middle values', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(() => median([])).toThrow()
  })
})

describe('the verdict on a route', () => {
  const work = {
    ms: 620,
    kinds: [
      { label: 'script evaluation', ms: 210 },
      { label: 'paint', ms: 4 },
      { label: 'hydration and React', ms: 180 },
      { label: 'style and layout', ms: 90 },
      { label: 'other', ms: 136 },
    ],
  }
  const base = { name: '/relevant', ratios: [1.6, 1.62, 1.7], work, reference: { ms: 380 } }

  it('fails a route over its budget, naming its ratio, the budget and its three largest costs, largest first', () => {
    const verdict = judge({ ...base, ratio: 1.62, budget: 1.4 })
    expect(verdict.over).toBe(true)
    expect(verdict.line).toContain('/relevant: main-thread work 1.62× the reference')
    expect(verdict.line).toContain('OVER its budget 1.40')
    expect(verdict.line).toContain('script evaluation 210 ms, hydration and React 180 ms, other 136 ms')
    expect(verdict.line).not.toContain('paint')
  })

  it('passes a route at its budget, and asks for a lower budget when far under it', () => {
    expect(judge({ ...base, ratio: 1.4, budget: 1.4 })).toEqual({ over: false, line: expect.stringMatching(/within its budget 1\.40$/) })
    const far = judge({ ...base, ratio: 1.0, budget: 1.4 })
    expect(far.over).toBe(false)
    expect(far.line).toContain(`can come down to ${budgetFor(1.0).toFixed(2)}`)
  })

  it('fails a route with no budget, saying what to record', () => {
    const verdict = judge({ ...base, ratio: 1.2, budget: undefined })
    expect(verdict.over).toBe(true)
    expect(verdict.line).toContain(`"/relevant": ${budgetFor(1.2).toFixed(2)}`)
  })

  it('lists the largest costs without changing the list it is given', () => {
    const kinds = [...work.kinds]
    expect(largest(kinds, 2).map((k) => k.label)).toEqual(['script evaluation', 'hydration and React'])
    expect(kinds).toEqual(work.kinds)
  })
})

describe('the main-thread work of a trace', () => {
  const origin = 'http://localhost:8095'
  const task = (ts, dur, tdur, tid = 1) => ({ name: 'RunTask', ph: 'X', pid: 7, tid, ts, dur, tdur })
  const inside = (name, ts, tid = 1, args) => ({ name, ph: 'X', pid: 7, tid, ts, dur: 10, tdur: 10, args })

  it('sums the CPU time of the tasks of the thread that parsed the page, by what each did', () => {
    const events = [
      task(1000, 20_000, 15_000),
      inside('ParseHTML', 1100, 1, { beginData: { url: `${origin}/relevant` } }),
      task(30_000, 50_000, 30_000),
      inside('v8.evaluateModule', 30_100),
      task(90_000, 8_000, 2_000),
      inside('Layout', 90_100),
      // another thread's task (a worker, the compositor) is not the page's main thread
      task(1000, 99_000, 99_000, 2),
      inside('FunctionCall', 1100, 2),
    ]
    const work = workOfTrace(events, origin)
    expect(work.cpuMs).toBe(47)
    expect(work.wallMs).toBe(78)
    const of = (label) => work.kinds.find((k) => k.label === label).ms
    expect(of('HTML parsing')).toBe(15)
    expect(of('script evaluation')).toBe(30)
    expect(of('style and layout')).toBe(2)
    expect(of('other')).toBe(0)
  })

  it('without the page’s HTML parsing in the trace, takes the thread that ran its scripts', () => {
    const events = [
      task(1000, 99_000, 99_000, 2),
      inside('EvaluateScript', 1100, 2, { data: { url: 'http://elsewhere/' } }),
      task(1000, 20_000, 15_000),
      inside('EvaluateScript', 1100, 1, { data: { url: `${origin}/relevant` } }),
    ]
    expect(workOfTrace(events, origin)?.cpuMs).toBe(15)
  })

  it('finds nothing in a trace without the page', () => {
    expect(workOfTrace([task(1000, 20_000, 15_000), inside('ParseHTML', 1100, 1, { beginData: { url: 'http://elsewhere/' } })], origin)).toBeNull()
  })
})

describe('the budgets', () => {
  const read = (text) => JSON.parse(text).budgets

  it('name every audited route, each with a ratio above 1 (no route costs less than React and the shell)', () => {
    const budgets = read(readFileSync(BUDGETS_FILE, 'utf8'))
    expect(Object.keys(budgets).sort()).toEqual(PAGES.map((p) => p.name).sort())
    for (const value of Object.values(budgets)) expect(value).toBeGreaterThan(1)
  })

  it('only go down: no commit raised a route’s budget over the one before it', () => {
    // every committed version of the file, oldest first, and the working copy last
    const log = execFileSync('git', ['log', '--reverse', '--format=%H', '--', BUDGETS_FILE], { encoding: 'utf8' }).split('\n').filter(Boolean)
    const versions = [...log.map((commit) => read(execFileSync('git', ['show', `${commit}:${BUDGETS_FILE}`], { encoding: 'utf8' }))), read(readFileSync(BUDGETS_FILE, 'utf8'))]
    for (let i = 1; i < versions.length; i++) {
      for (const [route, budget] of Object.entries(versions[i])) {
        const before = versions[i - 1][route]
        if (before !== undefined) expect(budget, `${route} in version ${i + 1} of ${BUDGETS_FILE}`).toBeLessThanOrEqual(before)
      }
    }
  })
})
