import type { FastifyInstance } from 'fastify'
import {
  pageEventSave,
  productApply,
  productJump,
  recommendProductList,
  serviceEventSave,
  standClick,
  standFailureInfo,
  standProductLink,
} from '@kilat/contract'
import { recommendModuleId } from '@kilat/domain'
import { AppError } from '../../http/errors.js'
import { registerCall } from '../../http/route.js'
import type { Executor } from '../../db/client.js'
import { findProduct, productRoute, productTexts, recommendedProducts, recordEvent, type UnsettledOrders } from './products.service.js'

/** Recommended products, the taps on them, apply and jump, and the joint-login failure page. */
export interface ProductsRoutesOptions {
  /** The orders module's reader of a borrower's unsettled orders (app.ts hands it in). */
  unsettledOrderNos: (db: Executor, borrowerId: number) => Promise<UnsettledOrders>
}

export async function productsRoutes(app: FastifyInstance, options: ProductsRoutesOptions): Promise<void> {
  const db = app.db
  const unsettledOf = (borrowerId: number) => options.unsettledOrderNos(db, borrowerId)

  // docs/product/products.md#module-ids: the scene names the module the list is shown in.
  registerCall(app, recommendProductList, async ({ borrower, body, req }) => {
    const list = await recommendedProducts(db, borrower, req.locale, { moduleId: recommendModuleId(body.scene), unsettled: unsettledOf(borrower.id) })
    return list.map(({ code: _code, ...card }) => card)
  })

  registerCall(app, pageEventSave, async ({ borrower, body }) => {
    await recordEvent(db, borrower, { kind: 'page', productId: body.productId, moduleId: body.moduleId, position: body.positionId })
    return null
  })

  registerCall(app, serviceEventSave, async ({ borrower, body }) => {
    await recordEvent(db, borrower, { kind: 'service', productId: body.productId, moduleId: body.moduleId, position: body.positionId })
    return null
  })

  registerCall(app, productApply, async ({ borrower, body }) => {
    const route = await productRoute(db, borrower, body.product_id, unsettledOf)
    await recordEvent(db, borrower, { kind: 'apply', productId: route.product.id, moduleId: body.module_id ?? null, scene: body.scene ?? null })
    return { url: route.url }
  })

  registerCall(app, productJump, async ({ borrower, body, req }) => {
    const route = await productRoute(db, borrower, body.productId, unsettledOf)
    await recordEvent(db, borrower, { kind: 'jump', productId: route.product.id, moduleId: body.moduleId, position: body.positionId })
    const texts = productTexts(req.locale)
    const message = route.kind === 'partner' ? texts.jumpPartner : route.kind === 'inProgress' ? texts.jumpInProgress : texts.jumpConfirm
    return { url: route.url, message }
  })

  registerCall(app, standFailureInfo, async ({ borrower, body, req }) => {
    const failed = body.productId ? await findProduct(db, body.productId) : undefined
    // another market's product is not found, as one that does not exist
    if (failed && failed.market !== borrower.market) throw new AppError('notFound')
    const texts = productTexts(req.locale)
    // Products to try instead: the one whose login failed is left out.
    const products = await recommendedProducts(db, borrower, req.locale, {
      moduleId: recommendModuleId(undefined),
      unsettled: unsettledOf(borrower.id),
      ...(failed ? { excludeProductId: failed.id } : {}),
    })
    return {
      title: texts.standTitle,
      message: texts.standMessage(failed ? failed.name : null),
      products: products.map(({ code: _code, ...card }) => card),
    }
  })

  registerCall(app, standClick, async ({ borrower, body }) => {
    await recordEvent(db, borrower, { kind: 'stand_click', productId: body.productId, position: body.positionId })
    return null
  })

  registerCall(app, standProductLink, async ({ borrower, body }) => {
    const route = await productRoute(db, borrower, body.productId, unsettledOf)
    return { url: route.url }
  })
}
