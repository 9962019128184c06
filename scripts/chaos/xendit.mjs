// Xendit as the chaos run plays it (docs/decisions/0012-payment-gateway.md#faults): its fake
// (apps/server/src/test/fakes/xendit.ts) as a process of its own on a free port, started with tsx
// through apps/server/src/test/fakes/serve.ts, and the server's environment that points Indonesia's
// payments at it (PAYMENTS_ID=xendit, the same key and callback token as the fake, XENDIT_API_URL,
// PUBLIC_URL where the fake posts its callbacks). The server issues its accounts at the fake; the
// fake plays the borrower paying them and posts Xendit's callbacks, token and all, to the server's
// /h5-api/v3/payments/callback/xendit, again when asked (Xendit redelivering), and reports a
// delivery that met no server (killed, restarting) so that the run retries it as Xendit would.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createInterface } from 'node:readline'
import { join } from 'node:path'
import { CannotRun, ROOT } from '../bench/process.mjs'

const SERVE = join(ROOT, 'apps', 'server', 'src', 'test', 'fakes', 'serve.ts')
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx')
const START_TIMEOUT_MS = 60_000
const DELIVERY_TIMEOUT_MS = 15_000

const alnum = (n) => randomBytes(n).toString('base64').replace(/[^A-Za-z0-9]/g, '').padEnd(n, 'x').slice(0, n)

/**
 * Starts the fake for a server on `serverPort`; answers `env` (for the server), `deliver`, `state`
 * and `stop`. The keys are fresh for each run.
 */
export async function startXendit(serverPort) {
  const env = {
    PAYMENTS_ID: 'xendit',
    XENDIT_SECRET_KEY: `xnd_development_${alnum(40)}`,
    XENDIT_CALLBACK_TOKEN: alnum(48),
    PUBLIC_URL: `http://127.0.0.1:${serverPort}`,
  }
  const child = spawn(TSX, [SERVE, 'xendit'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)
  let stderr = ''
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000)
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const first = await Promise.race([
    new Promise((resolve) => createInterface({ input: child.stdout }).once('line', resolve)),
    exited.then(() => null),
    new Promise((resolve) => setTimeout(() => resolve(null), START_TIMEOUT_MS)),
  ])
  if (first === null) {
    child.kill('SIGKILL')
    throw new CannotRun(`the Xendit fake did not start:\n${stderr.trim()}`)
  }
  const { url, control } = JSON.parse(first)
  env.XENDIT_API_URL = url

  async function ask(method, path, body) {
    const response = await fetch(`${control}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    })
    const json = await response.json()
    if (!response.ok) throw new CannotRun(`the Xendit fake's ${path} answered ${response.status} ${JSON.stringify(json).slice(0, 200)}`)
    return json
  }

  return {
    name: 'xendit',
    env,
    url,
    /**
     * The borrower pays `account` (its first call) or Xendit redelivers its callback (any later
     * one): 'new', 'duplicate' or 'failed', and the payment's id at Xendit (`payment_id`, the id
     * the server stores it by), known once the fake has taken the payment.
     */
    async pay(account) {
      const answer = await ask('POST', '/pay', { account: String(account) })
      const id = answer.callback?.payment_id ?? null
      if (!answer.delivered) {
        if (process.env.CHAOS_DEBUG) console.log('xendit delivery failed:', answer.error)
        return { outcome: 'failed', id }
      }
      let body
      try {
        body = JSON.parse(answer.text)
      } catch {
        body = undefined
      }
      if (answer.status !== 200 || body?.code !== 0) {
        if (process.env.CHAOS_DEBUG) console.log(answer.status, answer.text.slice(0, 200))
        return { outcome: 'failed', id }
      }
      return { outcome: body.data?.duplicate ? 'duplicate' : 'new', id }
    },
    /** Xendit finishes a payout (SUCCEEDED, or FAILED when `fail`) and posts its callback; again: redelivers it. */
    finishPayout: (reference, fail) => ask('POST', fail ? '/fail-payout' : '/complete-payout', { reference }),
    /** The next `times` calls to the fake answer `status`, after doing their work when `afterProcessing`. */
    failNext: (status, { afterProcessing = false, times = 1 } = {}) => ask('POST', '/fail-next', { status, body: { error_code: 'SERVER_ERROR', message: 'chaos' }, afterProcessing, times }),
    /** The next `times` calls to the fake answer this late. */
    slowNext: (delayMs, times = 1) => ask('POST', '/slow-next', { delayMs, times }),
    /** What the fake holds: the accounts it issued, its transactions (the money in), its balance. */
    state: () => ask('GET', '/state'),
    async stop() {
      process.off('exit', killOnExit)
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(timer)
    },
  }
}
