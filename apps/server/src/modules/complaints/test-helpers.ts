import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { LocalDiskStorage } from '../../adapters/storage/local-disk-storage.js'
import type { Database } from '../../db/client.js'
import { seedDemo } from '../../db/seed.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'

/** A seeded test database and an app whose complaint images go to a throwaway folder. */
export async function openComplaintsApp(options: { now?: () => Date } = {}): Promise<{ app: FastifyInstance; database: Database; storageDir: string; close: () => Promise<void> }> {
  const database = await openTestDatabase()
  await seedDemo(database.db, { sessionTtlDays: 30 })
  const storageDir = mkdtempSync(path.join(tmpdir(), 'kilat-uploads-'))
  const app = await buildTestApp(database, { storage: new LocalDiskStorage(storageDir), ...options })
  await app.ready()
  return {
    app,
    database,
    storageDir,
    close: async () => {
      await app.close()
      await database.close()
      rmSync(storageDir, { recursive: true, force: true })
    },
  }
}

/** A multipart upload as the web app sends it: one file in `field`. */
export function upload(
  app: FastifyInstance,
  url: string,
  file: { data: Buffer; filename: string; contentType: string; field?: string },
  query: Record<string, string>,
): Promise<LightMyRequestResponse> {
  const boundary = '----kilat-test-boundary'
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'problemImage'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  return app.inject({
    method: 'POST',
    url: `${url}?${new URLSearchParams(query).toString()}`,
    payload: Buffer.concat([head, file.data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  })
}
