import type { CostSummary } from '@kilat/contract'
import type { Market } from '@kilat/domain'
import { useId } from 'react'
import { useTranslation } from '../../../shared/i18n'
import { formatMoney, formatPercent } from '../../../shared/format'
import styles from '../loans.module.css'

/**
 * India's Key Fact Statement (docs/product/loans.md#key-fact-statement): the loan's figures in one
 * titled table the borrower sees before confirming, named as every other screen names them, with the
 * late-charge terms. Amounts are in the product's market's currency.
 */
export function KeyFactStatement({ cost, market, lateCharges }: { cost: CostSummary; market: Market; lateCharges: string }) {
  const { t } = useTranslation('loans')
  const { t: tc } = useTranslation()
  const titleId = useId()
  const money = (cents: number) => formatMoney(cents, market)
  const rows: [string, string][] = [
    [tc('figures.principal'), money(cost.amount)],
    [tc('figures.fee'), money(cost.fee)],
    [tc('figures.received'), money(cost.received)],
    [tc('figures.interest'), money(cost.interest)],
    [tc('figures.totalRepay'), money(cost.totalRepay)],
    // An India product's headline is its APR (the row names it, the value is the rate alone); any
    // other product keeps its own headline, named as such.
    cost.headline.kind === 'apr'
      ? [tc('figures.headline.apr'), formatPercent(cost.headline.bps, market)]
      : [tc(`figures.headline.${cost.headline.kind}`), cost.headline.text],
    [tc('figures.term'), t('kfs.termDays', { count: cost.termDays })],
    [tc('figures.lateCharges'), lateCharges || t('kfs.lateNone')],
  ]
  return (
    <div className={styles.kfs}>
      <table className={styles.kfsTable}>
        <caption id={titleId}>{t('kfs.title')}</caption>
        <tbody>
          {rows.map(([label, value], index) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td className={index === rows.length - 1 ? styles.kfsText : undefined}>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
