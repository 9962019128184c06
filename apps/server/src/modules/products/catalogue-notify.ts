import { sql } from 'drizzle-orm'
import type { Market } from '@kilat/domain'
import { catalogueChanged } from '../../db/catalogue-version.js'
import type { Database, Tx } from '../../db/client.js'

/**
 * Every process keeps each market's catalogue and priced cards for a few seconds
 * (products.service.ts, CATALOGUE_MS). A published version must reach borrowers at once in every
 * process (docs/product/products.md#versions): the publishing transaction sends a notification,
 * which PostgreSQL delivers to every listening process when it commits, and each drops what it
 * kept. The embedded database serves one process, which drops its own at once.
 */
export const CATALOGUE_CHANNEL = 'kilat_catalogue'

/** Inside the publishing transaction: delivered to every process only if it commits. */
export async function notifyCatalogueChanged(tx: Tx, market: Market): Promise<void> {
  await tx.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, ${market})`)
}

/**
 * Listens on a connection of its own while the server runs (PostgreSQL only); each notification
 * drops this process's kept catalogue. Answers the function that stops listening.
 */
export async function listenForCatalogueChanges(database: Database, onChange: (market: string) => void = () => catalogueChanged()): Promise<() => Promise<void>> {
  if (database.handle.kind !== 'postgres') return async () => {}
  const client = await database.handle.client.connect()
  const onNotification = (message: { channel: string; payload?: string }) => {
    if (message.channel === CATALOGUE_CHANNEL) onChange(message.payload ?? '')
  }
  client.on('notification', onNotification)
  await client.query(`listen ${CATALOGUE_CHANNEL}`)
  return async () => {
    client.off('notification', onNotification)
    try {
      await client.query(`unlisten ${CATALOGUE_CHANNEL}`)
    } finally {
      client.release()
    }
  }
}
