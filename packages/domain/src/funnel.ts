/**
 * The registration funnel's steps and conversion rates (docs/product/registration-funnel.md):
 * visits → SMS sent → registered → first order → first repayment.
 */

export const FUNNEL_STEPS = ['visits', 'smsSent', 'registered', 'firstOrders', 'firstRepayments'] as const
export type FunnelStep = (typeof FUNNEL_STEPS)[number]

export type FunnelCounts = Readonly<Record<FunnelStep, number>>

/** Basis points (1/100 of a percent) of one step against another; null when the other is zero. */
export type RateBps = number | null

/**
 * A step's rate against the one before it, in whole basis points rounded down (10000 = 100 %), so
 * that a rate never shows more than the counts give; null when the step before counted nothing.
 * A rate may pass 100 % when steps fall on different days (a visit one day, the SMS the next).
 */
export function stepRateBps(count: number, previous: number): RateBps {
  if (!Number.isSafeInteger(count) || !Number.isSafeInteger(previous) || count < 0 || previous < 0) throw new RangeError('counts are whole numbers ≥ 0')
  if (previous === 0) return null
  return Math.floor((count * 10_000) / previous)
}

/** Each step's rate against the step before it (the first step has none: null). */
export function funnelRates(counts: FunnelCounts): Record<FunnelStep, RateBps> {
  const rates = {} as Record<FunnelStep, RateBps>
  FUNNEL_STEPS.forEach((step, i) => {
    rates[step] = i === 0 ? null : stepRateBps(counts[step], counts[FUNNEL_STEPS[i - 1]!])
  })
  return rates
}

/** Sums of several rows' counts, step by step. */
export function sumFunnel(rows: readonly FunnelCounts[]): FunnelCounts {
  const total: Record<FunnelStep, number> = { visits: 0, smsSent: 0, registered: 0, firstOrders: 0, firstRepayments: 0 }
  for (const row of rows) for (const step of FUNNEL_STEPS) total[step] += row[step]
  return total
}
