/**
 * The one formatting module (docs/product/markets-and-formats.md#amounts): the web app shows
 * amounts, counts, percentages and dates only through these, which live in @kilat/domain so the server
 * formats the same way. Each takes the market whose numbers it writes: the product's, not the page's.
 */
export { formatCount, formatDate, formatDateTime, formatMoney, formatMoneyWhole, formatPercent } from '@kilat/domain'
