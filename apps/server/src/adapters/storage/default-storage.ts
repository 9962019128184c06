import path from 'node:path'
import type { Database } from '../../db/client.js'
import { DatabaseStorage } from './database-storage.js'
import type { FileStorage } from './file-storage.js'
import { LocalDiskStorage } from './local-disk-storage.js'

/**
 * The storage a server uses unless told otherwise: on PostgreSQL (`DATABASE_URL`) the database
 * itself, which every process behind the load balancer shares; on the embedded database, which
 * belongs to one process anyway, a folder beside it (`DATA_DIR/uploads`).
 */
export function defaultStorage(database: Pick<Database, 'kind' | 'db'>, dataDir: string): FileStorage {
  return database.kind === 'postgres' ? new DatabaseStorage(database.db) : new LocalDiskStorage(path.join(dataDir, 'uploads'))
}
