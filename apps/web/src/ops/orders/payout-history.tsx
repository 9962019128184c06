import type { orderScreen, DataOf } from '@kilat/contract'
import type { Market } from '@kilat/domain'
import { Timeline, Typography } from 'antd'
import { formatDateTime } from '../../shared/format'
import { useOpsText } from '../app/i18n'
import { PAYOUT_COLORS } from './order-status'

type PayoutEvent = DataOf<typeof orderScreen>['payoutEvents'][number]

/** The order screen's payout history, below its payouts: its own chunk, loaded after the screen. */
export function PayoutHistory({ events, market }: { events: readonly PayoutEvent[]; market: Market }) {
  const { t } = useOpsText()
  const at = (iso: string | null) => (iso ? formatDateTime(iso, market) : '')
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('payout.history')}
      </Typography.Title>
      <Timeline
        items={events.map((e, i) => ({
          key: `${e.requestId}-${i}`,
          color: PAYOUT_COLORS[e.to] === 'processing' ? 'blue' : PAYOUT_COLORS[e.to],
          content: (
            <span>
              {t('payout.requestNo', { id: e.requestId })} · {e.from === null ? '' : `${t(`payout.statuses.${e.from}`)} → `}
              {t(`payout.statuses.${e.to}`)} · {e.staffEmail ?? t(`payout.actors.${e.actor}`)} · {at(e.at)}
              {e.reason ? ` · ${e.reason}` : ''}
            </span>
          ),
        }))}
      />
    </>
  )
}
