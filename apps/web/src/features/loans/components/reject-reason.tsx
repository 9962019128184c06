import { DECISION_REASON_TEXTS, type DecisionReason } from '@kilat/contract'
import { useTranslation } from '../../../shared/i18n'
import styles from '../loans.module.css'

/**
 * docs/product/loans.md#rejection-reason: why a rejected order was not approved, in the page's
 * language, from the contract's one table of reason texts (not copied into the locale files). A
 * deferred part of the status banner: the table's three languages load only for a rejected order.
 */
export function RejectReason({ reason }: { reason: DecisionReason }) {
  const { i18n } = useTranslation()
  return <p className={styles.bannerReason}>{DECISION_REASON_TEXTS[reason][i18n.language]}</p>
}
