import { configDefaults, defineConfig } from 'vitest/config'

// Each test file has a database of its own: a copy of one migrated PGlite, or on PostgreSQL
// (DATABASE_URL) its worker's database created from a migrated template (src/test/worker-database.ts).
// So the files run side by side, with the workers of the root config. A worker imports the server's
// modules once for all its files (`isolate: false`): importing them again for each file was a fifth
// of the suite's time (docs/performance/tests.md). So no file replaces a module (`vi.mock`): the
// server takes what a test needs to change as an option (a clock, a gateway, storage), and what a
// module keeps in memory is kept per database (db/kept-reads.ts), which is each file's own.
export default defineConfig({
  test: {
    name: 'server',
    isolate: false,
    include: ['src/**/*.test.ts'],
    // timed checks run by `npm run bench:chatbot` (vitest.perf.config.ts); the fuzz suite is its own project (vitest.fuzz.config.ts)
    exclude: [...configDefaults.exclude, 'src/**/*.perf.test.ts', 'src/test/fuzz/**'],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/worker-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
