import { buildApp } from './app.js'
import { loadConfig } from './config.js'
import type { Database } from './db/client.js'
import { openApiText } from './http/openapi/openapi.js'

/** Where `npm run openapi` writes the document, from the repository's root. */
export const OPENAPI_FILE = 'docs/api/openapi.json'

/**
 * The OpenAPI document of every call (docs/decisions/0017-openapi.md) as the checked-in copy holds
 * it: a server with demo mode on, so that the demo calls appear too (marked), and every other
 * setting at its default, so that nothing of the machine's environment reaches the text. Building
 * the server reads nothing from the database.
 */
export async function generateOpenApi(db: Database): Promise<string> {
  const config = loadConfig({ NODE_ENV: 'test', DEMO_MODE: 'true', DATA_DIR: 'unused', LOG_LEVEL: 'silent' })
  const app = await buildApp({ config, db })
  try {
    await app.ready()
    return openApiText(app)
  } finally {
    await app.close()
  }
}
