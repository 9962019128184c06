import { defineConfig } from 'vitest/config'

// Timed checks (`*.perf.test.ts`): measurements with a budget, kept out of `npm test` (a busy
// machine must not fail the suite) and run by `npm run bench:chatbot`, on PGlite or, with
// DATABASE_URL, on PostgreSQL.
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'server-perf',
    include: ['src/**/*.perf.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
})
