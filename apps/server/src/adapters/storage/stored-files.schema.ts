import { sql } from 'drizzle-orm'
import { check, customType, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns.js'

/** PostgreSQL's `bytea`: node-postgres answers a Buffer, PGlite a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
})

/**
 * Uploaded files kept in the database (database-storage.ts), so that every server process on it
 * serves them (docs/product/platform.md#scale-out). The name is the storage adapter's key, made by
 * the server; who may read a file is the owner module's business (`complaint_uploads`), not this
 * table's. `sha256` is the content hash, the ETag an image is served with.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    name: text('name').primaryKey(),
    bytes: bytea('bytes').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('stored_files_size_check', sql`${t.size} = octet_length(${t.bytes})`)],
)
