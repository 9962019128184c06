import { build } from 'esbuild'
import { fileURLToPath } from 'node:url'
import { ENTRY_POINTS } from './commands.mjs'

const here = fileURLToPath(new URL('.', import.meta.url))

/**
 * The workspace packages (@kilat/*) publish TypeScript source, so they are bundled; every npm
 * package stays external and is loaded from node_modules at run time. Migrations are not bundled:
 * src/db/migrate.ts finds apps/server/drizzle next to dist/ at run time.
 */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@kilat/')) return undefined
      return { path: args.path, external: true }
    })
  },
}

const started = Date.now()
await build({
  absWorkingDir: here,
  entryPoints: ENTRY_POINTS,
  outdir: 'dist',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalNpmPackages],
})
console.log(`Built ${Object.keys(ENTRY_POINTS).map((name) => `dist/${name}.js`).join(', ')} in ${Date.now() - started} ms`)
