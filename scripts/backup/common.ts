import { statSync } from 'node:fs'
import path from 'node:path'
import { loadConfigOrExit, type Config } from '../../apps/server/src/config.js'
import { RefusedError } from '../../apps/server/src/db/backup.js'

/** The configured engine: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/pglite (as the server). */
export function target(): { config: Config; engine: 'pglite' | 'postgres'; pgliteDir: string; where: string } {
  const config = loadConfigOrExit(process.env)
  const pgliteDir = path.join(config.DATA_DIR, 'pglite')
  if (config.DATABASE_URL) {
    const url = new URL(config.DATABASE_URL)
    return { config, engine: 'postgres', pgliteDir, where: `PostgreSQL database ${url.pathname.slice(1)} on ${url.host}` }
  }
  return { config, engine: 'pglite', pgliteDir, where: `embedded database in ${path.relative(process.cwd(), pgliteDir) || pgliteDir}` }
}

export const sizeOf = (file: string) => {
  const bytes = statSync(file).size
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`
}

/** A refusal or a failure: one line, exit 1. */
export function fail(command: string) {
  return (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error)
    console.error(error instanceof RefusedError ? `Refused: ${message}` : `${command} failed: ${message}`)
    process.exit(1)
  }
}
