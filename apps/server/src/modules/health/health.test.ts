import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/client.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'

let database: Database

beforeAll(async () => {
  database = await openTestDatabase()
})

afterAll(async () => {
  await database?.close()
})

describe('health', () => {
  it('answers /healthz and /readyz while the database answers', async () => {
    const app = await buildTestApp(database)
    try {
      const live = await app.inject({ method: 'GET', url: '/healthz' })
      expect(live.statusCode).toBe(200)
      expect(live.json()).toEqual({ status: 'ok' })
      expect(live.headers['cache-control']).toBe('no-store')
      const ready = await app.inject({ method: 'GET', url: '/readyz' })
      expect(ready.statusCode).toBe(200)
      expect(ready.json()).toEqual({ status: 'ok' })
    } finally {
      await app.close()
    }
  })

  it('answers /readyz with 503 when the database does not', async () => {
    const app = await buildTestApp({ ...database, ping: async () => false })
    try {
      const live = await app.inject({ method: 'GET', url: '/healthz' })
      expect(live.statusCode).toBe(200)
      const ready = await app.inject({ method: 'GET', url: '/readyz?lang=en' })
      expect(ready.statusCode).toBe(503)
      expect(ready.json()).toEqual({ code: 1098, data: null, message: 'The service is unavailable right now. Please try again later.' })
    } finally {
      await app.close()
    }
  })

  it('pings for real: true on a live database, false on a closed one', async () => {
    expect(await database.ping()).toBe(true)
    const other = await openTestDatabase()
    expect(await other.ping()).toBe(true)
    await other.close()
    expect(await other.ping()).toBe(false)
  })
})
