// `npm run deploy:prove`: the production install of docs/product/platform.md#deploy, done for real
// in a throwaway copy of the repository's committed tree: install, build, remove the development
// dependencies (`npm prune --omit=dev`), then with NODE_ENV=production run the server (which
// migrates its database) and every operator command: staff:create, audit:verify, secrets:rotate,
// backup, restore and providers:check. Fails on the first step that does not do what the README says. CI runs it.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../bench/process.mjs'

const ROOT = join(import.meta.dirname, '..', '..')
const dir = await mkdtemp(join(tmpdir(), 'kilat-deploy-'))
const port = await freePort()
const env = {
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: join(dir, 'data'),
  PORT: String(port),
  HOST: '127.0.0.1',
  PAYMENT_CALLBACK_SECRET: randomBytes(24).toString('hex'),
  SECRETS_KEYS: `k1:${randomBytes(32).toString('base64')}`,
  LOG_LEVEL: 'warn',
  // no provider is reachable from here: the sandbox, on purpose (the refusal without it is proved below)
  ALLOW_SANDBOX_PROVIDERS: 'true',
}
delete env.DATABASE_URL
delete env.DEMO_MODE
const app = join(dir, 'app')

function step(title) {
  console.log(`\n--- ${title}`)
}

/** Runs a command in the copy, printing its output; returns the output; fails the proof on a non-zero exit. */
function run(command, args, options = {}) {
  const out = execFileSync(command, args, { cwd: options.cwd ?? app, env: options.env ?? process.env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
  if (!options.quiet) process.stdout.write(out)
  return out
}

/** Whether any process of the group is still running. */
function groupAlive(pid) {
  try {
    process.kill(-pid, 0)
    return true
  } catch {
    return false
  }
}

function expect(condition, what) {
  if (!condition) throw new Error(`production install: ${what}`)
  console.log(`ok: ${what}`)
}

let server
try {
  step('a copy of the committed tree')
  run('git', ['clone', '--quiet', '--no-hardlinks', ROOT, app], { cwd: dir })
  step('npm ci, npm run build, npm prune --omit=dev')
  run('npm', ['ci', '--no-audit', '--no-fund'], { quiet: true })
  run('npm', ['run', 'build'], { quiet: true })
  run('npm', ['prune', '--omit=dev', '--no-audit', '--no-fund'], { quiet: true })
  for (const tool of ['tsx', 'vitest', 'typescript', 'vite', 'esbuild']) expect(!existsSync(join(app, 'node_modules', tool)), `${tool} is gone`)
  expect(run('npm', ['exec', '--', 'node', '--version'], { quiet: true }).startsWith('v24.'), 'the project\'s Node 24 stayed')

  step('npm run staff:create (migrates the new database)')
  const created = run('npm', ['run', '--silent', 'staff:create', '--', '--email', 'first.admin@example.com', '--role', 'admin', '--markets', 'ID', '--url', `http://localhost:${port}`], { env })
  expect(/\/ops\/enrol/.test(created), 'staff:create printed the enrolment link')

  step('the server refuses the sandbox in production unless told so on purpose')
  const refused = spawnSync('npm', ['run', '--silent', 'serve'], { cwd: app, env: { ...env, ALLOW_SANDBOX_PROVIDERS: '' }, encoding: 'utf8', timeout: 60_000 })
  expect(refused.status === 1 && refused.stderr.includes('PAYMENTS_ID is the sandbox'), 'without ALLOW_SANDBOX_PROVIDERS the server stops, naming PAYMENTS_ID')

  step('npm run providers:check')
  const unreachable = { ...env, PAYMENTS_ID: 'xendit', XENDIT_SECRET_KEY: `xnd_production_${randomBytes(16).toString('hex')}`, XENDIT_CALLBACK_TOKEN: randomBytes(16).toString('hex'), XENDIT_API_URL: 'http://127.0.0.1:9', PUBLIC_URL: 'https://kilat.example.com' }
  const checked = spawnSync('npm', ['run', '--silent', 'providers:check'], { cwd: app, env: unreachable, encoding: 'utf8', timeout: 120_000 })
  process.stdout.write(checked.stdout)
  expect(checked.status === 1 && checked.stdout.includes('payments xendit (ID): NOT REACHABLE'), 'providers:check runs from the build and fails clearly where no provider is reachable')

  step('npm run serve')
  // its own process group: npm does not pass a signal on to the server it started
  server = spawn('npm', ['run', '--silent', 'serve'], { cwd: app, env, stdio: ['ignore', 'pipe', 'inherit'], detached: true })
  let printed = ''
  server.stdout.on('data', (chunk) => {
    printed += chunk
    process.stdout.write(chunk)
  })
  let ready = false
  for (let i = 0; i < 120 && !ready; i++) {
    ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false)
    if (!ready) await new Promise((r) => setTimeout(r, 500))
  }
  expect(ready, 'the server answers /readyz')
  const page = await fetch(`http://127.0.0.1:${port}/ops/sign-in`)
  expect(page.ok, 'the console\'s sign-in page is served from the build')
  expect(!printed.includes('testPreview'), 'the start lines do not advertise the test preview')
  process.kill(-server.pid, 'SIGTERM')
  // npm exits at once; the server drains, then lets go of its database: wait for the whole group
  for (let i = 0; groupAlive(server.pid); i++) {
    if (i > 120) throw new Error('production install: the server did not stop within 60 s of SIGTERM')
    await new Promise((r) => setTimeout(r, 500))
  }
  server = undefined

  step('npm run audit:verify')
  expect(/chain intact/.test(run('npm', ['run', '--silent', 'audit:verify'], { env })), 'the audit trail\'s chain is intact')

  step('npm run secrets:rotate (to a second key)')
  const rotateEnv = { ...env, SECRETS_KEYS: `${env.SECRETS_KEYS},k2:${randomBytes(32).toString('base64')}`, SECRETS_KEY_ID: 'k2' }
  expect(/staff\.totp_secret: 1 re-sealed from an older key/.test(run('npm', ['run', '--silent', 'secrets:rotate'], { env: rotateEnv })), 'secrets:rotate re-sealed the admin\'s secret under k2')

  step('npm run backup, npm run restore')
  const file = join(dir, 'backup.tar.gz')
  run('npm', ['run', '--silent', 'backup', '--', '--out', file], { env })
  expect(existsSync(file), 'the backup was written')
  run('npm', ['run', '--silent', 'restore', '--', file, '--force'], { env })
  expect(/chain intact/.test(run('npm', ['run', '--silent', 'audit:verify'], { env })), 'the restored database\'s audit chain is intact')
  console.log('\nThe production install runs the server and every operator command without the development dependencies.')
} finally {
  if (server) process.kill(-server.pid, 'SIGKILL')
  await rm(dir, { recursive: true, force: true })
}
