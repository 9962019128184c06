import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

const COMPRESSIBLE = /\.(js|css|svg|json)$/
/** Below this size the compressed copy costs more in a round trip than it saves. */
const MIN_BYTES = 512

/**
 * Writes `.br` and `.gz` copies next to the client build's assets, so the server sends them
 * precompressed at the highest level instead of compressing on every request.
 */
export function precompress(): Plugin {
  let outDir = ''
  let isSsr = false
  return {
    name: 'kilat:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
      isSsr = Boolean(config.build.ssr)
    },
    async writeBundle(_options, bundle) {
      if (isSsr) return
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name) && !name.startsWith('.vite/'))
      await Promise.all(
        files.map(async (name) => {
          const path = join(outDir, name)
          const source = await readFile(path)
          if (source.byteLength < MIN_BYTES) return
          const [br, gzipped] = await Promise.all([
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.byteLength,
              },
            }),
            gz(source, { level: 9 }),
          ])
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)])
        }),
      )
    },
  }
}
