import { defineConfig } from 'vitest/config'

// npm start's build stamp (build-if-changed.mjs).
export default defineConfig({
  test: {
    name: 'build',
    root: `${import.meta.dirname}/../..`,
    include: ['scripts/build/*.test.js'],
    environment: 'node',
  },
})
