import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import { browserContract } from './build/browser-contract.ts'
import { eagerModuleWrappers } from './build/eager-module-wrappers.ts'
import { lowPriorityScripts } from './build/low-priority-scripts.ts'
import { precompress } from './build/precompress.ts'
import { sharedTexts } from './build/shared-texts.ts'
import { ISLAND_FILES } from './src/app/public/islands.ts'

/**
 * Replaced per request by the server with the request's CSP nonce (docs/product/platform.md#server-rendering). Vite puts
 * it on the tags it writes and in a `csp-nonce` meta tag its preload helper reads for lazy chunks.
 */
export const CSP_NONCE_PLACEHOLDER = '__KILAT_CSP_NONCE__'

/**
 * The public pages' islands (docs/decisions/0011-public-pages.md): small plain-TypeScript scripts,
 * each its own input, so a public page loads its island and nothing of the borrower app.
 */
const islandsDir = fileURLToPath(new URL('./src/islands/', import.meta.url))

export default defineConfig({
  plugins: [react(), eagerModuleWrappers(), sharedTexts(), browserContract(), lowPriorityScripts(), precompress(), trustCheckedFormats()],
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  resolve: {
    // The contract's schemas are the server's; the web app keeps their types only (see the file).
    alias: { zod: fileURLToPath(new URL('./src/shared/api/zod-shapes.ts', import.meta.url)) },
  },
  build: {
    manifest: true,
    // One stylesheet for the whole app (about 6 KiB gzip): a single render-blocking request on a
    // slow network costs less than the five or six per-route ones it replaces.
    cssCodeSplit: false,
    target: 'es2022',
    // The server renders the first screen; scripts only hydrate it, so no inline module preload polyfill.
    modulePreload: { polyfill: false, resolveDependencies: () => [] },
    assetsInlineLimit: 2048,
    rolldownOptions: {
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), ...absoluteIslands() },
      output: {
        // Everything the entry loads statically stays in one chunk. Left to itself, Rolldown splits
        // the shell into common chunks once several screens share it (router, query client, page
        // frame), and each split costs its own gzip window: about 3.5 KiB more on every route.
        // The islands stay out of that group: each is its own small file.
        codeSplitting: {
          groups: [
            { name: 'react', priority: 2, test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]src[\\/]app[\\/]react-first\.ts$/ },
            { name: 'app', priority: 1, tags: ['$initial'], test: (id: string) => !id.startsWith(islandsDir) },
          ],
        },
      },
      onwarn(warning, warn) {
        // TanStack Query marks its modules "use client" for server components, which we do not use.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return
        warn(warning)
      },
    },
  },
  ssr: {
    // antd-mobile's modules import CSS, which Node cannot load; the workspace packages are TypeScript.
    noExternal: ['antd-mobile', '@kilat/contract', '@kilat/domain'],
  },
})

/**
 * The browser trusts the number and date rules the server checked against its Intl, and ships
 * without the checks (packages/domain/src/format-trust.ts). The server's renderer keeps them.
 */
function trustCheckedFormats(): Plugin {
  return { name: 'kilat-trust-checked-formats', config: (_config, { isSsrBuild }) => (isSsrBuild ? {} : { define: { __KILAT_TRUST_FORMATS__: 'true' } }) }
}

function absoluteIslands(): Record<string, string> {
  return Object.fromEntries(Object.entries(ISLAND_FILES).map(([name, file]) => [name, fileURLToPath(new URL(`./${file}`, import.meta.url))]))
}
