import { build } from 'esbuild'
import { fileURLToPath } from 'node:url'
import { ENTRY_POINTS, PRELOADS } from './commands.mjs'

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

const entryPoints = { ...ENTRY_POINTS, ...PRELOADS }
const started = Date.now()
await build({
  absWorkingDir: here,
  entryPoints,
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
console.log(`Built ${Object.keys(entryPoints).map((name) => `dist/${name}.js`).join(', ')} in ${Date.now() - started} ms`)
