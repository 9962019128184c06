// The throwaway PostgreSQL database a benchmark runs on (bench:api, bench:callbacks).
import { CannotRun } from './process.mjs'

export const DEFAULT_PG_URL = 'postgres://kilat:kilat@localhost:5432/kilat_bench'

/**
 * Creates the benchmark's database when missing and empties it the way scripts/reset.mjs does;
 * with `keep`, leaves what is in it (a benchmark that reuses its seed empties it itself, through
 * `emptyDatabase`, when it seeds again).
 */
export async function preparePostgres(url, { keep = false } = {}) {
  const { default: pg } = await import('pg')
  let parsed
  try {
    parsed = new URL(url)
  } catch {
    throw new CannotRun('DATABASE_URL is not a postgres:// address')
  }
  const name = decodeURIComponent(parsed.pathname.slice(1))
  if (!name.includes('bench')) {
    throw new CannotRun(`DATABASE_URL names the database "${name}". The benchmark empties its database at every run, so it only uses one whose name contains "bench" (default kilat_bench).`)
  }
  const admin = new URL(url)
  admin.pathname = '/postgres'
  const adminClient = new pg.Client({ connectionString: admin.href })
  await adminClient.connect().catch((error) => {
    throw new CannotRun(explainConnectError(error, parsed))
  })
  const release = () => adminClient.end()
  try {
    // A second run on the same database would empty it under the first one's server. The lock
    // lives as long as this connection, which stays open until the engine's runs are over.
    const { rows: locked } = await adminClient.query('select pg_try_advisory_lock(hashtext($1)) as ok', [`kilat bench ${name}`])
    if (!locked[0].ok) throw new CannotRun(`Another benchmark is using the database ${name}: wait for it to end, or give this one another DATABASE_URL.`)
    const { rows } = await adminClient.query('select 1 from pg_database where datname = $1', [name])
    if (rows.length === 0) await adminClient.query(`create database "${name.replaceAll('"', '""')}"`)
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      if (!keep) await emptyDatabase(client)
      const { rows: version } = await client.query('show server_version')
      return { name, version: version[0].server_version, release }
    } finally {
      await client.end()
    }
  } catch (error) {
    await release()
    throw error
  }
}

/** Drops every table, as scripts/reset.mjs does: the server's next start migrates an empty database. */
export async function emptyDatabase(client) {
  await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;')
}

function explainConnectError(error, url) {
  const where = `${url.hostname}:${url.port || 5432}`
  const howTo = [
    'Start the machine\'s PostgreSQL and create the role CI uses (as .ci/run does):',
    '  pg_ctlcluster 15 main start',
    '  su postgres -c "psql -c \\"create role kilat login superuser password \'kilat\'\\""',
    'or set DATABASE_URL to another throwaway database (its name containing "bench"), or run --engine pglite.',
  ].join('\n')
  if (error.code === 'ECONNREFUSED') return `PostgreSQL does not answer at ${where}.\n${howTo}`
  if (error.code === '28P01' || error.code === '28000') return `PostgreSQL at ${where} refused the role "${decodeURIComponent(url.username)}": ${error.message}.\n${howTo}`
  return `Cannot connect to PostgreSQL at ${where}: ${error.message}\n${howTo}`
}
