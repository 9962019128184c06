import { defineConfig } from 'vitest/config'

export default defineConfig({
  // the property tests run hundreds of cases each, beside other workers (the root config): more than
  // vitest's default 5 s on a busy machine
  test: { name: 'domain', include: ['src/**/*.test.ts'], environment: 'node', testTimeout: 15_000 },
})
