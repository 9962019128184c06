import type { Contracts } from '../api/get-contracts'
import { useTranslation } from '../../../shared/i18n'
import { useFollowUrl, useScreenHref } from '../../../shared/ui/follow-url'
import { SCREEN_PATHS } from '../../../shared/screens'
import { useOpenContract } from '../api/open-contract'
import { withLoanChoice, type LoanChoice } from '../params'
import styles from '../loans.module.css'

/**
 * The agreements with their box, checked at first (docs/product/loans.md#agreements). Each title
 * asks where the agreement is read (contract-jump) and goes there; its address works without script
 * too. Both carry the borrower's amount and installments, so the agreement shows the loan being
 * confirmed.
 */
export function Agreements({
  productId,
  choice,
  contracts,
  checked,
  onChange,
}: {
  productId: number
  choice: LoanChoice
  contracts: Contracts
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  const { t } = useTranslation('loans')
  const { t: tc } = useTranslation()
  const open = useOpenContract(tc('loading'))
  const follow = useFollowUrl()
  const href = useScreenHref()
  return (
    <section className={styles.agreements}>
      <div className={styles.agree}>
        <input id="agree-contracts" type="checkbox" className={styles.checkbox} checked={checked} onChange={(event) => onChange(event.target.checked)} />
        <label htmlFor="agree-contracts">{t('confirm.confirmAgreement')}</label>
      </div>
      <ul className={styles.contracts}>
        {contracts.map((contract) => (
          <li key={contract.position}>
            <a
              href={href(SCREEN_PATHS.contract, { productId, position: contract.position, amount: choice.amount, periods: choice.periods })}
              onClick={(event) => {
                event.preventDefault()
                if (open.isPending) return
                open.mutate(
                  { productId, position: contract.position, ...choice },
                  { onSuccess: (data) => follow(withLoanChoice(data.contract_url, choice)) },
                )
              }}
            >
              {contract.title}
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
