import type { FastifyInstance } from 'fastify'
import { collectionBuckets, collectionContacts, collectionDemoClock, collectionQueue, collectionRecordContact } from '@kilat/contract'
import { registerCall } from '../../http/route.js'
import type { RepeatingPass } from '../../jobs/repeat.js'
import { bucketsOf, contactsOfOrder, queueOf, recordContact, type CollectionsDeps } from './collections.desk.js'
import { startReminders } from './collections.reminders.js'

/**
 * The collections desk's ops calls (docs/product/collections.md), and on a listening server the
 * reminders every JOB_INTERVAL_SECONDS (0: never; tests run their passes themselves).
 */
export async function collectionsRoutes(app: FastifyInstance, { now }: { now: () => Date }): Promise<void> {
  // Demo mode only: a browser test sets the desk's clock to try a contact at a chosen local time.
  let demoAt: Date | null = null
  const deps: CollectionsDeps = { db: app.db, now: () => demoAt ?? now() }

  registerCall(app, collectionBuckets, ({ staff, query }) => bucketsOf(deps, staff, query.market))
  registerCall(app, collectionQueue, ({ staff, query }) => queueOf(deps, staff, query))
  registerCall(app, collectionContacts, ({ staff, query }) => contactsOfOrder(deps, staff, query.orderNo))
  registerCall(app, collectionRecordContact, ({ req, staff, body }) => recordContact(deps, staff, req.ip, body))
  if (app.config.DEMO_MODE) {
    registerCall(app, collectionDemoClock, ({ body }) => {
      demoAt = body.at === null ? null : new Date(body.at)
      return { at: deps.now().toISOString() }
    })
  }

  const interval = app.config.JOB_INTERVAL_SECONDS
  if (interval > 0) {
    let reminders: RepeatingPass | undefined
    app.addHook('onListen', async () => {
      reminders = startReminders({ db: app.db, sms: app.sms }, interval, app.log)
    })
    app.addHook('preClose', async () => {
      await reminders?.stop()
    })
  }
}
