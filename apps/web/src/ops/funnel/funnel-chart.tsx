import type { FunnelDay } from '@kilat/contract'
import { formatCount, FUNNEL_STEPS, type FunnelStep, type Market } from '@kilat/domain'
import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'

/** One colour per step, each at least 3:1 against white (WCAG 1.4.11, graphics). */
export const STEP_COLOURS: Record<FunnelStep, string> = {
  visits: '#1f5fbf',
  smsSent: '#8a4fbf',
  registered: '#0f7b55',
  firstOrders: '#b35c00',
  firstRepayments: '#c0392b',
}

/**
 * The funnel's days as lines, one per step (docs/decisions/0023-funnel-chart.md): uPlot, loaded
 * with this chunk after the screen. The table beside it is the accessible equivalent; the chart
 * itself is an image with the page's text summary as its name. Its legend shows the range's totals
 * (`totalsLabel`) until the pointer is on a day, then that day's counts.
 */
export function FunnelChart({
  days,
  labels,
  dayLabel,
  summary,
  market,
  totals,
  totalsLabel,
}: {
  days: FunnelDay[]
  labels: Record<FunnelStep, string>
  dayLabel: string
  summary: string
  market: Market
  totals: Record<FunnelStep, number>
  totalsLabel: string
}) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = box.current
    if (!element) return
    // a day as seconds since 1970 at noon UTC: the axis writes the calendar day, never the one before
    const xs = days.map((d) => Date.parse(`${d.day}T12:00:00Z`) / 1000)
    const data: uPlot.AlignedData = [xs, ...FUNNEL_STEPS.map((step) => days.map((d) => d.counts[step]))]
    const plot = new uPlot(
      {
        width: Math.max(320, element.clientWidth),
        height: 260,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'UTC'),
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        // the axis writes days as the table does (year-month-day), not in the browser's own order
        axes: [{ values: (_u, ticks) => ticks.map((v) => new Date(v * 1000).toISOString().slice(5, 10)) }, { values: (_u, ticks) => ticks.map((v) => (Number.isInteger(v) ? String(v) : '')) }],
        // without a day under the pointer (no `idx`) the legend says the range's totals, never uPlot's "--"
        series: [
          {
            label: dayLabel,
            value: (_u: uPlot, v: number | null, _s: number, idx: number | null | undefined) => (idx === null || idx === undefined || v === null ? totalsLabel : new Date(v * 1000).toISOString().slice(0, 10)),
          },
          ...FUNNEL_STEPS.map((step) => ({
            label: labels[step],
            stroke: STEP_COLOURS[step],
            width: 2,
            points: { show: days.length <= 31 },
            value: (_u: uPlot, v: number | null, _s: number, idx: number | null | undefined) =>
              idx === null || idx === undefined ? formatCount(totals[step], market) : v === null ? '—' : formatCount(v, market),
          })),
        ],
        legend: { show: true },
      },
      data,
      element,
    )
    const resize = () => plot.setSize({ width: Math.max(320, element.clientWidth), height: 260 })
    window.addEventListener('resize', resize)
    return () => {
      window.removeEventListener('resize', resize)
      plot.destroy()
    }
  }, [days, labels, dayLabel, market, totals, totalsLabel])
  return <div ref={box} role="img" aria-label={summary} className="ops-funnel-chart" />
}
