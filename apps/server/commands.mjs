import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/**
 * The operator's commands and the server, by the name of their built file in dist/
 * (docs/product/platform.md#deploy): apps/server/build.mjs builds each, scripts/operator.mjs runs
 * one.
 */
export const ENTRY_POINTS = {
  server: 'src/server.ts',
  'staff-create': 'src/modules/staff/create-staff.cli.ts',
  'audit-verify': 'src/modules/audit/verify-audit.cli.ts',
  'secrets-rotate': 'src/modules/secrets/rotate-secrets.cli.ts',
  backup: '../../scripts/backup/backup.ts',
  restore: '../../scripts/backup/restore.ts',
  'providers-check': 'src/adapters/providers/check.cli.ts',
}

/**
 * Built beside them but not a command: loaded before the server with `--import`. It starts
 * tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set, and loads nothing else when not
 * (docs/operations/tracing.md).
 */
export const PRELOADS = {
  instrument: 'src/instrument.ts',
}

const dist = join(fileURLToPath(new URL('.', import.meta.url)), 'dist')

/** The built server. */
export const SERVER_FILE = join(dist, 'server.js')

/** The built instrument entry (PRELOADS). */
export const INSTRUMENT_FILE = join(dist, 'instrument.js')

/**
 * Node's arguments before SERVER_FILE, for every starter of the built server (npm start, the
 * benchmarks, the cluster, the end-to-end tests, a deploy's unit):
 * `node ...SERVER_NODE_ARGS SERVER_FILE`.
 */
export const SERVER_NODE_ARGS = ['--import', pathToFileURL(INSTRUMENT_FILE).href]
