import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

// Browser journeys run against the built product on a fresh embedded database, in Debian's
// Chromium at a phone-sized viewport. `npm run test:e2e` builds first.
const port = Number(process.env.E2E_PORT ?? 8090)
// Both can be moved, so that two runs on one machine do not share a port or a database.
const dataDir = process.env.E2E_DATA_DIR ?? '.data-e2e'
// Traces and failure screenshots, per run for the same reason: two runs at once (CI's shards) would
// otherwise write their workers' artifacts into one folder, which each run empties as it starts.
const outputDir = process.env.E2E_OUTPUT_DIR ?? 'test-results/e2e'
// The server logs every request at `info` into this file, not the console; `npm run check:logs`
// then fails the run if a token, code, password, phone, card or CLABE reached it.
const serverLog = process.env.E2E_SERVER_LOG ?? 'test-results/e2e-server.log'

export default defineConfig({
  testDir: 'e2e',
  outputDir,
  // A journey's limit is a guard against a hang, not a speed check: the console journeys with two
  // staff sign-ins (argon2id each) took 47-54 s on a two-core host beside the PostgreSQL suite, and
  // two of them ran past 60 s there with nothing wrong (docs/performance/tests.md#ci).
  timeout: 150_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    ...devices['Pixel 5'],
    viewport: { width: 360, height: 740 },
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `rm -rf ${dataDir} && mkdir -p ${path.dirname(serverLog)} && node --import ./apps/server/dist/instrument.js apps/server/dist/server.js > ${serverLog}`,
    url: `http://localhost:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', DECISION_DELAY_SECONDS: '600' },
    // the server's own shutdown writes out the log lines it still holds
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
})
