import { LOCALES, MARKETS } from '@kilat/domain'
import { z } from 'zod'
import { fourEyesDecisionBody, fourEyesFields } from './four-eyes.js'
import { defineOpsCall } from './ops.js'
import { ID_MAX } from './screens.js'
import { STORABLE_TEXT } from './text.js'

/**
 * Products by staff, the admin's ops calls (docs/product/products.md#versions): one admin proposes
 * a version of a product (new, changed, enabled or disabled), another publishes it (four eyes);
 * publishing makes it the version borrowers are offered, while every order keeps its own.
 */

export const PRODUCT_LIMITS = {
  nameMax: 60,
  textMax: 300,
  tagMax: 30,
  tagsMax: 4,
  codeMax: 40,
  /** No amount, fee or limit above this (cents): a typing slip, not a rule of money. */
  amountMax: 100_000_000_000,
  termDaysMax: 3_650,
  periodsMax: 60,
  optionsMax: 6,
  tiersMax: 6,
} as const

const plainText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001F\u007F]*$/)
    .regex(STORABLE_TEXT)
    .refine((v) => !/<[a-zA-Z!?/]/.test(v), 'markup')
const localized = (max: number) => z.object({ id: plainText(max), en: plainText(max), es: plainText(max) }).strict()
const amount = z.number().int().positive().max(PRODUCT_LIMITS.amountMax)
const fee = z.number().int().min(0).max(PRODUCT_LIMITS.amountMax)
const bps = z.number().int().min(0).max(10_000)
const productId = z.coerce.number().int().positive().max(ID_MAX)
const market = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(MARKETS))

/** Everything an admin states about a version of a product. */
export const productDraftSchema = z
  .object({
    name: plainText(PRODUCT_LIMITS.nameMax),
    minAmount: amount,
    maxAmount: amount,
    amountStep: amount,
    termUnit: z.enum(['day', 'period']),
    /** Single payment: the term; installments: periods × periodDays (the server works it out). */
    termDays: z.number().int().positive().max(PRODUCT_LIMITS.termDaysMax),
    periods: z.number().int().positive().max(PRODUCT_LIMITS.periodsMax),
    periodDays: z.number().int().positive().max(PRODUCT_LIMITS.termDaysMax),
    periodOptions: z.array(z.number().int().positive().max(PRODUCT_LIMITS.periodsMax)).max(PRODUCT_LIMITS.optionsMax),
    dailyRateBps: bps,
    adminFeeBps: bps,
    extensionFee: fee,
    lateFeeNew: fee,
    lateFeeRepeat: fee,
    lateTiers: z.array(z.object({ fromDay: z.number().int().positive().max(PRODUCT_LIMITS.termDaysMax), dailyBps: bps }).strict()).max(PRODUCT_LIMITS.tiersMax),
    lateCapBps: bps,
    status: z.enum(['active', 'disabled']),
    sort: z.number().int().min(0).max(10_000),
    description: localized(PRODUCT_LIMITS.textMax),
    buttonText: localized(PRODUCT_LIMITS.nameMax),
    tags: z.object(Object.fromEntries(LOCALES.map((l) => [l, z.array(plainText(PRODUCT_LIMITS.tagMax)).max(PRODUCT_LIMITS.tagsMax)])) as Record<(typeof LOCALES)[number], z.ZodArray<ReturnType<typeof plainText>>>).strict(),
  })
  .strict()
export type ProductDraft = z.infer<typeof productDraftSchema>

/** A version as the console shows it: its draft, and who made and published it. */
export const productVersionSchema = z.object({
  id: z.number().int(),
  market: z.enum(MARKETS),
  code: z.string(),
  /** The current version it replaces; null for a new product. */
  productId: z.number().int().nullable(),
  draft: productDraftSchema,
  status: z.enum(['pending', 'published', 'withdrawn']),
  ...fourEyesFields,
  publishedProductId: z.number().int().nullable(),
})
export type ProductVersionView = z.infer<typeof productVersionSchema>

/** A product's current version (what borrowers are offered), with its pending proposal if any. */
export const opsProductSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  market: z.enum(MARKETS),
  version: z.number().int(),
  isPartner: z.boolean(),
  draft: productDraftSchema,
  /** The headline borrowers read on its card (the largest amount over the longest term). */
  headline: z.object({ kind: z.enum(['dailyCost', 'apr', 'cat']), bps: z.number().int() }),
  pending: productVersionSchema.nullable(),
})
export type OpsProduct = z.infer<typeof opsProductSchema>

/** Admin: a market's products (their current versions) and the pending proposals of new ones. */
export const productsOpsList = defineOpsCall({
  method: 'GET',
  path: '/ops-api/products/list',
  roles: ['admin'],
  query: z.object({ market }),
  data: z.object({ products: z.array(opsProductSchema), newProducts: z.array(productVersionSchema) }),
})

/** Admin: a product's versions, newest first (published, pending and withdrawn proposals). */
export const productVersionsOf = defineOpsCall({
  method: 'GET',
  path: '/ops-api/products/versions',
  roles: ['admin'],
  query: z.object({ productId }),
  data: z.object({ versions: z.array(productVersionSchema.extend({ version: z.number().int().nullable() })) }),
})

/**
 * Admin (the maker): proposes a version. `productId` names the current version it changes (absent
 * for a new product, which names its `market` and `code`). Refused with `productRuleBroken` and
 * the broken rules beside their fields; one pending proposal per product.
 */
export const productPropose = defineOpsCall({
  method: 'POST',
  path: '/ops-api/products/propose',
  permission: 'productVersion.request',
  body: z
    .object({
      productId: productId.optional(),
      market: market.optional(),
      code: z
        .string()
        .trim()
        .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
        .max(PRODUCT_LIMITS.codeMax)
        .optional(),
      draft: productDraftSchema,
    })
    .strict(),
  data: z.object({ version: productVersionSchema }),
})

/** Admin (the checker, never the maker): publishes a pending version; borrowers are offered it at once. */
export const productPublish = defineOpsCall({
  method: 'POST',
  path: '/ops-api/products/publish',
  permission: 'productVersion.confirm',
  body: fourEyesDecisionBody,
  data: z.object({ version: productVersionSchema }),
})

/** Admin (either): withdraws a pending version; nothing else changes. */
export const productWithdraw = defineOpsCall({
  method: 'POST',
  path: '/ops-api/products/withdraw',
  permission: 'productVersion.cancel',
  body: fourEyesDecisionBody,
  data: z.object({ version: productVersionSchema }),
})

export const PRODUCTS_OPS_CALLS = [productsOpsList, productVersionsOf, productPropose, productPublish, productWithdraw] as const
