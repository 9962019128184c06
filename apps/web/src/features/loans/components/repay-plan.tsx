import type { LoanConfirm } from '@kilat/contract'
import type { Market } from '@kilat/domain'
import { useId, useState } from 'react'
import { useTranslation } from '../../../shared/i18n'
import { formatMoney } from '../../../shared/format'
import buttons from '../../../shared/ui/button.module.css'
import styles from '../loans.module.css'

type Plan = LoanConfirm['repay_plans'][number]

function PlanItem({ plan, market }: { plan: Plan; market: Market }) {
  return (
    <li className={styles.plan}>
      <div className={styles.planHead}>
        <span className={styles.planTitle}>{plan.title}</span>
        <strong>{formatMoney(plan.amount, market)}</strong>
      </div>
      <div className={styles.planMeta}>
        <span>{plan.pay_time}</span>
        {plan.description && <span>{plan.description}</span>}
      </div>
    </li>
  )
}

/** docs/product/loans.md#confirmation-screen: the first repayment in view; every repayment behind a "details" toggle, in the product's currency. */
export function RepayPlan({ plans, market }: { plans: readonly Plan[]; market: Market }) {
  const { t } = useTranslation('loans')
  const [expanded, setExpanded] = useState(false)
  const headingId = useId()
  const listId = useId()
  const [first, ...rest] = plans
  if (!first) return null
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <div className={styles.cardHead}>
        <h2 id={headingId} className={styles.cardTitle}>{t('confirm.repayPlanTitle')}</h2>
        {rest.length > 0 && (
          <button type="button" className={buttons.link} aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded(!expanded)}>
            {expanded ? t('confirm.planHide') : t('confirm.planShow', { count: plans.length })}
          </button>
        )}
      </div>
      <ol id={listId} className={styles.plans}>
        <PlanItem plan={first} market={market} />
        {expanded && rest.map((plan, index) => <PlanItem key={`${plan.title}-${index}`} plan={plan} market={market} />)}
      </ol>
    </section>
  )
}
