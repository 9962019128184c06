import { useId } from 'react'
import { useApi } from '../../shared/api'
import { useScreenQuery } from '../../shared/api/screen-query'
import { sendToNative } from '../../shared/bridge'
import { useTranslation } from '../../shared/i18n'
import { PageFrame } from '../../shared/ui/page-frame'
import { ScreenFailure } from '../../shared/ui/screen-failure'
import { Skeleton } from '../../shared/ui/skeleton'
import { payGuideQuery, type PayGuide } from './api/get-pay-guide'
import { PaySteps } from './components/pay-steps'
import styles from './repayment.module.css'
import surface from '../../shared/ui/card.module.css'

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`

/**
 * docs/product/screens.md#repayment-instructions: how to repay with each of the market's methods,
 * by pay type, and the service telephone (a call through the app shell, `callTelephone`).
 */
export function RepaymentInstructionsPage() {
  const { t: tc } = useTranslation()
  const api = useApi()
  const { state, retry } = useScreenQuery(payGuideQuery(api))

  let content
  if (state.status === 'ready') content = <Guide guide={state.data} />
  else if (state.status === 'loading') content = <Skeleton blocks={[120, 220, 220]} />
  else content = <ScreenFailure state={state} retry={retry} />
  return <PageFrame title={tc('routes.repaymentInstructions')}>{content}</PageFrame>
}

function Guide({ guide }: { guide: PayGuide }) {
  const { t } = useTranslation('repayment')
  const ids = { 1: useId(), 2: useId() }
  return (
    <>
      <p className={styles.intro}>{t('instructions.intro')}</p>
      {([1, 2] as const).map((payType) => {
        const methods = guide.methods.filter((m) => m.payType === payType)
        if (methods.length === 0) return null
        return (
          <section key={payType} className={surface.card} aria-labelledby={ids[payType]}>
            <h2 id={ids[payType]} className={styles.sectionTitle}>{t(`instructions.payType${payType}`)}</h2>
            {methods.map((method) => (
              <div key={method.payCode} className={styles.method}>
                <h3 className={styles.methodName}>{method.payName}</h3>
                <PaySteps steps={method.payStep} open={-1} />
              </div>
            ))}
          </section>
        )
      })}
      {guide.methods.length === 0 && <p className={styles.note}>{t('instructions.none')}</p>}
      {guide.telephone && (
        <p className={styles.bottomLink}>
          <a
            href={telHref(guide.telephone)}
            onClick={(event) => {
              // Inside the app the shell places the call; in a browser the bridge falls back to tel:.
              event.preventDefault()
              sendToNative('callTelephone', { phone: guide.telephone })
            }}
          >
            {t('instructions.call', { phone: guide.telephone })}
          </a>
        </p>
      )}
    </>
  )
}
