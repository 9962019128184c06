// The chaos run's own PostgreSQL cluster (15 kilatchaos on port 5440, loopback only): the fault
// stops it with `-m immediate`, as a crash would, so it must never be a cluster anyone else uses.
// Created on first use with Debian's cluster tools, which need root or the postgres user.
import { execFileSync } from 'node:child_process'
import { CannotRun } from '../bench/process.mjs'

export const CLUSTER = { version: '15', name: 'kilatchaos', port: 5440 }
export const DATABASE = 'kilat_chaos'
export const DATABASE_URL = `postgres://kilat:kilat@127.0.0.1:${CLUSTER.port}/${DATABASE}`

const asRoot = process.getuid?.() === 0

function run(command, args) {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  } catch (error) {
    throw new CannotRun(`${command} ${args.join(' ')} failed: ${(error.stderr || error.message).trim()}`)
  }
}

/** psql as the cluster's owner (the role kilat may not exist yet). */
function psqlAsOwner(statement) {
  const args = ['-p', String(CLUSTER.port), '-d', 'postgres', '-Atc', statement]
  return asRoot ? run('runuser', ['-u', 'postgres', '--', 'psql', ...args]) : run('psql', args)
}

function status() {
  let listing
  try {
    listing = execFileSync('pg_lsclusters', ['-h'], { encoding: 'utf8' })
  } catch {
    throw new CannotRun('pg_lsclusters is missing: the chaos run needs PostgreSQL 15 with Debian\'s cluster tools (postgresql-common).')
  }
  const line = listing.split('\n').find((l) => {
    const [version, name] = l.trim().split(/\s+/)
    return version === CLUSTER.version && name === CLUSTER.name
  })
  if (!line) return 'missing'
  const [, , port, state] = line.trim().split(/\s+/)
  if (Number(port) !== CLUSTER.port) throw new CannotRun(`cluster ${CLUSTER.version} ${CLUSTER.name} listens on ${port}, not ${CLUSTER.port}`)
  return state
}

/** Creates the cluster, its role and database when missing, and starts it. */
export function ensureCluster() {
  if (status() === 'missing') {
    console.log(`creating PostgreSQL cluster ${CLUSTER.version} ${CLUSTER.name} on port ${CLUSTER.port}…`)
    run('pg_createcluster', [CLUSTER.version, CLUSTER.name, '-p', String(CLUSTER.port)])
  }
  startCluster()
  if (psqlAsOwner("select 1 from pg_roles where rolname = 'kilat'").trim() !== '1') psqlAsOwner("create role kilat login superuser password 'kilat'")
  if (psqlAsOwner(`select 1 from pg_database where datname = '${DATABASE}'`).trim() !== '1') psqlAsOwner(`create database ${DATABASE} owner kilat`)
}

export function startCluster() {
  if (status() !== 'online') run('pg_ctlcluster', [CLUSTER.version, CLUSTER.name, 'start'])
}

/** A crash of the database: no checkpoint, connections cut; recovery replays the log at start. */
export function crashCluster() {
  run('pg_ctlcluster', [CLUSTER.version, CLUSTER.name, 'stop', '-m', 'immediate'])
}
