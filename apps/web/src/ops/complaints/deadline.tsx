import type { ComplaintQueueRow } from '@kilat/contract'
import { Tag } from 'antd'
import { useOpsText } from '../app/i18n'

/** How long is left of a deadline: days, today, or overdue (docs/product/operations.md#complaint-desk). */
export function DeadlineTag({ deadline, closed }: { deadline: ComplaintQueueRow['replyDue']; closed?: boolean }) {
  const { t } = useOpsText()
  if (closed) return <span>{deadline.date}</span>
  const colour = deadline.overdue ? 'red' : deadline.daysLeft <= 0 ? 'orange' : deadline.daysLeft <= 1 ? 'gold' : 'default'
  const text = deadline.overdue
    ? t('complaints.overdue', { count: -deadline.daysLeft })
    : deadline.daysLeft === 0
      ? t('complaints.dueToday')
      : t('complaints.daysLeft', { count: deadline.daysLeft })
  return (
    <span>
      <Tag color={colour}>{text}</Tag> <span className="ops-nowrap">{deadline.date}</span>
    </span>
  )
}
