import { useId } from 'react'
import { useLocation } from '../../shared/router'
import { useApi } from '../../shared/api'
import { useScreenQuery } from '../../shared/api/screen-query'
import { useTranslation } from '../../shared/i18n'
import { PageFrame } from '../../shared/ui/page-frame'
import { ScreenFailure } from '../../shared/ui/screen-failure'
import { Skeleton } from '../../shared/ui/skeleton'
import { complaintDetailQuery, type ComplaintDetail } from './api/get-complaint-detail'
import { ComplaintRating } from './components/complaint-rating'
import { EscalationBox } from './components/escalation'
import { complaintParams, styles } from './common'

/**
 * docs/product/complaints.md#detail: one complaint, our reply, when a reply is due and where to
 * escalate; for a credit-report dispute, where it stands (docs/product/credit-reporting.md#disputes).
 */
export function ComplaintDetailPage() {
  const { t } = useTranslation('complaints')
  const { t: tc } = useTranslation()
  const api = useApi()
  const { problemId = 0 } = complaintParams(useLocation().search)
  const { state, retry } = useScreenQuery(complaintDetailQuery(api, problemId))

  let content
  if (state.status === 'ready') content = <Detail detail={state.data} />
  else if (state.status === 'loading') content = <Skeleton blocks={[48, 200, 120]} />
  else content = <ScreenFailure state={state} retry={retry} missing={t('detail.missing')} />
  return <PageFrame title={tc('routes.complainDetails')}>{content}</PageFrame>
}

function Detail({ detail }: { detail: ComplaintDetail }) {
  const { t } = useTranslation('complaints')
  const complaintId = useId()
  const replyId = useId()
  const disputeId = useId()
  const answered = detail.disposeDetail !== '' || detail.disposeImages.length > 0
  return (
    <>
      <p>
        <span className={styles.status} data-status={detail.status}>
          {t(`detail.status.${detail.status}`)}
          {detail.outcome && ` · ${t(`detail.outcome.${detail.outcome}`)}`}
        </span>
      </p>
      {detail.replyDueText && (
        <p className={styles.due} data-overdue={detail.overdue}>
          {detail.replyDueText}
        </p>
      )}
      {detail.escalation && <EscalationBox escalation={detail.escalation} />}

      {detail.dispute && (
        <section className={styles.card} aria-labelledby={disputeId} data-dispute-state={detail.dispute.state}>
          <h2 id={disputeId} className={styles.sectionTitle}>{t('detail.dispute.title')}</h2>
          <dl className={styles.facts}>
            <div>
              <dt>{t('detail.dispute.state')}</dt>
              <dd>{detail.dispute.stateText}</dd>
            </div>
            <div>
              <dt>{t('detail.dispute.dueOn')}</dt>
              <dd>{detail.dispute.dueOn}</dd>
            </div>
          </dl>
        </section>
      )}

      <section className={styles.card} aria-labelledby={complaintId}>
        <h2 id={complaintId} className={styles.sectionTitle}>{t('detail.complaint')}</h2>
        <dl className={styles.facts}>
          <div>
            <dt>{t('detail.type')}</dt>
            <dd>{detail.type}</dd>
          </div>
          {detail.sonType && (
            <div>
              <dt>{t('detail.subType')}</dt>
              <dd>{detail.sonType}</dd>
            </div>
          )}
          <div>
            <dt>{t('detail.order')}</dt>
            <dd>{detail.orderNo}</dd>
          </div>
          <div>
            <dt>{t('detail.sent')}</dt>
            <dd>{detail.time}</dd>
          </div>
          <div>
            <dt>{t('detail.content')}</dt>
            <dd>{detail.content}</dd>
          </div>
        </dl>
        {detail.images.length > 0 && (
          <>
            <h3 className={styles.subTitle}>{t('detail.images')}</h3>
            <Gallery urls={detail.images} alt={(number, total) => t('detail.imageAlt', { number, total })} />
          </>
        )}
      </section>

      <section className={styles.card} aria-labelledby={replyId}>
        <h2 id={replyId} className={styles.sectionTitle}>{t('detail.result')}</h2>
        {answered ? (
          <>
            {detail.disposeDetail && <p className={styles.reply}>{detail.disposeDetail}</p>}
            {detail.disposeImages.length > 0 && <Gallery urls={detail.disposeImages} alt={(number, total) => t('detail.replyImageAlt', { number, total })} />}
          </>
        ) : (
          <p className={styles.muted}>{t('detail.noReply')}</p>
        )}
        {detail.score > 0 && <p className={styles.muted}>{t('detail.yourScore', { count: detail.score })}</p>}
        <ComplaintRating detail={detail} />
      </section>
    </>
  )
}

/** Photos as thumbnails; each opens whole in the browser (a link, so zoom and back work as usual). */
function Gallery({ urls, alt }: { urls: readonly string[]; alt: (number: number, total: number) => string }) {
  return (
    <ul className={styles.gallery}>
      {urls.map((url, index) => (
        <li key={`${url}-${index}`}>
          <a href={url} target="_blank" rel="noopener">
            <img src={url} alt={alt(index + 1, urls.length)} width={88} height={88} loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  )
}
