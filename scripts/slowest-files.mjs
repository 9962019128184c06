// A Vitest reporter of ours: at the end of a run, vitest's own phase figures added up over every
// file, then the ten slowest files with where their time went, so that a slow file is seen where
// it appears (docs/performance/tests.md). It prints nothing else; the default reporter still runs.
const LIMIT = 10

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`

export default class SlowestFiles {
  onInit(vitest) {
    this.vitest = vitest
    this.started = Date.now()
  }

  onTestRunEnd(testModules) {
    const rows = testModules.map((module) => {
      const d = module.diagnostic()
      return {
        file: `${module.project.name}: ${module.relativeModuleId}`,
        tests: d.duration,
        import: d.collectDuration,
        setup: d.setupDuration,
        environment: d.environmentSetupDuration,
        prepare: d.prepareDuration,
        total: d.duration + d.collectDuration + d.setupDuration + d.environmentSetupDuration + d.prepareDuration,
      }
    })
    if (rows.length === 0) return
    const sum = (key) => rows.reduce((n, row) => n + row[key], 0)
    const log = (line) => this.vitest.logger.log(line)
    log('')
    log(
      `Time in files, added up over ${rows.length} files (runs side by side): tests ${seconds(sum('tests'))}, import ${seconds(sum('import'))}, ` +
        `setup ${seconds(sum('setup'))}, environment ${seconds(sum('environment'))}, prepare ${seconds(sum('prepare'))}; wall clock ${seconds(Date.now() - this.started)}`,
    )
    log(`The ${Math.min(LIMIT, rows.length)} slowest files (tests + import + setup + environment + prepare):`)
    for (const row of rows.sort((a, b) => b.total - a.total).slice(0, LIMIT)) {
      log(`  ${seconds(row.total).padStart(8)}  ${row.file}  (tests ${seconds(row.tests)}, import ${seconds(row.import)}, setup ${seconds(row.setup)})`)
    }
  }
}
