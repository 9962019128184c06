import { publicHolidays } from './business-days.js'
import { addDays, daysBetween } from './calendar.js'
import { formatDateTime } from './format.js'
import type { Market } from './markets.js'
import type { Cents } from './money.js'

/**
 * Collections (docs/product/collections.md): when a borrower may be contacted about a debt, the
 * delinquency buckets, the reminders before a due date and whether a promise to pay was kept.
 */

export interface ContactWindow {
  /** Weekdays a contact may be made on, 0 Sunday … 6 Saturday, in the borrower's calendar. */
  weekdays: readonly number[]
  /** Local time of day, minutes after midnight: from `from` (included) to `until` (excluded). */
  from: number
  until: number
  /** True when the market's public holidays are closed to contacts. */
  closedOnHolidays: boolean
}

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6] as const
const hours = (h: number) => h * 60

/**
 * The contact window of each market, in the borrower's local time (docs/product/collections.md#contact-window):
 * Indonesia Monday to Saturday 08:00-20:00 and never on a national holiday, India 08:00-19:00,
 * Mexico 07:00-22:00. A reminder SMS is a contact too.
 */
export const CONTACT_WINDOWS: Readonly<Record<Market, ContactWindow>> = {
  ID: { weekdays: [1, 2, 3, 4, 5, 6], from: hours(8), until: hours(20), closedOnHolidays: true },
  IN: { weekdays: EVERY_DAY, from: hours(8), until: hours(19), closedOnHolidays: false },
  MX: { weekdays: EVERY_DAY, from: hours(7), until: hours(22), closedOnHolidays: false },
}

/** An instant as the borrower's clock and calendar read it. */
export interface LocalClock {
  /** yyyy-mm-dd */
  date: string
  /** 0 Sunday … 6 Saturday */
  weekday: number
  /** Minutes after local midnight. */
  minutes: number
  /** hh:mm */
  time: string
}

export function localClock(at: Date, market: Market): LocalClock {
  const text = formatDateTime(at, market)
  const date = text.slice(0, 10)
  const minutes = Number(text.slice(11, 13)) * 60 + Number(text.slice(14, 16))
  return { date, weekday: new Date(`${date}T00:00:00Z`).getUTCDay(), minutes, time: text.slice(11, 16) }
}

/** Why a contact is refused: the hour, the day of the week, or a public holiday. */
export type ContactRefusal = 'hour' | 'weekday' | 'holiday'

export type ContactCheck = { allowed: true; local: LocalClock } | { allowed: false; reason: ContactRefusal; local: LocalClock }

/** Whether a borrower of `market` may be contacted at `at` (their local time and calendar). */
export function checkContactWindow(at: Date, market: Market): ContactCheck {
  const window = CONTACT_WINDOWS[market]
  const local = localClock(at, market)
  if (window.closedOnHolidays && publicHolidays(market, Number(local.date.slice(0, 4))).has(local.date)) return { allowed: false, reason: 'holiday', local }
  if (!window.weekdays.includes(local.weekday)) return { allowed: false, reason: 'weekday', local }
  if (local.minutes < window.from || local.minutes >= window.until) return { allowed: false, reason: 'hour', local }
  return { allowed: true, local }
}

export function isContactAllowed(at: Date, market: Market): boolean {
  return checkContactWindow(at, market).allowed
}

/** The window's hours as people write them: "08:00-20:00". */
export function contactHours(market: Market): string {
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
  const w = CONTACT_WINDOWS[market]
  return `${hhmm(w.from)}-${hhmm(w.until)}`
}

/** Delinquency buckets by whole local days overdue (docs/product/collections.md#buckets). */
export const DELINQUENCY_BUCKETS = ['d1_30', 'd31_60', 'd61_90', 'd90_plus'] as const
export type DelinquencyBucket = (typeof DELINQUENCY_BUCKETS)[number]

/** The bucket of an order `days` overdue; null when it is not overdue. */
export function bucketOf(days: number): DelinquencyBucket | null {
  if (!Number.isInteger(days) || days < 1) return null
  if (days <= 30) return 'd1_30'
  if (days <= 60) return 'd31_60'
  if (days <= 90) return 'd61_90'
  return 'd90_plus'
}

/** The least and most days overdue of a bucket (null: no upper end). */
export const BUCKET_DAYS: Readonly<Record<DelinquencyBucket, { min: number; max: number | null }>> = {
  d1_30: { min: 1, max: 30 },
  d31_60: { min: 31, max: 60 },
  d61_90: { min: 61, max: 90 },
  d90_plus: { min: 91, max: null },
}

/** The reminders before a payment falls due (docs/product/collections.md#reminders). */
export const REMINDER_STEPS = ['before3', 'before1', 'due'] as const
export type ReminderStep = (typeof REMINDER_STEPS)[number]
const REMINDER_DAYS_BEFORE: Readonly<Record<ReminderStep, number>> = { before3: 3, before1: 1, due: 0 }

/** The reminder a payment due on local date `dueDate` gets on local date `today`, if any. */
export function reminderStepOn(dueDate: string, today: string): ReminderStep | null {
  const before = daysBetween(today, dueDate)
  return REMINDER_STEPS.find((s) => REMINDER_DAYS_BEFORE[s] === before) ?? null
}

/** The local dates on which a payment due on `dueDate` may be reminded of, one per step. */
export function reminderDates(dueDate: string): Record<ReminderStep, string> {
  return { before3: addDays(dueDate, -3), before1: addDays(dueDate, -1), due: dueDate }
}

/** A promise to pay: on `date` (borrower-local), at least `amount`. */
export interface PromiseToPay {
  date: string
  amount: Cents
}

export type PromiseState = 'pending' | 'kept' | 'broken'

/**
 * A promise is kept once the borrower paid at least its amount from when it was made through its
 * date (or the order was settled); it is broken from the local day after its date, not before.
 */
export function promiseState(promise: PromiseToPay, paidSince: Cents, settled: boolean, today: string): PromiseState {
  if (settled || paidSince >= promise.amount) return 'kept'
  return today > promise.date ? 'broken' : 'pending'
}
