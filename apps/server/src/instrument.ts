/**
 * Loaded before the server (`node --import ./apps/server/dist/instrument.js apps/server/dist/server.js`,
 * SERVER_NODE_ARGS in commands.mjs): with OTEL_EXPORTER_OTLP_ENDPOINT set it starts tracing, and
 * registers the module hooks before pg is imported (docs/operations/tracing.md). Without it,
 * nothing more is loaded.
 */
import { isMainThread } from 'node:worker_threads'

const env = process.env
if (isMainThread && (env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)) {
  const { startTracing, TracingConfigError } = await import('./telemetry/tracing.js')
  try {
    await startTracing({ env, moduleHooks: true })
  } catch (error) {
    // a wrong setting stops the start, naming the variable, as the server's own settings do
    if (!(error instanceof TracingConfigError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}
