import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { openPglite } from './db/client.js'
import { generateOpenApi, OPENAPI_FILE } from './openapi-document.js'

/** `npm run openapi`: rewrites the checked-in OpenAPI document from the contract (docs/decisions/0017-openapi.md). */
async function main(): Promise<void> {
  // an empty in-memory database: building the server queries nothing
  const database = await openPglite()
  try {
    const text = await generateOpenApi(database)
    const file = path.resolve(fileURLToPath(new URL('../../../', import.meta.url)), OPENAPI_FILE)
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, text)
    const operations = Object.values((JSON.parse(text) as { paths: Record<string, object> }).paths).reduce((n, item) => n + Object.keys(item).length, 0)
    process.stdout.write(`Wrote ${OPENAPI_FILE}: ${operations} operations.\n`)
  } finally {
    await database.close()
  }
}

main().catch((error: unknown) => {
  console.error('openapi failed:', error instanceof Error ? error.message : error)
  process.exit(1)
})
