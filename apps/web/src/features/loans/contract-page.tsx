import { useTranslation } from '../../shared/i18n'
import { useLocation } from '../../shared/router'
import { useApi } from '../../shared/api'
import { useScreenQuery } from '../../shared/api/screen-query'
import { formatMoney } from '../../shared/format'
import { useDataTitle } from '../../shared/ui/document-title'
import { PageFrame } from '../../shared/ui/page-frame'
import { ScreenFailure } from '../../shared/ui/screen-failure'
import { Skeleton } from '../../shared/ui/skeleton'
import { contractViewQuery, type ContractView } from './api/get-contract-view'
import { contractInputOf } from './contract.data'
import styles from './loans.module.css'

/** A loan agreement filled with the borrower's loan. Its text is rendered as text, never as HTML. */
export function ContractPage() {
  const { t } = useTranslation('loans')
  const { t: tc } = useTranslation()
  const api = useApi()
  const input = contractInputOf(useLocation().search) ?? { productId: 0 }
  const { state, retry } = useScreenQuery(contractViewQuery(api, input))
  useDataTitle(state.status === 'ready' ? state.data.title : undefined)

  let content
  if (state.status === 'ready') content = <Contract contract={state.data} />
  else if (state.status === 'loading') content = <Skeleton blocks={[200, 200, 120]} />
  else content = <ScreenFailure state={state} retry={retry} missing={t('contract.missing')} />
  return <PageFrame title={state.status === 'ready' ? state.data.title : tc('routes.contract')}>{content}</PageFrame>
}

function Contract({ contract }: { contract: ContractView }) {
  const { t } = useTranslation('loans')
  return (
    <article className={styles.card}>
      {contract.sections.map((section, index) => (
        <section key={`${section.heading}-${index}`} className={styles.section}>
          {section.heading && <h2>{section.heading}</h2>}
          {section.paragraphs.map((paragraph, p) => (
            <p key={p}>{paragraph}</p>
          ))}
        </section>
      ))}
      {contract.schedule.length > 0 && (
        <table className={styles.schedule}>
          <caption>{t('common:plan.schedule')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('contract.columns.title')}</th>
              <th scope="col">{t('common:figures.amount')}</th>
              <th scope="col">{t('contract.columns.payTime')}</th>
            </tr>
          </thead>
          <tbody>
            {contract.schedule.map((row, index) => (
              <tr key={`${row.title}-${index}`}>
                <td>{row.title}</td>
                <td>{formatMoney(row.amount, contract.market)}</td>
                <td>{row.pay_time}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  )
}
