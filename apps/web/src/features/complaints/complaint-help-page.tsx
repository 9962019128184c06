import { useId } from 'react'
import { Link, useLocation, useNavigate } from '../../shared/router'
import { useApi } from '../../shared/api'
import { useScreenQuery } from '../../shared/api/screen-query'
import { useTranslation } from '../../shared/i18n'
import { SCREEN_PATHS } from '../../shared/screens'
import { useScreenHref } from '../../shared/ui/follow-url'
import { PageFrame } from '../../shared/ui/page-frame'
import { ScreenFailure } from '../../shared/ui/screen-failure'
import { Skeleton } from '../../shared/ui/skeleton'
import { TopicIcon } from '../../shared/ui/topic-icon'
import { helpTopicsQuery, type HelpTopics } from './api/get-help-topics'
import { problemInitQuery, selectedOrder, type ProblemInit, complaintParams, OrderPicker, styles } from './common'

/** docs/product/complaints.md#older-start-page: four of the chatbot's categories. */
const TOPICS_SHOWN = 4

/** docs/product/complaints.md#older-start-page: the order card and four help topics, each opening the chatbot on it. */
export function ComplaintHelpPage() {
  const { t: tc } = useTranslation()
  const api = useApi()
  const { orderNo } = complaintParams(useLocation().search)
  const init = useScreenQuery({ ...problemInitQuery(api, orderNo, 'v3'), meanwhile: (previous) => previous })
  const topics = useScreenQuery({ ...helpTopicsQuery(api, orderNo), meanwhile: (previous) => previous })

  let content
  if (init.state.status === 'ready' && topics.state.status === 'ready') content = <HelpContent init={init.state.data} topics={topics.state.data} orderNo={orderNo} />
  else if (init.state.status !== 'ready' && init.state.status !== 'loading') content = <ScreenFailure state={init.state} retry={init.retry} />
  else if (topics.state.status !== 'ready' && topics.state.status !== 'loading') content = <ScreenFailure state={topics.state} retry={topics.retry} />
  else content = <Skeleton blocks={[150, 220]} />
  return <PageFrame title={tc('routes.complainNewPage')}>{content}</PageFrame>
}

function HelpContent({ init, topics, orderNo }: { init: ProblemInit; topics: HelpTopics; orderNo: string | undefined }) {
  const { t } = useTranslation('complaints')
  const href = useScreenHref()
  const navigate = useNavigate()
  const headingId = useId()
  const order = selectedOrder(init, orderNo)
  const chatHref = (selectedIndex?: number) => href(SCREEN_PATHS.intelligentCustomerService, { selectedIndex, orderNo: order?.orderNo })
  const shown = topics.answerList.slice(0, TOPICS_SHOWN)
  return (
    <>
      {order && (
        <OrderPicker order={order} orders={init.orderList} onChoose={(next) => void navigate(href(SCREEN_PATHS.complainNewPage, { orderNo: next }), { replace: true })} />
      )}
      <section className={styles.card} aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.sectionTitle}>{t('help.categoriesTitle')}</h2>
        {shown.length === 0 ? (
          <p className={styles.muted}>{t('help.categoriesEmpty')}</p>
        ) : (
          <ul className={styles.topics}>
            {shown.map((topic, index) => (
              <li key={topic.id}>
                <Link className={styles.topic} to={chatHref(index)}>
                  <TopicIcon name={topic.icon} />
                  {topic.title_local_alias || topic.title_local}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className={styles.bottomLink}>
        <Link to={chatHref()}>{t('help.more')}</Link>
        <Link to={href(SCREEN_PATHS.complaintList)}>{t('start.myComplaints')}</Link>
      </p>
    </>
  )
}
