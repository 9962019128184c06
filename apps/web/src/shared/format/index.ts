/**
 * The one formatting module (spec.md section 9, style.md "Money"): the web app shows amounts and
 * dates only through these, which live in @kilat/domain so the server formats the same way.
 */
export { formatAmount, formatDate, formatDateTime, formatMoney, formatMoneyWhole, formatPercent, stripGrouping } from '@kilat/domain'
