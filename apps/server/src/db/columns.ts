import { sql } from 'drizzle-orm'
import { bigint, integer, jsonb, timestamp } from 'drizzle-orm/pg-core'
import type { Cents, LateChargeTerms, Locale } from '@kilat/domain'

/**
 * The column helpers every module's schema (`modules/<area>/<area>.schema.ts`) builds on: one
 * schema for PGlite and PostgreSQL 15 (docs/product/platform.md#database), nothing newer than 15.
 * Money columns are integer minor units (cents); `bigint` with mode 'number' keeps them exact up to
 * Number.MAX_SAFE_INTEGER, far beyond any loan. Rates are integer basis points (1 bp = 0.01 %).
 */

export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity()
/** Integer minor units, typed with domain's `Cents` brand so a count cannot pass for an amount. */
export const money = (name: string) => bigint(name, { mode: 'number' }).$type<Cents>().notNull().default(0 as Cents)
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
export const createdAt = () => ts('created_at').notNull().defaultNow()

export type Localized = Record<Locale, string>
export type LocalizedList = Record<Locale, string[]>
export type LateTiers = LateChargeTerms['tiers']

/**
 * Late charges (docs/product/money-rules.md#late-charges): a one-time fee for new and for repeat
 * clients, daily tiers and a cap, bounded further by the market's law (domain lateChargePlan).
 * Products state them; an order copies them when it is created, so a later change of the product
 * never changes a signed loan.
 */
export const lateCharges = () => ({
  lateFeeNew: money('late_fee_new'),
  lateFeeRepeat: money('late_fee_repeat'),
  lateTiers: jsonb('late_tiers').$type<LateTiers>().notNull().default([]),
  lateCapBps: integer('late_cap_bps').notNull().default(10_000),
})

/** A check that a text column holds one of the values. */
export const inList = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`)
