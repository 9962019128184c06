import { defineConfig } from 'vitest/config'

// The log checker's own tests (a planted secret of each kind is caught, a clean log passes).
export default defineConfig({
  test: {
    name: 'check-logs',
    root: `${import.meta.dirname}/../..`,
    include: ['scripts/check-logs/*.test.js'],
    environment: 'node',
  },
})
