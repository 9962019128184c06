import type { FastifyInstance } from 'fastify'
import { productPropose, productPublish, productVersionsOf, productWithdraw, productsOpsList } from '@kilat/contract'
import { registerCall } from '../../http/route.js'
import { listenForCatalogueChanges } from './catalogue-notify.js'
import { productVersionList, productsOfMarket, proposeVersion, publishVersion, withdrawVersion, type ProductDeskDeps } from './products.desk.js'
import { marketProducts } from './products.repo.js'

/** Products by staff, the admin's ops calls (docs/product/products.md#versions). */
export async function productsDeskRoutes(app: FastifyInstance, { now }: { now: () => Date }): Promise<void> {
  const deps: ProductDeskDeps = { db: app.db, now }

  registerCall(app, productsOpsList, ({ query }) => productsOfMarket(deps, query.market, marketProducts))
  registerCall(app, productVersionsOf, ({ staff, query }) => productVersionList(deps, staff, query.productId))
  registerCall(app, productPropose, ({ req, staff, body }) => proposeVersion(deps, staff, req.ip, body))
  registerCall(app, productPublish, ({ req, staff, body }) => publishVersion(deps, staff, req.ip, body.requestId))
  registerCall(app, productWithdraw, ({ req, staff, body }) => withdrawVersion(deps, staff, req.ip, body.requestId))

  // every process drops its kept catalogue when any process publishes
  const stop = await listenForCatalogueChanges(app.database)
  app.addHook('onClose', async () => stop())
}
