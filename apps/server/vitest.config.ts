import { configDefaults, defineConfig } from 'vitest/config'

// Each test file has a database of its own: a copy of one migrated PGlite, or on PostgreSQL
// (DATABASE_URL) its worker's database created from a migrated template (src/test/worker-database.ts).
// So the files run side by side, with the workers of the root config.
export default defineConfig({
  test: {
    name: 'server',
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
