import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { Database } from './client.js'

/** Any constant works; it only has to be the same in every process of this application. */
const MIGRATION_LOCK_KEY = 7_345_001

/**
 * The generated migrations live in apps/server/drizzle. This module runs from src (tests, dev:
 * src/db/migrate.ts) or from the bundle (dist/server.js), which sit at different depths.
 */
export function migrationsFolder(): string {
  for (const relative of ['../../drizzle', '../drizzle']) {
    const dir = fileURLToPath(new URL(relative, import.meta.url))
    if (existsSync(`${dir}/meta/_journal.json`)) return dir
  }
  throw new Error('migrations folder not found (expected apps/server/drizzle)')
}

/**
 * Applies pending migrations. A session-level advisory lock makes processes that start together
 * wait for one another, so each migration runs once.
 */
export async function migrateDatabase(database: Database, folder = migrationsFolder()): Promise<void> {
  const { handle } = database
  if (handle.kind === 'pglite') {
    const client = handle.client
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    try {
      await migratePglite(drizzlePglite(client), { migrationsFolder: folder })
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
    }
    return
  }
  // The lock belongs to a connection, so the migration runs on the one that holds it.
  const conn = await handle.client.connect()
  try {
    await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    try {
      await migratePg(drizzlePg(conn), { migrationsFolder: folder })
    } finally {
      await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
    }
  } finally {
    conn.release()
  }
}
