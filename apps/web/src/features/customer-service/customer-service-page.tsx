import { useId } from 'react'
import { Link } from '../../shared/router'
import { useApi } from '../../shared/api'
import { useScreenQuery } from '../../shared/api/screen-query'
import { sendToNative } from '../../shared/bridge'
import { useTranslation } from '../../shared/i18n'
import { SCREEN_PATHS } from '../../shared/screens'
import { useScreenHref } from '../../shared/ui/follow-url'
import { PageFrame } from '../../shared/ui/page-frame'
import { ScreenFailure } from '../../shared/ui/screen-failure'
import { Skeleton } from '../../shared/ui/skeleton'
import { contactInfoQuery, type ContactInfo } from './api/get-contact-info'
import styles from './customer-service.module.css'

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`

/**
 * docs/product/complaints.md#customer-service: the contact-us texts, the telephone (a call through
 * the app shell, `callTelephone`), the email as a mailto link, the hours, and the other ways to get help.
 */
export function CustomerServicePage() {
  const { t: tc } = useTranslation()
  const api = useApi()
  const { state, retry } = useScreenQuery(contactInfoQuery(api))

  let content
  if (state.status === 'ready') content = <Contacts info={state.data} />
  else if (state.status === 'loading') content = <Skeleton blocks={[180, 120]} />
  else content = <ScreenFailure state={state} retry={retry} />
  return <PageFrame title={tc('routes.customerService')}>{content}</PageFrame>
}

function Contacts({ info }: { info: ContactInfo }) {
  const { t } = useTranslation('complaints')
  const href = useScreenHref()
  const ids = { title: useId(), officer: useId(), more: useId() }
  const { grievanceOfficer: officer } = info
  return (
    <>
      <section className={styles.card} aria-labelledby={ids.title}>
        <h2 id={ids.title} className={styles.title}>{t('customerService.customTitle')}</h2>
        <p className={styles.intro}>{t('customerService.cusCont')}</p>
        <dl className={styles.contacts}>
          {info.smWa && (
            <div>
              <dt>{t('customerService.Tel')}</dt>
              <dd>
                <a
                  className={styles.action}
                  href={telHref(info.smWa)}
                  onClick={(event) => {
                    // Inside the app the shell places the call; in a browser the bridge falls back to tel:.
                    event.preventDefault()
                    sendToNative('callTelephone', { phone: info.smWa })
                  }}
                >
                  {t('customerService.call', { phone: info.smWa })}
                </a>
              </dd>
            </div>
          )}
          {info.email && (
            <div>
              <dt>{t('customerService.cusTitle1')}</dt>
              <dd>
                <a className={styles.action} href={`mailto:${info.email}`}>
                  {info.email}
                </a>
              </dd>
            </div>
          )}
          {info.hours && (
            <div>
              <dt>{t('customerService.cusTitle2')}</dt>
              <dd>{info.hours}</dd>
            </div>
          )}
        </dl>
      </section>

      <nav className={styles.card} aria-labelledby={ids.more}>
        <h2 id={ids.more} className={styles.title}>{t('customerService.more')}</h2>
        <ul className={styles.links}>
          <li>
            <Link to={href(SCREEN_PATHS.intelligentCustomerService)}>{t('customerService.online')}</Link>
          </li>
          <li>
            <Link to={href(SCREEN_PATHS.complaint)}>{t('customerService.complaint')}</Link>
          </li>
          <li>
            <Link to={href(SCREEN_PATHS.complaintList)}>{t('customerService.myComplaints')}</Link>
          </li>
        </ul>
      </nav>

      {(officer.email || officer.phone) && (
        <section className={styles.card} aria-labelledby={ids.officer}>
          <h2 id={ids.officer} className={styles.title}>{t('customerService.officer')}</h2>
          <p className={styles.intro}>{t('customerService.officerText')}</p>
          {officer.name && <p className={styles.name}>{officer.name}</p>}
          <ul className={styles.links}>
            {officer.email && (
              <li>
                <a href={`mailto:${officer.email}`}>{officer.email}</a>
              </li>
            )}
            {officer.phone && (
              <li>
                <a href={telHref(officer.phone)}>{t('customerService.officerPhone', { phone: officer.phone })}</a>
              </li>
            )}
          </ul>
        </section>
      )}
    </>
  )
}
