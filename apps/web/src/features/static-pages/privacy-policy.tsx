import { useTranslation } from '../../shared/i18n'
import { TextSection } from '../../shared/ui/public-page'

/** The nine sections, in the order docs/product/screens.md#static-pages lists them. */
export const PRIVACY_SECTIONS = ['use', 'disclosure', 'cookies', 'security', 'nonDiscrimination', 'rights', 'minors', 'changes', 'contacts'] as const

/** The privacy policy (both paths, and the marketing site's frame): intro and nine sections. */
export function PrivacyPolicy({ appName, contact }: { appName: string; contact: { email: string; phone: string } }) {
  const { t } = useTranslation('staticPages')
  return (
    <>
      <p>{t('privacy.intro', { appName })}</p>
      <p className="note">{t('privacy.updated')}</p>
      {PRIVACY_SECTIONS.map((key) => (
        <TextSection key={key} heading={t(`privacy.${key}.heading`)} paragraphs={[t(`privacy.${key}.text`, contact)]} />
      ))}
    </>
  )
}
