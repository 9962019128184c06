import type { CostSummary as Cost } from '@kilat/contract'
import type { Market } from '@kilat/domain'
import { useTranslation } from '../i18n'
import { formatMoney } from '../format'
import styles from './cost-summary.module.css'

/**
 * What a loan costs, shown before the borrower accepts (docs/product/money-rules.md#what-is-shown-before-accepting):
 * what reaches their account after the deducted fee, what they repay, and the headline rate. `line`
 * under a product card; `list` as labelled lines on the confirmation page, with the late-charge
 * terms right after the headline rate (Mexico's beside its CAT). `market` is the product's (its
 * currency), which the page's market (isNeedPop) need not be.
 */
export function CostSummary({
  cost,
  market,
  variant = 'line',
  lateCharges,
}: {
  cost: Cost
  market: Market
  variant?: 'line' | 'list'
  lateCharges?: string
}) {
  const { t } = useTranslation()
  const received = formatMoney(cost.received, market)
  const repay = formatMoney(cost.totalRepay, market)
  // The market's headline rate (docs/product/money-rules.md#headline-rate), worded by the server.
  const headline = cost.headline.text
  if (variant === 'line') {
    return (
      <p className={styles.line}>
        <span>{t('cost.receive', { amount: received })}</span>
        <span aria-hidden="true"> · </span>
        <span>{t('cost.repay', { amount: repay })}</span>
        <span aria-hidden="true"> · </span>
        <span>{headline}</span>
      </p>
    )
  }
  return (
    <>
      <dl className={styles.list}>
        <div>
          <dt>{t('cost.receivedAfterFee', { fee: formatMoney(cost.fee, market) })}</dt>
          <dd>{received}</dd>
        </div>
        <div>
          <dt>{t('figures.totalRepay')}</dt>
          <dd>{repay}</dd>
        </div>
        <div>
          <dt>{t(`figures.headline.${cost.headline.kind}`)}</dt>
          <dd>{headline}</dd>
        </div>
      </dl>
      {/* The server's sentence names itself ("Late charges: …"), so it needs no label of its own. */}
      {lateCharges && <p className={styles.note}>{lateCharges}</p>}
    </>
  )
}
