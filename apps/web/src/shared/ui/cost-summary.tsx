import type { CostSummary as Cost } from '@kilat/contract'
import type { Market } from '@kilat/domain'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { formatMoney, formatPercent } from '../format'
import styles from './cost-summary.module.css'

/**
 * The market's headline rate as borrowers there compare loans (docs/decisions/0004): the daily
 * rate in Indonesia ("0,10%/hari"), APR in India, CAT in Mexico.
 */
export function headlineText(t: TFunction, headline: Cost['headline']): string {
  return t(`cost.headline.${headline.kind}`, { rate: formatPercent(headline.bps) })
}

/**
 * What a loan costs, shown before the borrower accepts: what reaches their account after the
 * deducted fee, what they repay, and the headline rate. `line` under a product card; `list` as
 * labelled lines on the confirmation page. `market` is the product's (its currency), which the
 * page's market (isNeedPop) need not be.
 */
export function CostSummary({ cost, market, variant = 'line' }: { cost: Cost; market: Market; variant?: 'line' | 'list' }) {
  const { t } = useTranslation()
  const received = formatMoney(cost.received, market)
  const repay = formatMoney(cost.totalRepay, market)
  const headline = headlineText(t, cost.headline)
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
    <dl className={styles.list}>
      <div>
        <dt>{t('cost.receivedAfterFee', { fee: formatMoney(cost.fee, market) })}</dt>
        <dd>{received}</dd>
      </div>
      <div>
        <dt>{t('cost.totalRepay')}</dt>
        <dd>{repay}</dd>
      </div>
      <div>
        <dt>{t(`cost.headlineLabel.${cost.headline.kind}`)}</dt>
        <dd>{headline}</dd>
      </div>
    </dl>
  )
}
