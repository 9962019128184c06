import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { browserContract } from './build/browser-contract.ts'
import { precompress } from './build/precompress.ts'
import { CSP_NONCE_PLACEHOLDER } from './vite.config.ts'

/**
 * The operations console's own build (docs/decisions/0015-ops-console.md): `ops.html` and what it
 * loads, into the same `dist/client` after the borrower app's build, with a manifest of its own. A
 * separate build shares no chunk with the borrower app: React and the API client are bundled again
 * here, and nothing of Ant Design can end up in a borrower route's files whatever the chunking does.
 */
export default defineConfig({
  plugins: [react(), browserContract(), precompress()],
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  resolve: {
    alias: { zod: fileURLToPath(new URL('./src/shared/api/zod-shapes.ts', import.meta.url)) },
  },
  build: {
    outDir: 'dist/client',
    // The borrower app's build is already there.
    emptyOutDir: false,
    manifest: '.vite/ops-manifest.json',
    target: 'es2022',
    // Client-rendered: the page is blank until the script runs, so preload what the entry needs.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 2048,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      input: { ops: fileURLToPath(new URL('./ops.html', import.meta.url)) },
      output: {
        // What the entry loads statically is loaded on every screen, whatever the screens share
        // among themselves: one file for all of it, not a dozen pieces (each piece compresses on
        // its own, and the split only follows which lazy screens share what).
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
      },
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return
        warn(warning)
      },
    },
  },
})
