import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { parseArgs } from 'node:util'
import { startXenditFake, type XenditFake } from './xendit.js'

/**
 * A provider's fake as a process of its own (docs/decisions/0012-payment-gateway.md#faults), for the chaos run
 * and for trying a server against it by hand: `tsx apps/server/src/test/fakes/serve.ts xendit --port N`.
 * It takes the provider's keys from the same variables as the server (XENDIT_SECRET_KEY,
 * XENDIT_CALLBACK_TOKEN) and sends its callbacks under PUBLIC_URL, so one environment serves
 * both. Its first line on stdout is JSON: `{"provider","url","control"}`; `control` is a second
 * local server that steers the fake as a test does (the provider playing the borrower and the
 * bank):
 *   POST /pay {"account", "amount"?}   the borrower pays an issued account; the callback is posted
 *                                       (again: the provider redelivering it). Answers the delivery
 *                                       ({status, text}) or its error, and the callback's body.
 *   POST /complete-payout {"reference"} / POST /fail-payout {"reference", "failureCode"?}
 *   POST /fail-next {"status", "body"?, "afterProcessing"?, "times"?} / POST /slow-next {"delayMs", "times"?}
 *   GET  /state                         what the fake holds: accounts, payouts, transactions, balance,
 *                                       the reference of every payout send it received
 * It stops on SIGTERM or SIGINT. Loopback only; never a production process.
 */

type Json = Record<string, unknown>

interface Served {
  url: string
  control: (method: string, path: string, body: Json) => Promise<{ status: number; body: unknown }>
  close(): Promise<void>
}

const PROVIDERS: Record<string, (port: number | undefined, env: NodeJS.ProcessEnv) => Promise<Served>> = {
  xendit: serveXendit,
}

function required(env: NodeJS.ProcessEnv, name: string): string {
  const v = env[name]?.trim()
  if (!v) throw new Error(`${name} is required: the fake accepts the key the server is given`)
  return v
}

const text = (body: Json, name: string) => (typeof body[name] === 'string' && body[name] !== '' ? (body[name] as string) : undefined)
const count = (body: Json) => (typeof body.times === 'number' && Number.isInteger(body.times) && body.times > 0 ? body.times : 1)

async function serveXendit(port: number | undefined, env: NodeJS.ProcessEnv): Promise<Served> {
  const publicUrl = required(env, 'PUBLIC_URL').replace(/\/+$/, '')
  const fake: XenditFake = await startXenditFake({
    ...(port === undefined ? {} : { port }),
    secretKey: required(env, 'XENDIT_SECRET_KEY'),
    callbackToken: required(env, 'XENDIT_CALLBACK_TOKEN'),
    paymentsCallbackUrl: `${publicUrl}/h5-api/v3/payments/callback/xendit`,
    payoutsCallbackUrl: `${publicUrl}/h5-api/v3/payouts/callback/xendit`,
  })
  // a delivery that met no server (killed, restarting) is reported, not thrown: the caller retries
  const delivered = async (send: () => Promise<{ status: number; text: string }>, body: () => Json) => {
    try {
      const d = await send()
      return { status: 200, body: { delivered: true, status: d.status, text: d.text, callback: body() } }
    } catch (error) {
      return { status: 200, body: { delivered: false, error: error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error), callback: body() } }
    }
  }
  return {
    url: fake.url,
    close: () => fake.close(),
    async control(method, path, body) {
      const route = `${method} ${path}`
      if (route === 'GET /state') {
        return {
          status: 200,
          body: { accounts: [...fake.accounts.values()].map(({ request: _request, ...a }) => a), payouts: [...fake.payouts.values()], transactions: fake.transactions, balance: fake.balance.value, calls: fake.calls.length,
            // every payout send received, by its reference: a retried send is one more
            payoutSends: fake.calls.filter((c) => c.method === 'POST' && c.path === '/v2/payouts').map((c) => String(c.body?.reference_id ?? '')) },
        }
      }
      if (route === 'POST /pay') {
        const account = text(body, 'account')
        if (!account) return { status: 400, body: { error: 'account is required' } }
        const amount = typeof body.amount === 'number' ? body.amount : undefined
        return delivered(
          () => fake.pay(account, amount === undefined ? {} : { amount }),
          () => fake.paidCallbackBody(account),
        )
      }
      if (route === 'POST /complete-payout' || route === 'POST /fail-payout') {
        const reference = text(body, 'reference')
        if (!reference) return { status: 400, body: { error: 'reference is required' } }
        const send = path === '/complete-payout' ? () => fake.completePayout(reference) : () => fake.failPayout(reference, text(body, 'failureCode'))
        return delivered(send, () => fake.payoutCallbackBody(reference))
      }
      if (route === 'POST /fail-next') {
        if (typeof body.status !== 'number') return { status: 400, body: { error: 'status is required' } }
        // afterProcessing: the call's work is done, then this answer (an answer lost on the way back)
        fake.failNext({ answer: { status: body.status, body: body.body }, afterProcessing: body.afterProcessing === true }, count(body))
        return { status: 200, body: { ok: true } }
      }
      if (route === 'POST /slow-next') {
        if (typeof body.delayMs !== 'number') return { status: 400, body: { error: 'delayMs is required' } }
        fake.slowNext(body.delayMs, count(body))
        return { status: 200, body: { ok: true } }
      }
      return { status: 404, body: { error: `no control ${route}` } }
    },
  }
}

async function readJson(req: IncomingMessage): Promise<Json> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const raw = Buffer.concat(chunks).toString('utf8')
  if (raw === '') return {}
  const parsed: unknown = JSON.parse(raw)
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Json) : {}
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { port: { type: 'string' }, 'control-port': { type: 'string' } } })
  const provider = positionals[0] ?? ''
  const start = PROVIDERS[provider]
  if (!start) throw new Error(`usage: serve.ts <${Object.keys(PROVIDERS).join('|')}> [--port N] [--control-port N]`)
  const port = values.port === undefined ? undefined : Number(values.port)
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port < 65_536)) throw new Error('--port must be a port number')
  const served = await start(port, process.env)
  const control = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://control')
    readJson(req)
      .then((body) => served.control(req.method ?? 'GET', url.pathname, body))
      .then((a) => answer(res, a.status, a.body))
      .catch((error: unknown) => answer(res, 500, { error: error instanceof Error ? error.message : String(error) }))
  })
  await new Promise<void>((resolve) => control.listen(Number(values['control-port'] ?? 0), '127.0.0.1', resolve))
  const controlUrl = `http://127.0.0.1:${(control.address() as AddressInfo).port}`
  process.stdout.write(`${JSON.stringify({ provider, url: served.url, control: controlUrl })}\n`)
  const stop = () => {
    control.closeAllConnections()
    control.close()
    void served.close().then(() => process.exit(0))
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(2)
})
