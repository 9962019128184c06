import { isOrderStatus, statusIcon, type StatusIcon as IconName } from '@kilat/domain'
import type { ReactNode } from 'react'

/**
 * The loan order status icons (docs/product/loans.md#status-icons): one drawing per situation,
 * chosen by the domain's `statusIcon`, so that no borrower in arrears ever sees the settled tick.
 * Each differs in shape as well as colour, so colour is never the only difference. Decorative: the
 * banner's heading says the status in words.
 */
const GLYPHS: Record<IconName, { color: string; glyph: ReactNode }> = {
  // Under review: an hourglass.
  review: { color: '#3360dd', glyph: <path d="M17 13h14M17 35h14M19 13c0 7 10 8 10 11s-10 4-10 11M29 13c0 7-10 8-10 11s10 4 10 11" /> },
  // Approved, money on the way: an arrow into a tray.
  approved: { color: '#1f7a8c', glyph: <path d="M24 12v15M18 21l6 6 6-6M14 29v6h20v-6" /> },
  // Payment due: a calendar.
  due: { color: '#b54708', glyph: <path d="M14 16h20v18H14zM14 22h20M19 12v6M29 12v6M19 28h3" /> },
  // Overdue: an exclamation mark.
  overdue: { color: '#b42318', glyph: <path d="M24 13v13M24 33v1" /> },
  // Rejected: a cross.
  rejected: { color: '#4d5566', glyph: <path d="M17 17l14 14M31 17 17 31" /> },
  // Settled: a tick.
  settled: { color: '#067647', glyph: <path d="M15 25l6 6 12-13" /> },
}

/** The icon of an order status; a status this app does not know gets no drawing rather than a wrong one. */
export function StatusIcon({ status, size = 48 }: { status: number; size?: number }) {
  if (!isOrderStatus(status)) return null
  const icon = statusIcon(status)
  const { color, glyph } = GLYPHS[icon]
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false" data-status-icon={icon}>
      <circle cx="24" cy="24" r="23" fill="#fff" />
      <circle cx="24" cy="24" r="19" fill="none" stroke={color} strokeWidth="2.5" />
      <g fill="none" stroke={color} strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
        {glyph}
      </g>
    </svg>
  )
}
