import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// One command runs every workspace's suite; each workspace names its project in its own config.
// Every project's files share one pool of workers, at least two even on a two-core machine
// (vitest's default there is one): a worker waiting on a timer or a socket leaves the core to the
// other. `--maxWorkers=N` changes it. At the end, the ten slowest files (scripts/slowest-files.mjs).
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'apps/server/vitest.fuzz.config.ts', 'scripts/*/vitest.config.js'],
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', './scripts/slowest-files.mjs'],
  },
})
