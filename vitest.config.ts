import { defineConfig } from 'vitest/config'

// One command runs every workspace's suite; each workspace names its project in its own config.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'apps/server/vitest.fuzz.config.ts', 'scripts/*/vitest.config.js'],
  },
})
