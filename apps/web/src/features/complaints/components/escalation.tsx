import type { Escalation } from '@kilat/contract'
import { useId } from 'react'
import { useTranslation } from '../../../shared/i18n'
import styles from '../complaints.module.css'

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`

/**
 * docs/product/complaints.md#escalation: a complaint still unanswered after its reply date, or
 * closed unresolved, says where the borrower can take it in their market (OJK, the RBI ombudsman,
 * CONDUSEF; the server's texts) and how to reach our grievance officer.
 */
export function EscalationBox({ escalation }: { escalation: Escalation }) {
  const { t } = useTranslation('complaints')
  const headingId = useId()
  const { authority, grievanceOfficer: officer } = escalation
  return (
    <section className={styles.escalation} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>{escalation.title}</h2>
      <p>{escalation.text}</p>
      <h3 className={styles.subTitle}>{t('escalation.officer')}</h3>
      {officer.name && <p>{officer.name}</p>}
      <ul className={styles.contactList}>
        {officer.email && (
          <li>
            <a href={`mailto:${officer.email}`}>{t('escalation.email', { email: officer.email })}</a>
          </li>
        )}
        {officer.phone && (
          <li>
            <a href={telHref(officer.phone)}>{t('escalation.phone', { phone: officer.phone })}</a>
          </li>
        )}
      </ul>
      <h3 className={styles.subTitle}>{authority.name}</h3>
      <ul className={styles.contactList}>
        {authority.phone && (
          <li>
            <a href={telHref(authority.phone)}>{t('escalation.phone', { phone: authority.phone })}</a>
          </li>
        )}
        {/^https:\/\//i.test(authority.url) && (
          <li>
            <a href={authority.url} rel="noopener noreferrer" target="_blank">
              {t('escalation.website', { name: authority.name })}
            </a>
          </li>
        )}
      </ul>
    </section>
  )
}
