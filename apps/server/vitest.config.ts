import { configDefaults, defineConfig } from 'vitest/config'

// Test files share one database when DATABASE_URL is set (each file truncates it), and each
// in-memory PGlite takes hundreds of megabytes: so the server's files run one at a time.
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // timed checks run by `npm run bench:chatbot` (vitest.perf.config.ts); the fuzz suite is its own project (vitest.fuzz.config.ts)
    exclude: [...configDefaults.exclude, 'src/**/*.perf.test.ts', 'src/test/fuzz/**'],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    maxWorkers: 1,
    fileParallelism: false,
    sequence: { groupOrder: 1 },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
