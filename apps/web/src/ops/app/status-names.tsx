import { isOrderStatus, orderStatusName, type Locale } from '@kilat/domain'
import { SHARED_TEXTS } from '@kilat/domain/texts'
import { useOpsText } from './i18n'

/**
 * An order's status by its name in the staff member's language, the name the borrower reads too
 * (the domain's status names, docs/product/console-screens.md#status-names); never the bare number. A
 * number the domain does not know (none should reach the console) reads as `unknown` says.
 */
export function orderStatusText(status: number, locale: Locale, unknown: (status: number) => string = String): string {
  return isOrderStatus(status) ? SHARED_TEXTS[locale].statuses[orderStatusName(status)] : unknown(status)
}

/** An order's status on a console screen: its name, the number only as a tooltip for matching a report. */
export function OrderStatusName({ status }: { status: number }) {
  const { t, locale } = useOpsText()
  const number = t('first.statusNumber', { status })
  return <span title={number}>{orderStatusText(status, locale, () => number)}</span>
}
