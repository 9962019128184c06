import type { Market } from '@kilat/domain'
import { useId } from 'react'
import { useTranslation } from '../../../shared/i18n'
import { formatMoney, formatMoneyWhole } from '../../../shared/format'
import styles from '../loans.module.css'

/** The allowed amount nearest to `value` (an address may carry one off the product's steps). */
function nearestIndex(amounts: readonly number[], value: number): number {
  let best = 0
  for (let i = 1; i < amounts.length; i++) if (Math.abs(amounts[i]! - value) < Math.abs(amounts[best]! - value)) best = i
  return best
}

/**
 * The amount the borrower borrows (docs/product/money-rules.md#choosing-the-amount-and-installments):
 * a labelled range from the product's minimum to its maximum in its steps, with one-step buttons
 * for those who cannot drag, and the amount written out. A plain `<input type="range">`: keyboard,
 * touch and screen readers come with it, and it costs no script (antd-mobile's Slider would cost
 * its gesture library on this route's first load).
 */
export function AmountChooser({
  amounts,
  value,
  market,
  onChange,
}: {
  /** Every amount the product allows, smallest first (domain `allowedAmounts`). */
  amounts: readonly number[]
  value: number
  market: Market
  onChange: (amount: number) => void
}) {
  const { t } = useTranslation('loans')
  const inputId = useId()
  const boundsId = useId()
  const index = nearestIndex(amounts, value)
  const text = formatMoney(value, market)
  const first = amounts[0]
  const last = amounts[amounts.length - 1]
  if (first === undefined || last === undefined || amounts.length < 2) {
    return (
      <>
        <p className={styles.amountTop}>{t('common:figures.principal')}</p>
        <p className={styles.amount}>{text}</p>
      </>
    )
  }
  const step = (by: number) => {
    const next = amounts[Math.min(amounts.length - 1, Math.max(0, index + by))]
    if (next !== undefined && next !== value) onChange(next)
  }
  return (
    <div className={styles.chooser}>
      <label htmlFor={inputId} className={styles.amountTop}>
        {t('common:figures.principal')}
      </label>
      <p className={styles.amount}>{text}</p>
      <div className={styles.slider}>
        <button type="button" className={styles.stepButton} aria-label={t('confirm.amountLess')} disabled={index === 0} onClick={() => step(-1)}>
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            <path d="M4 10h12" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </button>
        <input
          id={inputId}
          className={styles.range}
          type="range"
          min={first}
          max={last}
          step={amounts.length > 1 ? amounts[1]! - first : 1}
          value={amounts[index]}
          aria-valuetext={text}
          aria-describedby={boundsId}
          onChange={(event) => {
            const next = amounts[nearestIndex(amounts, Number(event.target.value))]
            if (next !== undefined) onChange(next)
          }}
        />
        <button
          type="button"
          className={styles.stepButton}
          aria-label={t('confirm.amountMore')}
          disabled={index === amounts.length - 1}
          onClick={() => step(1)}
        >
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            <path d="M4 10h12M10 4v12" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <p id={boundsId} className={styles.bounds}>
        <span>{t('confirm.amountFrom', { amount: formatMoneyWhole(first, market) })}</span>
        <span>{t('confirm.amountTo', { amount: formatMoneyWhole(last, market) })}</span>
      </p>
    </div>
  )
}

/** The number of installments, where the product offers several: one radio per count. */
export function PeriodChooser({ options, value, onChange }: { options: readonly number[]; value: number; onChange: (periods: number) => void }) {
  const { t } = useTranslation('loans')
  const name = useId()
  if (options.length < 2) return null
  return (
    <fieldset className={styles.periods}>
      <legend className={styles.periodsLegend}>{t('confirm.periodsLabel')}</legend>
      <div className={styles.segments}>
        {options.map((count) => (
          <label key={count} className={styles.segment}>
            <input type="radio" name={name} value={count} checked={count === value} onChange={() => onChange(count)} />
            {/* The count large, its unit small under it: three choices fit a 360 px screen in any language. */}
            <span>
              <strong>{count}</strong> <small>{t('confirm.periodsUnit', { count })}</small>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
