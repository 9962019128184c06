import { defineConfig } from 'vitest/config'

// The fuzz suite (src/test/fuzz): each file opens its own database (as the server's files do, see
// vitest.config.ts), so the files run side by side and beside the server's own. FUZZ_RUNS sets the
// requests per call (src/test/fuzz/harness.ts).
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'server-fuzz',
    // modules imported once per worker, as the server's project does (vitest.config.ts)
    isolate: false,
    include: ['src/test/fuzz/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/worker-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
})
