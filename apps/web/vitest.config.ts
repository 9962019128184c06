import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config.ts'

// Tests resolve modules as the build does (the zod alias in particular), then add their own setup.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      root: import.meta.dirname,
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      environment: 'happy-dom',
      environmentOptions: { happyDOM: { url: 'http://localhost:3000/' } },
      setupFiles: ['src/test/setup.ts'],
      css: { modules: { classNameStrategy: 'non-scoped' } },
      restoreMocks: true,
      // two workers share the cores (the root config): a console screen's test that takes 2 s alone
      // can pass vitest's default 5 s on a busy machine
      testTimeout: 15_000,
    },
  }),
)
