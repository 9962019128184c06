import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { lendingFigures } from '@kilat/contract'
import { registerCall } from '../../http/route.js'
import { lendingFiguresSource, type LendingFiguresSource } from './lending-figures.service.js'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The public lending figures of a market, for the page renderer
     * (docs/product/registration.md#lending-figures): `await app.lendingFigures.get('ID')`.
     */
    lendingFigures: LendingFiguresSource
  }
}

/**
 * The lending figures and company details of the public site (docs/product/registration.md#lending-figures).
 * Not encapsulated (fastify-plugin), so `app.lendingFigures` is there for the pages plugin too.
 */
export const lendingFiguresRoutes = fp(async function lendingFiguresRoutes(app: FastifyInstance): Promise<void> {
  const source = lendingFiguresSource(app.db, app.config)
  app.decorate('lendingFigures', source)

  registerCall(app, lendingFigures, ({ req, reply, query }) => {
    // The same for every visitor: shared caches may keep it as long as this process does.
    reply.header('cache-control', 'public, max-age=300')
    return source.get(query.market ?? req.market)
  })
}, { name: 'lending-figures' })
