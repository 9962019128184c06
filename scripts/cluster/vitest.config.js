import { defineConfig } from 'vitest/config'

// The cluster script's own rules (HAProxy's configuration, its log); running the cluster needs
// HAProxy and PostgreSQL, which `npm run cluster:prove` does.
export default defineConfig({
  test: {
    name: 'cluster',
    root: `${import.meta.dirname}/../..`,
    include: ['scripts/cluster/*.test.js'],
    environment: 'node',
  },
})
