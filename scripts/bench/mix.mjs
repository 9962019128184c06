// The weighted mix of borrower calls a fixed-rate run sends (bench:api's fixed-rate run, the
// cluster's proof): each request draws its call at random by the weights of targets.mjs, so that
// the connections do not all ask for the same call at the same moment.
import http from 'node:http'
import autocannon from 'autocannon'

/** Every request to load, each with its label, kind and weight in the fixed-rate mix. */
export function requestsOf(targets, demo) {
  return targets.flatMap((target) => {
    const requests = target.requests(demo)
    return requests.map(({ label, ...request }) => ({
      name: target.name,
      label: label ?? target.name,
      kind: target.kind,
      weight: target.mix / requests.length,
      request,
    }))
  })
}

/** The requests of the mix (weight above 0) and each call's share of it. */
export function mixOf(requests) {
  const mix = requests.filter((r) => r.weight > 0)
  const total = mix.reduce((sum, r) => sum + r.weight, 0)
  const shares = new Map()
  for (const r of mix) shares.set(r.name, (shares.get(r.name) ?? 0) + r.weight / total)
  const pick = () => {
    let x = Math.random() * total
    for (const r of mix) if ((x -= r.weight) < 0) return r.request
    return mix.at(-1).request
  }
  return { mix, shares, pick }
}

/**
 * autocannon's options for `rate` requests a second over the mix. autocannon corrects the
 * latencies for the requests a slow server kept it from sending (coordinated omission), so p99
 * includes the wait. `duration` 0 runs until the caller stops it.
 */
export function mixLoadOptions(base, requests, { connections, rate, duration }) {
  const { pick } = mixOf(requests)
  return {
    url: base,
    connections,
    overallRate: rate,
    ...(duration > 0 ? { duration } : { duration: 24 * 3600 }),
    requests: [
      {
        setupRequest: (req) => {
          const { method, path, headers, body } = pick()
          return { ...req, method, path, headers: { ...req.headers, ...headers }, body: body ?? Buffer.alloc(0) }
        },
      },
    ],
  }
}

/**
 * Starts the mix at a fixed rate and runs until `stop()`; counts failures (no answer, a timeout or
 * a status other than 2xx) with the moment each happened, for the proof's timeline.
 */
export function startMixLoad(base, requests, { connections, rate }) {
  const failures = []
  const started = Date.now()
  let resolveDone
  const done = new Promise((resolve, reject) => {
    resolveDone = { resolve, reject }
  })
  const instance = autocannon(mixLoadOptions(base, requests, { connections, rate, duration: 0 }), (error, result) => {
    if (error) resolveDone.reject(error)
    else resolveDone.resolve(result)
  })
  instance.on('response', (_client, statusCode) => {
    if (statusCode < 200 || statusCode > 299) failures.push({ at: Date.now() - started, what: `HTTP ${statusCode}` })
  })
  instance.on('reqError', (error) => failures.push({ at: Date.now() - started, what: error.message }))
  return {
    started,
    failures,
    async stop() {
      instance.stop()
      const result = await done
      return {
        answered: result.requests.total,
        seconds: (Date.now() - started) / 1000,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors,
        non2xx: result.non2xx,
        failures,
      }
    },
  }
}

/**
 * The mix at a truly fixed rate (an open loop): request i is due at start + i / rate seconds and is
 * sent then, whether or not earlier ones were answered, over at most `connections` keep-alive
 * sockets (a request finding them all busy waits for one). Its latency counts from when it was due,
 * so a slow server's queue is in the figures. autocannon's `overallRate` is not this: each of its
 * connections sends its share of a second back to back at the start of the second and then waits,
 * a burst of the whole second's requests that queues on the server and, with autocannon's
 * correction for the requests it did not send, puts that burst into p50 and p99
 * (docs/performance/api.md, "Fixed rate, an open loop").
 */
export function openLoopMix(base, requests, { connections, rate, duration }) {
  const { pick } = mixOf(requests)
  const { hostname, port } = new URL(base)
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const total = Math.max(1, Math.round(rate * duration))
  const latencies = []
  let sent = 0
  let settled = 0
  let errors = 0
  let non2xx = 0
  const started = performance.now()
  return new Promise((resolve) => {
    const settle = () => {
      settled += 1
      if (settled < total) return
      agent.destroy()
      latencies.sort((a, b) => a - b)
      const at = (q) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] : 0)
      resolve({
        answered: latencies.length,
        duration: (performance.now() - started) / 1000,
        p50: at(0.5),
        p99: at(0.99),
        p999: at(0.999),
        errors,
        non2xx,
      })
    }
    const send = (due) => {
      const { method, path, headers, body } = pick()
      const req = http.request(
        { hostname, port, method, path, agent, timeout: 10_000, headers: body ? { ...headers, 'content-length': Buffer.byteLength(body) } : headers },
        (res) => {
          res.resume()
          res.on('end', () => {
            if (res.statusCode < 200 || res.statusCode > 299) non2xx += 1
            latencies.push(performance.now() - due)
            settle()
          })
        },
      )
      req.on('timeout', () => req.destroy(new Error('timeout')))
      req.on('error', () => {
        errors += 1
        settle()
      })
      req.end(body)
    }
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) * rate) / 1000) + 1)
      for (; sent < due; sent += 1) send(started + (sent * 1000) / rate)
      if (sent < total) setTimeout(tick, 1)
    }
    tick()
  })
}
