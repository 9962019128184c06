import { defineConfig } from 'vitest/config'

// The Lighthouse gate's rules: main-thread ratios, budgets and what a red line says.
export default defineConfig({
  test: {
    name: 'lighthouse-gate',
    root: `${import.meta.dirname}/../..`,
    include: ['scripts/lighthouse/*.test.js'],
    environment: 'node',
  },
})
