import { useTranslation } from '../../shared/i18n'

const TOPICS = ['repayment', 'safe', 'service', 'products', 'start'] as const

/** About Us (docs/product/screens.md#static-pages): aboutTitle, aboutUs1-3 and the five topics. */
export function AboutUs({ appName, headingId }: { appName: string; headingId?: string }) {
  const { t } = useTranslation('staticPages')
  return (
    <>
      <h2 id={headingId}>{t('about.aboutTitle', { appName })}</h2>
      <p>{t('about.aboutUs1', { appName })}</p>
      <p>{t('about.aboutUs2')}</p>
      <p>{t('about.aboutUs3')}</p>
      <ul className="topics">
        {TOPICS.map((topic) => (
          <li key={topic}>
            <h3>{t(`about.topics.${topic}.title`)}</h3>
            <p>{t(`about.topics.${topic}.text`)}</p>
          </li>
        ))}
      </ul>
    </>
  )
}
