import { defineConfig } from 'vitest/config'

// The lint rules' own tests. The root stays the repository's, so Vite's cache goes to its
// node_modules rather than a new scripts/eslint/node_modules.
export default defineConfig({
  test: {
    name: 'eslint-rules',
    root: `${import.meta.dirname}/../..`,
    include: ['scripts/eslint/*.test.js'],
    environment: 'node',
  },
})
