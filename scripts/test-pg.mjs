// Runs the server suite against a real PostgreSQL. DATABASE_URL names the database; it must be a
// throwaway one, since the suite truncates its tables.
import { spawnSync } from 'node:child_process'

const url = process.env.DATABASE_URL ?? 'postgres://kilat:kilat@localhost:5432/kilat_test'
console.log(`Server suite on PostgreSQL: ${url.replace(/\/\/[^@]*@/, '//***@')}`)
const args = ['vitest', 'run', '--project', 'server', '--project', 'server-fuzz', ...process.argv.slice(2)]
const result = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url } })
process.exit(result.status ?? 1)
