// Runs the server suite against a real PostgreSQL. DATABASE_URL names a throwaway database: the
// suite migrates `<name>__template` beside it and gives each worker a copy, `<name>__worker<N>`
// (apps/server/src/test/worker-database.ts), dropping the copies of the previous run first.
import { spawnSync } from 'node:child_process'

const url = process.env.DATABASE_URL ?? 'postgres://kilat:kilat@localhost:5432/kilat_test'
console.log(`Server suite on PostgreSQL: ${url.replace(/\/\/[^@]*@/, '//***@')}`)
const args = ['vitest', 'run', '--project', 'server', '--project', 'server-fuzz', ...process.argv.slice(2)]
const result = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url } })
process.exit(result.status ?? 1)
