import { defineConfig } from 'vitest/config'

// The repository's reference check (every cited page, anchor and file exists). The root stays the
// repository's, as for the lint rules' tests.
export default defineConfig({
  test: {
    name: 'references',
    root: `${import.meta.dirname}/../..`,
    include: ['scripts/references/*.test.js'],
    environment: 'node',
    // It reads every file of the repository: seconds on a busy machine.
    testTimeout: 60_000,
  },
})
