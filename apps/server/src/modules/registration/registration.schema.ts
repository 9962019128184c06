import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import type { Locale, Market } from '@kilat/domain'
import { id, ts, createdAt } from '../../db/columns.js'
import { borrowers } from '../auth/auth.schema.js'

/** The copy of a channel template in one language (docs/product/registration.md#channel-templates). */
export interface TemplateCopy {
  title: string
  subtitle: string
  highlights: Array<{ title: string; text: string }>
  buttonText: string
  agreementText: string
  agreementLinkText: string
  riskNote: string
  bannerAlt: string
}

/**
 * Promotion landing pages (docs/product/registration.md#channel-templates): the id is the public
 * `id` of `/register?id=`, fixed by the seed, so it is not generated.
 */
export const channelTemplates = pgTable(
  'channel_templates',
  {
    id: integer('id').primaryKey(),
    market: text('market').$type<Market>().notNull(),
    status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
    appName: text('app_name').notNull(),
    copy: jsonb('copy').$type<Record<Locale, TemplateCopy>>().notNull(),
    bannerUrl: text('banner_url').notNull(),
    logoUrl: text('logo_url').notNull(),
    themeColor: text('theme_color').notNull(),
    androidUrl: text('android_url').notNull(),
    iosUrl: text('ios_url').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('channel_templates_market_check', sql`${t.market} in ('ID', 'IN', 'MX')`),
    check('channel_templates_status_check', sql`${t.status} in ('active', 'disabled')`),
    check('channel_templates_theme_color_check', sql`${t.themeColor} ~ '^#[0-9a-fA-F]{6}$'`),
  ],
)

/**
 * A registration session (docs/product/registration.md#sid-and-captcha): only the SHA-256 of the
 * sid is stored. `captcha_hash` is the live captcha (void once checked, right or wrong);
 * `sent_captcha_hash` and `sent_phone` remember the captcha that unlocked the last code sent, which
 * register checks again. `demo_captcha_answer` is written in demo mode only: the answer of the
 * captcha last drawn, for the demo's reader (docs/product/registration.md#demo-mode), whichever
 * process drew it; outside demo mode it stays null.
 */
export const promotionSids = pgTable(
  'promotion_sids',
  {
    sidHash: text('sid_hash').primaryKey(),
    captchaHash: text('captcha_hash'),
    captchaExpiresAt: ts('captcha_expires_at'),
    sentCaptchaHash: text('sent_captcha_hash'),
    sentPhone: text('sent_phone'),
    demoCaptchaAnswer: text('demo_captcha_answer'),
    // funnel: the landing page and utm_tag of the visit that opened the session, carried to its SMS
    // and registration; the SMS step is counted once per session (docs/product/registration-funnel.md#steps)
    templateId: integer('template_id'),
    utmTag: text('utm_tag'),
    smsCounted: boolean('sms_counted').notNull().default(false),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('promotion_sids_expires_at_idx').on(t.expiresAt)],
)

export const PROMOTION_EVENT_KINDS = ['visit', 'click', 'register'] as const
export type PromotionEventKind = (typeof PROMOTION_EVENT_KINDS)[number]

/**
 * Visits, clicks and registrations of the promotion landing pages, with the campaign fields the
 * page passes on (docs/product/registration.md#tracking). Phone numbers only masked; no address.
 */
export const promotionEvents = pgTable(
  'promotion_events',
  {
    id: id(),
    kind: text('kind').$type<PromotionEventKind>().notNull(),
    pageId: text('page_id'),
    pageType: text('page_type'),
    userFrom: text('user_from'),
    clientType: text('client_type'),
    utmTag: text('utm_tag'),
    appFrom: text('app_from'),
    phoneMasked: text('phone_masked'),
    borrowerId: bigint('borrower_id', { mode: 'number' }).references(() => borrowers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('promotion_events_kind_created_idx').on(t.kind, t.createdAt),
    check('promotion_events_kind_check', sql.raw(`kind in (${PROMOTION_EVENT_KINDS.map((k) => `'${k}'`).join(', ')})`)),
  ],
)

export type ChannelTemplate = typeof channelTemplates.$inferSelect
export type NewChannelTemplate = typeof channelTemplates.$inferInsert
export type PromotionSid = typeof promotionSids.$inferSelect
