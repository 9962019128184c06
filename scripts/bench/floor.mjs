// The floor of `npm run bench:api`: the fastest a call of this stack can be on this machine, a
// bare Fastify endpoint doing one primary-key SELECT and answering JSON, with nothing of the
// product on the path (no sessions, envelopes, answer checks, logging or compression). Each call's
// req/s is read as a share of this one's, measured in the same run, so that the ratios say how
// much the product itself costs rather than how fast today's machine happens to be.
//
// Run by api.mjs as its own process: PORT, HOST, and DATABASE_URL (PostgreSQL through a `pg` pool
// of the server's size) or DATA_DIR (the server's embedded database folder, opened the same way).
import { join } from 'node:path'
import Fastify from 'fastify'

// The server's pool (apps/server/src/db/client.ts, openPostgres): the floor gets no more
// connections to the database than the server has.
const POOL_SIZE = 10
// The server's PGlite settings (apps/server/src/db/client.ts, PGLITE_CONF).
const PGLITE_CONF = ['shared_buffers=32MB', 'work_mem=4MB', 'maintenance_work_mem=16MB']

const QUERY = 'select id, order_no, status from orders where id = $1'

async function openDatabase() {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg')
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: POOL_SIZE })
    pool.on('error', () => {})
    return { query: (text, values) => pool.query(text, values), close: () => pool.end() }
  }
  const { PGlite } = await import('@electric-sql/pglite')
  // The server keeps its database in DATA_DIR/pglite (openDatabase in apps/server/src/db/client.ts).
  const client = new PGlite({ dataDir: join(process.env.DATA_DIR ?? 'data', 'pglite'), postgresqlconf: PGLITE_CONF })
  await client.waitReady
  return { query: (text, values) => client.query(text, values), close: () => client.close() }
}

const db = await openDatabase()
const app = Fastify({ logger: false })

app.get('/readyz', async () => {
  await db.query('select 1')
  return { status: 'ok' }
})

app.get('/floor', async (request, reply) => {
  const { rows } = await db.query(QUERY, [Number(request.query.id ?? 1)])
  if (rows.length === 0) return reply.status(404).send({ error: 'no such order' })
  return rows[0]
})

const stop = () => app.close().then(() => db.close()).then(() => process.exit(0), () => process.exit(1))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)

await app.listen({ port: Number(process.env.PORT ?? 8099), host: process.env.HOST ?? '127.0.0.1' })
