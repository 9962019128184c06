import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { Link } from '../../shared/router'
import { useApi } from '../../shared/api'
import { useScreenQuery } from '../../shared/api/screen-query'
import { useTranslation } from '../../shared/i18n'
import { SCREEN_PATHS } from '../../shared/screens'
import { useScreenHref } from '../../shared/ui/follow-url'
import { PageFrame } from '../../shared/ui/page-frame'
import { ScreenFailure } from '../../shared/ui/screen-failure'
import { Skeleton } from '../../shared/ui/skeleton'
import { complaintListQuery, type ComplaintList, type ComplaintRow } from './api/get-complaint-list'
import { styles } from './common'

/** docs/product/complaints.md#list: the server's tabs; a row opens its complaint. */
export function ComplaintListPage() {
  const { t: tc } = useTranslation()
  const api = useApi()
  const { state, retry } = useScreenQuery(complaintListQuery(api))

  let content
  if (state.status === 'ready') content = <Tabs tabs={state.data.tabs} />
  else if (state.status === 'loading') content = <Skeleton blocks={[48, 96, 96, 96]} />
  else content = <ScreenFailure state={state} retry={retry} />
  return <PageFrame title={tc('routes.complaintList')}>{content}</PageFrame>
}

/** WAI-ARIA tabs: arrow keys, Home and End move between them; the chosen tab alone is in the tab order. */
function Tabs({ tabs }: { tabs: ComplaintList['tabs'] }) {
  const { t } = useTranslation('complaints')
  const base = useId()
  const [selected, setSelected] = useState(0)
  const refs = useRef<(HTMLButtonElement | null)[]>([])
  const current = tabs[selected] ?? tabs[0]

  const onKeyDown = (event: KeyboardEvent) => {
    const last = tabs.length - 1
    const next = { ArrowRight: selected + 1, ArrowLeft: selected - 1, Home: 0, End: last }[event.key]
    if (next === undefined) return
    event.preventDefault()
    const index = next > last ? 0 : next < 0 ? last : next
    setSelected(index)
    refs.current[index]?.focus()
  }

  return (
    <>
      <div className={styles.tabs} role="tablist" aria-label={t('list.tabsLabel')} onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <button
            key={tab.status}
            ref={(element) => {
              refs.current[index] = element
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${index}`}
            className={styles.tab}
            aria-selected={index === selected}
            aria-controls={`${base}-panel`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
          >
            {tab.title} ({tab.list.length})
          </button>
        ))}
      </div>
      {current && (
        <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${tabs.indexOf(current)}`}>
          {current.list.length === 0 ? (
            <p className={styles.empty}>{t('list.empty')}</p>
          ) : (
            <ul className={styles.rows}>
              {current.list.map((row) => (
                <li key={row.id}>
                  <Row row={row} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </>
  )
}

function Row({ row }: { row: ComplaintRow }) {
  const { t } = useTranslation('complaints')
  const href = useScreenHref()
  return (
    <Link className={styles.row} to={href(SCREEN_PATHS.complainDetails, { problemId: row.id })}>
      <span className={styles.rowHead}>
        <span className={styles.rowType}>{row.type}</span>
        <span className={styles.rowTime}>{row.time}</span>
      </span>
      <span className={styles.rowContent}>{row.content}</span>
      {row.status === 'processing' && <span className={styles.rowDue}>{t('list.due', { date: row.replyDue })}</span>}
    </Link>
  )
}
