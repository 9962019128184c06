import { request, Agent, type IncomingMessage } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { describe, expect, it, vi } from 'vitest'
import { repeatPass } from '../../jobs/repeat.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'
import { shutDown } from './shutdown.js'

interface Answer {
  status: number
  connection: string | undefined
  body: string
  socket: Socket
}

/** One GET over real sockets (keep-alive through `agent`): the drain is about connections, which app.inject has none of. */
function get(port: number, path: string, agent?: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let socket: Socket | undefined
    const req = request({ host: '127.0.0.1', port, path, agent: agent ?? false }, (res: IncomingMessage) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body, socket: socket! }))
    })
    req.on('socket', (s) => (socket = s))
    req.on('error', reject)
    req.end()
  })
}

function deferred() {
  let resolve: () => void = () => {}
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('graceful shutdown', () => {
  it('turns /readyz to 503 at once, serves through the drain, answers the requests in flight, then closes idle sockets, the job and the database', async () => {
    // Its own database: shutting down closes it.
    const database = await openTestDatabase()
    const app = await buildTestApp(database)
    const slow = deferred()
    const slowStarted = deferred()
    app.get('/test/slow', async () => {
      slowStarted.resolve()
      await slow.promise
      return { status: 'slow done' }
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as AddressInfo

    // A job pass in progress when the signal comes.
    const pass = deferred()
    const passStarted = deferred()
    const events: string[] = []
    const job = repeatPass('test job', async () => {
      passStarted.resolve()
      await pass.promise
      events.push('pass finished')
      return {}
    }, 3600, app.log)
    job.kick()
    await passStarted.promise

    // An idle keep-alive connection, as a load balancer pools them, and a request in flight on another.
    const agent = new Agent({ keepAlive: true })
    const busyAgent = new Agent({ keepAlive: true })
    const idle = await get(port, '/healthz', agent)
    expect(idle.status).toBe(200)
    let idleClosed = false
    idle.socket.once('close', () => (idleClosed = true))
    const inFlight = get(port, '/test/slow', busyAgent)
    await slowStarted.promise

    let done = false
    const shutdown = shutDown(app, { job, drainMs: 400 }).then(() => {
      events.push('shut down')
      done = true
    })

    // The drain: not ready, yet still listening and serving; each answer closes its connection.
    const ready = await get(port, '/readyz')
    expect(ready.status).toBe(503)
    expect(JSON.parse(ready.body)).toMatchObject({ code: 1098 })
    const live = await get(port, '/healthz')
    expect(live.status).toBe(200)
    expect(live.connection).toBe('close')
    expect(idleClosed).toBe(false)

    // After the drain the server stops listening and closes the idle connection, but the
    // request in flight is still answered, and shutdown waits for it and for the job's pass.
    // Waited for rather than a fixed 600 ms: on a busy machine the timers run late.
    await vi.waitFor(() => expect(idleClosed).toBe(true), { timeout: 10_000, interval: 25 })
    await expect(get(port, '/healthz')).rejects.toThrow(/ECONNREFUSED/)
    expect(done).toBe(false)
    slow.resolve()
    const answered = await inFlight
    expect(answered.status).toBe(200)
    expect(JSON.parse(answered.body)).toEqual({ status: 'slow done' })
    await tick(50)
    expect(done).toBe(false)
    expect(await database.ping()).toBe(true)

    pass.resolve()
    await shutdown
    expect(events).toEqual(['pass finished', 'shut down'])
    expect(await database.ping()).toBe(false)
    agent.destroy()
    busyAgent.destroy()
  })

  it('without a drain stops listening at once', async () => {
    const database = await openTestDatabase()
    const app = await buildTestApp(database)
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as AddressInfo
    expect((await get(port, '/readyz')).status).toBe(200)
    await shutDown(app, { drainMs: 0 })
    await expect(get(port, '/readyz')).rejects.toThrow(/ECONNREFUSED/)
    expect(await database.ping()).toBe(false)
  })
})
