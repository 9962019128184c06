import { LOCALES, MARKETS, type Locale } from '@kilat/domain'
import { z } from 'zod'
import { STORABLE_TEXT } from './text.js'
import { defineOpsCall } from './ops.js'
import { ID_MAX } from './screens.js'

/**
 * The chatbot's knowledge base in the console (docs/product/knowledge-base.md): its categories,
 * questions and answers in every language, and the typed questions that found nothing, grouped by
 * wording. The knowledge base is one for every market (the borrower's language picks the text), so
 * its calls name no market; the unanswered questions are borrowers', so they are per market.
 */
export const KB_LIMITS = { title: 200, alias: 40, answer: 2000, keywords: 500, icon: 40, examples: 5, groups: 100 } as const

const text = (max: number, min = 1) => z.string().trim().min(min).max(max).regex(STORABLE_TEXT)
/**
 * A text in every language as three flat fields (`idTitle`, `enTitle`, `esTitle`): the console's
 * client writes a body's fields one by one, where an object would not survive.
 */
const localized = <N extends string>(name: N, max: number, min = 1) =>
  ({ [`id${name}`]: text(max, min), [`en${name}`]: text(max, min), [`es${name}`]: text(max, min) }) as Record<`${'id' | 'en' | 'es'}${N}`, z.ZodString>
/** true or false, as JSON or as the text of a form field. */
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
const actionIn = z.coerce.number().pipe(z.union([z.literal(0), z.literal(4)]))
const entryId = z.coerce.number().int().positive().max(ID_MAX)
const actionType = z.union([z.literal(0), z.literal(4)])
const market = z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(MARKETS))
const localizedOut = z.object({ id: z.string(), en: z.string(), es: z.string() })

export const kbQuestionSchema = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  title: localizedOut,
  answer: localizedOut,
  keywords: localizedOut,
  actionType,
  sort: z.number().int(),
  active: z.boolean(),
})
export type KbQuestionView = z.infer<typeof kbQuestionSchema>

export const kbCategorySchema = z.object({
  id: z.number().int(),
  title: localizedOut,
  alias: localizedOut,
  icon: z.string(),
  actionType,
  sort: z.number().int(),
  active: z.boolean(),
  questions: z.array(kbQuestionSchema),
})
export type KbCategoryView = z.infer<typeof kbCategorySchema>

/** The whole knowledge base, hidden entries included, in the chatbot's order. */
export const kbEntries = defineOpsCall({
  method: 'GET',
  path: '/ops-api/kb/entries',
  roles: ['agent', 'admin'],
  data: z.object({ categories: z.array(kbCategorySchema) }),
})

/** A new category (no `categoryId`) or a change to one; hiding a category hides its questions. */
export const kbSaveCategory = defineOpsCall({
  method: 'POST',
  path: '/ops-api/kb/categories',
  roles: ['agent', 'admin'],
  body: z.object({
    categoryId: entryId.optional(),
    ...localized('Title', KB_LIMITS.title),
    ...localized('Alias', KB_LIMITS.alias),
    icon: z.string().trim().max(KB_LIMITS.icon).regex(/^[a-z0-9-]*$/).default(''),
    actionType: actionIn.default(0),
    active: flag.default(true),
  }),
  data: z.object({ category: kbCategorySchema }),
})

/** A new question (no `questionId`) or a change to one: what the chatbot answers from the next message on. */
export const kbSaveQuestion = defineOpsCall({
  method: 'POST',
  path: '/ops-api/kb/questions',
  roles: ['agent', 'admin'],
  body: z.object({
    questionId: entryId.optional(),
    categoryId: entryId,
    ...localized('Title', KB_LIMITS.title),
    ...localized('Answer', KB_LIMITS.answer),
    /** Words borrowers use that the question does not say; may be empty. */
    ...localized('Keywords', KB_LIMITS.keywords, 0),
    actionType: actionIn.default(0),
    active: flag.default(true),
  }),
  data: z.object({ question: kbQuestionSchema }),
})

export const kbGapSchema = z.object({
  /** The group's wording as the console names it back to link it. */
  key: z.string(),
  locale: z.enum(LOCALES),
  /** The most typed wording of the group. */
  text: z.string(),
  /** Typed questions in the group. */
  count: z.number().int(),
  /** Other wordings of the group, most typed first. */
  examples: z.array(z.string()),
  lastAt: z.string(),
})
export type KbGap = z.infer<typeof kbGapSchema>

/** The market's typed questions that found nothing and are not linked yet, grouped by wording, most typed first. */
export const kbGaps = defineOpsCall({
  method: 'GET',
  path: '/ops-api/kb/gaps',
  roles: ['agent', 'admin'],
  query: z.object({ market: market.optional(), days: z.coerce.number().int().min(1).max(365).default(30) }),
  data: z.object({ market: z.enum(MARKETS), groups: z.array(kbGapSchema) }),
})

/**
 * Links a group to the question that answers it: the group's words join the question's keywords in
 * the group's language (so the chatbot finds it next time) and the group leaves the list.
 */
export const kbGapLink = defineOpsCall({
  method: 'POST',
  path: '/ops-api/kb/gaps/link',
  roles: ['agent', 'admin'],
  body: z.object({
    market: market.optional(),
    locale: z.enum(LOCALES),
    key: text(KB_LIMITS.title),
    questionId: entryId,
    days: z.coerce.number().int().min(1).max(365).default(30),
  }),
  data: z.object({ question: kbQuestionSchema, linked: z.number().int() }),
})

/** The knowledge-base calls, in the console's access matrix (ops-calls.ts). */
export const KB_OPS_CALLS = [kbEntries, kbSaveCategory, kbSaveQuestion, kbGaps, kbGapLink] as const

/** A text's three flat fields (`idTitle`…) as one value per language. */
export function localizedOf<N extends string>(body: Record<`${Locale}${N}`, string>, name: N): Record<Locale, string> {
  return { id: body[`id${name}`], en: body[`en${name}`], es: body[`es${name}`] }
}

/** One value per language as a text's three flat fields, for a form. */
export function flatOf<N extends string>(value: Record<Locale, string>, name: N): Record<`${Locale}${N}`, string> {
  return { [`id${name}`]: value.id, [`en${name}`]: value.en, [`es${name}`]: value.es } as Record<`${Locale}${N}`, string>
}
