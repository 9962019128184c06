// Starts the product over: removes the embedded database folder, or, with DATABASE_URL, drops the
// tables of a PostgreSQL database (never in production). The next `npm start` recreates and seeds.
import { rm } from 'node:fs/promises'
import { resolve } from 'node:path'

const url = process.env.DATABASE_URL
if (process.env.NODE_ENV === 'production') {
  console.error('Refusing to reset in production (NODE_ENV=production).')
  process.exit(1)
}

if (url) {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;')
  await client.end()
  console.log(`Reset the PostgreSQL database ${new URL(url).pathname.slice(1)}.`)
} else {
  const dir = resolve(process.env.DATA_DIR ?? 'data')
  await rm(dir, { recursive: true, force: true })
  console.log(`Removed ${dir}. The next start creates and seeds a new database.`)
}
