import type { HEALTH_LEVELS } from '@kilat/contract'
import type { OpsT } from '../app/i18n'

/** The health screen's query (docs/product/operations.md#health). */
export const HEALTH_KEY = ['ops', 'health'] as const

/** How often the screen reads the figures again on its own. */
export const HEALTH_REFRESH_MS = 30_000

export type Level = (typeof HEALTH_LEVELS)[number]

/** A level in words: the tag's text, never its colour alone. Null: not graded. */
export const levelText = (t: OpsT, level: Level | null) => t(`health.levels.${level ?? 'none'}`)

/** The tag's colour of a level (its words say the same). */
export const levelColour = (level: Level | null) => (level === 'alert' ? 'red' : level === 'warn' ? 'gold' : level === 'ok' ? 'green' : 'default')

/**
 * A duration in the largest units that read naturally: `45 s`, `4 min`, `2 h`, `1 h 30 min`,
 * `3 d 4 h`. Seconds are rounded down: a queue's age says how long at least.
 */
export function ageText(t: OpsT, seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  if (s < 60) return t('health.units.seconds', { n: s })
  const minutes = Math.floor(s / 60)
  if (minutes < 60) return t('health.units.minutes', { n: minutes })
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return minutes % 60 === 0 ? t('health.units.hours', { n: hours }) : t('health.units.hoursMinutes', { h: hours, m: minutes % 60 })
  const days = Math.floor(hours / 24)
  return hours % 24 === 0 ? t('health.units.days', { n: days }) : t('health.units.daysHours', { d: days, h: hours % 24 })
}

/** An age limit: "warning at 2 min · danger at 10 min". */
export const ageLimitText = (t: OpsT, limit: { warn: number; alert: number }) => t('health.ageLimit', { warn: ageText(t, limit.warn), alert: ageText(t, limit.alert) })

/** The server's background jobs by the name their metrics carry (apps/server: each `repeatPass`), in the staff member's language. */
const JOB_NAMES = ['order job', 'payout outbox', 'payment inbox', 'payment callbacks', 'payout callbacks', 'gateway report', 'name-checks', 'reminders', 'credit reporting', 'metrics refresh'] as const

/** A job's name in words; one the screen does not know yet keeps the server's name. */
export const jobText = (t: OpsT, name: string) => ((JOB_NAMES as readonly string[]).includes(name) ? t(`health.jobs.names.${name as (typeof JOB_NAMES)[number]}`) : name)
