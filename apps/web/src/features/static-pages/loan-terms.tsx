import { useTranslation } from '../../shared/i18n'
import { TextSection } from '../../shared/ui/public-page'

export interface LoanTermsContent {
  title: string
  sections: Array<{ heading: string; paragraphs: string[] }>
}

/**
 * Loan terms and conditions: the market's lender disclosure, as the server writes it for every
 * loan's agreement (one home for that text; docs/product/money-rules.md#lender-disclosure).
 */
export function LoanTerms({ appName, terms, level = 2 }: { appName: string; terms: LoanTermsContent | null; level?: 2 | 3 }) {
  const { t } = useTranslation('staticPages')
  if (!terms) return <p>{t('terms.unavailable')}</p>
  return (
    <>
      <p>{t('terms.intro', { appName })}</p>
      {terms.sections.map((section, i) => (
        <TextSection key={i} heading={section.heading} paragraphs={section.paragraphs} level={level} />
      ))}
    </>
  )
}
