import { defineConfig } from 'vitest/config'

// The fuzz suite (src/test/fuzz): each file opens its own in-memory PGlite, so on PGlite the files
// run side by side; on PostgreSQL they share DATABASE_URL and truncate it, so one at a time. It runs
// after the server's own files (groupOrder), never beside them on a shared database.
const shared = Boolean(process.env.DATABASE_URL)

export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'server-fuzz',
    include: ['src/test/fuzz/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    fileParallelism: !shared,
    maxWorkers: shared ? 1 : 2,
    sequence: { groupOrder: 2 },
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
})
