// Lighthouse mobile, calibrated to a low-tier phone whatever machine runs it
// (docs/decisions/0010-web-first-load.md#calibrated-lighthouse).
//
// Lighthouse's simulated throttling multiplies the CPU time the page took on this machine by a
// fixed 4, so the phone it emulates is as fast as the host: the same build scored 100 here and 93
// on a slower CI host. Instead, the slowdown is set to the host's benchmark index ÷ LOW_TIER_INDEX,
// so that the page's CPU work is stretched to what a low-tier phone would take, on a fast host and
// a slow one alike. Lighthouse measures the index at the start of every run, just before it loads
// the page; a first, uncounted run starts the check's usual index (and warms the server and the
// browser), and each counted run is calibrated by the median of the indexes so far, its own
// included: one reading varies by a tenth from run to run.
//
// Each run is gathered once and audited twice from the same trace: with the calibrated slowdown
// (the figures that count) and with Lighthouse's default 4× (kept for comparison with earlier
// figures). Under simulated throttling the slowdown is only used when the trace is turned into
// metrics, so the second audit costs a second and no page load.
//
// A run whose index is more than INDEX_DRIFT away from the check's usual index (the median so
// far) was measured in a busy moment that began or ended within the run (another process
// starting, a neighbour on the host), when the index and the page load may have seen different
// machines: it is run again, at most MAX_DRIFT_RETRIES times, then taken as it is.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import lighthouse from 'lighthouse'

/** The benchmark index Chrome's own calibration gives a low-tier phone (the 2022 Moto G Power; a mid-tier phone is about 1,000). */
export const LOW_TIER_INDEX = 264
/** Lighthouse's own mobile slowdown, the uncalibrated figures'. */
export const DEFAULT_SLOWDOWN = 4
/** A run this far (a share) from the check's usual index may have had two machines: run it again. */
const INDEX_DRIFT = 0.25
/** Retries of one run before it is taken as it is (a check may ask for fewer). */
const MAX_DRIFT_RETRIES = 3
/** Audits that fail to load or paint, per run, before the check gives up. */
const MAX_FAILURES = 5

const round = (n) => Math.round(n)
const SETTINGS = { onlyCategories: ['performance'], output: 'json', logLevel: 'error' }

/** The figures of one audit. */
function figuresOf(lhr) {
  const a = lhr.audits
  return {
    score: round(lhr.categories.performance.score * 100),
    fcp: a['first-contentful-paint'].numericValue,
    lcp: a['largest-contentful-paint'].numericValue,
    tbt: a['total-blocking-time'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
  }
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

/** The slowdown that makes this host a low-tier phone (never under 1: a host slower than the phone is taken as it is). */
export function slowdownFor(index) {
  return Math.max(1, index / LOW_TIER_INDEX)
}

export class CalibratedLighthouse {
  /** @param {{ port: number, log?: (line: string) => void }} options Chrome's debugging port. */
  constructor({ port, log = console.log, maxDriftRetries = MAX_DRIFT_RETRIES }) {
    this.port = port
    this.log = log
    this.maxDriftRetries = maxDriftRetries
    this.indexes = []
    this.version = null
  }

  /** One audit, not counted, whose index starts the check's usual index (it also warms the server and the browser). */
  async calibrate(url) {
    let lhr
    for (let failures = 0; ; failures++) {
      lhr = (await lighthouse(url, { port: this.port, ...SETTINGS })).lhr
      if (!lhr.runtimeError) break
      // as a counted run's: a trace that failed to record says nothing about the machine
      this.log(`calibration audit failed (${lhr.runtimeError.code}); again`)
      if (failures >= MAX_FAILURES) throw new Error(`calibration audit failed: ${lhr.runtimeError.code}`)
    }
    this.indexes = [round(lhr.environment.benchmarkIndex)]
    this.version = lhr.lighthouseVersion
    const index = this.indexes[0]
    this.log(`CPU benchmark index ${index}: slowdown ${slowdownFor(index).toFixed(2)}× (index ÷ ${LOW_TIER_INDEX}, a low-tier phone; Lighthouse's default is ${DEFAULT_SLOWDOWN}×)`)
    return index
  }

  /** The check's usual index: the median of the calibration's and the counted runs'. */
  get usualIndex() {
    return median(this.indexes)
  }

  /**
   * One counted run: gathered once, audited at Lighthouse's default slowdown and again at the one
   * its own index calls for. Returns `{ failure }` when the page keeps failing to load.
   */
  async run(url, name = url) {
    if (this.indexes.length === 0) await this.calibrate(url)
    let failures = 0
    let drifts = 0
    for (;;) {
      const dir = await mkdtemp(join(tmpdir(), 'kilat-lighthouse-'))
      try {
        const { lhr: uncalibrated } = await lighthouse(url, { port: this.port, ...SETTINGS, gatherMode: dir, auditMode: dir })
        if (uncalibrated.runtimeError) {
          // A failed audit (the page did not load or paint) says nothing about speed: report it, retry.
          this.log(`${name}: audit failed (${uncalibrated.runtimeError.code}); again`)
          if (++failures > MAX_FAILURES) return { failure: uncalibrated.runtimeError.code }
          continue
        }
        const index = round(uncalibrated.environment.benchmarkIndex)
        const usual = this.usualIndex
        const drift = Math.abs(index - usual) / usual
        if (drift > INDEX_DRIFT && drifts < this.maxDriftRetries) {
          drifts += 1
          this.log(`${name}: CPU index ${index} is ${round(drift * 100)} % off the usual ${usual} (a busy moment); again`)
          continue
        }
        this.indexes.push(index)
        // the check's usual index, not this run's alone: one reading of the index varies by a tenth
        // from run to run, and the page's timings with it, so a single reading would add its noise
        const slowdown = slowdownFor(this.usualIndex)
        const calibrated = await this.reaudit(url, dir, slowdown)
        return { ...figuresOf(calibrated), index, slowdown, uncalibrated: figuresOf(uncalibrated) }
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    }
  }

  /** The gathered run audited again with another slowdown: the trace is the same, only the simulation's multiplier changes. */
  async reaudit(url, dir, slowdown) {
    const file = join(dir, 'artifacts.json')
    const artifacts = JSON.parse(await readFile(file, 'utf8'))
    artifacts.settings.throttling.cpuSlowdownMultiplier = slowdown
    await writeFile(file, JSON.stringify(artifacts))
    const { lhr } = await lighthouse(url, { ...SETTINGS, auditMode: dir, throttling: { cpuSlowdownMultiplier: slowdown } })
    return lhr
  }

  /** `runs` counted runs of one page and each figure's median (their noise differs from one figure to another). */
  async audit(url, runs, name = url) {
    const results = []
    for (let i = 0; i < runs; i++) {
      const result = await this.run(url, name)
      if (result.failure) return { failure: result.failure }
      results.push(result)
    }
    const of = (pick) => median(results.map(pick))
    return {
      runs: results,
      scores: results.map((r) => r.score),
      score: of((r) => r.score),
      fcp: of((r) => r.fcp),
      lcp: of((r) => r.lcp),
      tbt: of((r) => r.tbt),
      cls: of((r) => r.cls),
      index: of((r) => r.index),
      slowdown: of((r) => r.slowdown),
      uncalibrated: { score: of((r) => r.uncalibrated.score), tbt: of((r) => r.uncalibrated.tbt), scores: results.map((r) => r.uncalibrated.score) },
      version: this.version,
    }
  }
}
