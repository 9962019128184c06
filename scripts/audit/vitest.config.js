import { defineConfig } from 'vitest/config'

// The dependency audit's rules (what fails, what is only reported).
export default defineConfig({
  test: {
    name: 'audit',
    root: `${import.meta.dirname}/../..`,
    include: ['scripts/audit/*.test.js'],
    environment: 'node',
  },
})
