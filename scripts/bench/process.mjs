// Starting and stopping the processes a benchmark measures: the built server and the floor
// endpoint. Each runs in its own Node process, as in production, so that the load generator in
// the benchmark's process does not share an event loop with what it measures.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { basename, dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { INSTRUMENT_FILE, SERVER_NODE_ARGS } from '../../apps/server/commands.mjs'

export const ROOT = join(import.meta.dirname, '..', '..')
export const SERVER_ENTRY = join(ROOT, 'apps', 'server', 'dist', 'server.js')

/** Thrown when a benchmark cannot run at all (the only case where it exits non-zero). */
export class CannotRun extends Error {}

/** The command line's options; a mistyped one is a usage error, not a crash. */
export function parseOptions(config) {
  try {
    return parseArgs(config).values
  } catch (error) {
    throw new CannotRun(error.message)
  }
}

/**
 * The number an option names, refused (CannotRun) below `min`, or not whole when `whole`: for
 * options parsed as strings by parseOptions.
 */
export function numberOption(values, name, min, { whole = false } = {}) {
  const value = Number(values[name])
  if (!(whole ? Number.isInteger(value) : Number.isFinite(value)) || value < min) {
    throw new CannotRun(`--${name} must be a ${whole ? 'whole ' : ''}number of at least ${min}`)
  }
  return value
}

/** A port nobody listens on right now, so that a benchmark never collides with a running server. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.unref()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

/**
 * Starts `node <script>` with `env` on top of this process's environment, on `port` (a free one
 * when not given), and answers at once; `ready()` waits until its /readyz answers. `stdout` is
 * discarded rather than piped: at thousands of requests a second the server's request log would
 * otherwise cost the benchmark's own process CPU; `log` (a file descriptor) keeps both streams
 * instead. The end of stderr is kept to explain a failed start. `kill9()` is the crash of a
 * fault test; `stop()` the graceful end. `nodeArgs` go before the script: a built server gets
 * its instrument entry by default, as `npm start` does (serverNodeArgs).
 */
export function spawnProcess(script, { env, name, removeEnv = [], port, log, nodeArgs = serverNodeArgs(script) }) {
  if (!existsSync(script)) throw new CannotRun(`${script} does not exist`)
  const childEnv = { ...process.env, HOST: '127.0.0.1', ...env, PORT: String(port) }
  for (const key of removeEnv) delete childEnv[key]
  const spawnedAt = Date.now()
  const child = spawn(process.execPath, [...nodeArgs, script], { cwd: ROOT, env: childEnv, stdio: ['ignore', log ?? 'ignore', log ?? 'pipe'] })
  let stderr = ''
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000)
  })
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  let gone = false
  exited.then(() => (gone = true))
  // Whatever happens to the benchmark, it must not leave a server behind.
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)

  const base = `http://127.0.0.1:${port}`
  return {
    base,
    pid: child.pid,
    spawnedAt,
    alive: () => !gone,
    memory: () => memoryOf(child.pid),
    /** Waits for /readyz; answers when it was ready (ms since the epoch). */
    async ready() {
      for (;;) {
        if (gone) throw new CannotRun(`${name} stopped while starting:\n${stderr.trim()}`)
        if (await fetch(`${base}/readyz`).then((r) => r.ok, () => false)) return Date.now()
        if (Date.now() - spawnedAt > 120_000) {
          child.kill('SIGKILL')
          throw new CannotRun(`${name} did not answer /readyz within 120 s:\n${stderr.trim()}`)
        }
        await new Promise((r) => setTimeout(r, 50))
      }
    },
    async kill9() {
      child.kill('SIGKILL')
      await exited
      process.off('exit', killOnExit)
    },
    async stop() {
      process.off('exit', killOnExit)
      if (gone) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    },
  }
}

/**
 * Node's arguments for a built server (SERVER_NODE_ARGS for this one; for another build, the
 * instrument entry beside its server.js when it has one); none for any other script.
 */
export function serverNodeArgs(script) {
  if (script === SERVER_ENTRY) {
    if (!existsSync(INSTRUMENT_FILE)) throw new CannotRun(`${INSTRUMENT_FILE} does not exist: the build is older than the server's instrument entry, run npm run build`)
    return SERVER_NODE_ARGS
  }
  const instrument = join(dirname(script), 'instrument.js')
  return basename(script) === 'server.js' && existsSync(instrument) ? ['--import', pathToFileURL(instrument).href] : []
}

/** spawnProcess on a free port, once its /readyz answers. */
export async function startProcess(script, options) {
  const started = spawnProcess(script, { ...options, port: options.port ?? (await freePort()) })
  await started.ready()
  return started
}

/** Resident memory now and at its peak, and the anonymous part of it, in MiB, as the kernel counts it (Linux only). */
export function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kib = (field) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1])
    // anonMiB: the resident set less the files mapped (the program's code), which the kernel may
    // drop and read again when the machine is short of memory: the process's own memory
    return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024, anonMiB: kib('RssAnon') / 1024 }
  } catch {
    return undefined
  }
}
