import { MARKETS } from '@kilat/domain'
import { z } from 'zod'
import { defineCall } from './call.js'
import { ID_MAX } from './screens.js'
import { STORABLE_TEXT } from './text.js'

/** Integer minor units (cents) on the wire, as everywhere. */
export const centsSchema = z.number().int()
const id = z.coerce.number().int().positive().max(ID_MAX)
const text = (max: number) => z.string().trim().max(max).regex(STORABLE_TEXT)

/** What a borrower pays, shown before they accept (cost transparency; packages/domain loan.ts). */
export const costSummarySchema = z.object({
  /** The amount the figures are for. */
  amount: centsSchema,
  fee: centsSchema,
  /** What reaches the borrower's account after the deducted fee. */
  received: centsSchema,
  interest: centsSchema,
  totalRepay: centsSchema,
  termDays: z.number().int(),
  /**
   * dailyCost (Indonesia: interest and every fee per day of the term, of the principal), apr
   * (India), cat (Mexico), in basis points (docs/product/money-rules.md#headline).
   */
  headline: z.object({
    kind: z.enum(['dailyCost', 'apr', 'cat']),
    bps: z.number().int(),
    /** The figure as the borrower reads it, in their language: "0,10%/hari", "APR 45.63%", "CAT 60.24%". */
    text: z.string(),
  }),
})
export type CostSummary = z.infer<typeof costSummarySchema>

/** A recommended product card (docs/product/products.md#product-card). */
export const recommendedProductSchema = z.object({
  id: z.number().int(),
  productLogo: z.string(),
  productName: z.string(),
  /** 0 disabled (grey button), 1 enabled. */
  buttonStatus: z.union([z.literal(0), z.literal(1)]),
  buttonText: z.string(),
  /** Formatted range, e.g. "Rp 1.000.000 - Rp 15.000.000". */
  amountRange: z.string(),
  /** Label of the range, e.g. "Jumlah pinjaman". */
  amountRangeDes: z.string(),
  /** Formatted headline rate, e.g. "0,10%/hari". */
  loan_rate: z.string(),
  productDesc: z.string(),
  productTags: z.array(z.string()),
  /** Module id of the list it was shown in (301, 302 or 300: docs/product/products.md#module-ids). */
  moduleId: z.number().int(),
  /** Partner products open the partner's page. */
  isPartner: z.boolean(),
  /** Cost of the largest amount over the longest term, so the dearest case is never hidden. */
  cost: costSummarySchema,
  /** The product's market: its amounts are in that currency, whichever text set the page shows. */
  market: z.enum(MARKETS),
})
export type RecommendedProduct = z.infer<typeof recommendedProductSchema>

export const recommendProductList = defineCall({
  method: 'POST',
  path: '/app/v3/product/recommend-product-list',
  family: 'code00',
  auth: 'borrower',
  body: z.object({ scene: text(64).optional() }),
  data: z.array(recommendedProductSchema),
})

const eventBody = z.object({
  productId: id,
  moduleId: z.coerce.number().int().min(0).max(1_000_000),
  positionId: z.coerce.number().int().min(0).max(1_000),
})

export const pageEventSave = defineCall({
  method: 'POST',
  path: '/app/pageEvent/save',
  family: 'code0',
  auth: 'borrower',
  body: eventBody,
})

export const serviceEventSave = defineCall({
  method: 'POST',
  path: '/h5-api/service/event/save',
  family: 'code0',
  auth: 'borrower',
  body: eventBody,
})

export const productApply = defineCall({
  method: 'POST',
  path: '/app/v3/product/apply',
  family: 'code00',
  auth: 'borrower',
  body: z.object({ product_id: id, module_id: z.coerce.number().int().min(0).max(1_000_000).optional(), scene: text(64).optional() }),
  /** Our products: the loan-confirm page; partner products: the partner's http(s) page. */
  data: z.object({ url: z.string() }),
})

/**
 * Recommended-product jump (docs/product/products.md#jump: the old app sent it with obfuscated
 * fields that refer to undefined values; we send real ones, with readable names).
 */
export const productJump = defineCall({
  method: 'POST',
  path: '/h5-api/v3/product/jump',
  family: 'code00',
  auth: 'borrower',
  body: z.object({ productId: id, moduleId: z.coerce.number().int().min(0).max(1_000_000), positionId: z.coerce.number().int().min(0).max(1_000) }),
  data: z.object({ url: z.string(), message: z.string() }),
})

/** Joint-login failure page (docs/product/products.md#joint-login-failure): the failure text and products to try instead. */
export const standFailureInfo = defineCall({
  method: 'POST',
  path: '/app/stand/failure-info',
  family: 'code00',
  auth: 'borrower',
  body: z.object({ productId: id.optional(), reason: text(64).optional() }),
  data: z.object({ title: z.string(), message: z.string(), products: z.array(recommendedProductSchema) }),
})

export const standClick = defineCall({
  method: 'POST',
  path: '/app/stand/click',
  family: 'code00',
  auth: 'borrower',
  body: z.object({ productId: id, positionId: z.coerce.number().int().min(0).max(1_000) }),
})

export const standProductLink = defineCall({
  method: 'POST',
  path: '/app/stand/product-link',
  family: 'code00',
  auth: 'borrower',
  body: z.object({ productId: id }),
  data: z.object({ url: z.string() }),
})

export const productCalls = { recommendProductList, pageEventSave, serviceEventSave, productApply, productJump, standFailureInfo, standClick, standProductLink }
