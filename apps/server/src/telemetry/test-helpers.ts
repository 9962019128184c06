import { expect } from 'vitest'

/**
 * Reading the metrics in tests. The registry is the process's own and every file of a worker
 * shares it: counters are measured as a change across their event, never an absolute value.
 */
export type Labels = Record<string, string | number>

export interface Readable {
  get(): Promise<{ name: string; type: unknown; values: Array<{ value: number; labels: Record<string, string | number | undefined>; metricName?: string }> }>
}

const matches = (labels: Record<string, string | number | undefined>, wanted: Labels) => Object.entries(wanted).every(([k, v]) => labels[k] !== undefined && String(labels[k]) === String(v))

/** The series of a metric whose labels include `wanted`: a histogram's by its count. */
export async function seriesOf(metric: Readable, wanted: Labels = {}) {
  const { name, type, values } = await metric.get()
  return values.filter((v) => (type === 'histogram' ? v.metricName === `${name}_count` : true) && matches(v.labels, wanted))
}

/** The sum over the series whose labels include `wanted` (0 when there is none). */
export const sumOf = async (metric: Readable, wanted: Labels = {}) => (await seriesOf(metric, wanted)).reduce((total, v) => total + v.value, 0)

/** How much the series whose labels include `wanted` moved while `event` ran. */
export async function deltaOf(metric: Readable, wanted: Labels, event: () => Promise<unknown>): Promise<number> {
  const before = await sumOf(metric, wanted)
  await event()
  return (await sumOf(metric, wanted)) - before
}

/** The one value of the series with exactly these labels' values (undefined when there is none). */
export async function valueOf(metric: Readable, wanted: Labels): Promise<number | undefined> {
  const found = await seriesOf(metric, wanted)
  expect(found.length, JSON.stringify(wanted)).toBeLessThanOrEqual(1)
  return found[0]?.value
}
