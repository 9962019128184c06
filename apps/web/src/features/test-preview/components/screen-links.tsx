import { useTranslation } from '../../../shared/i18n'
import { SCREEN_IDS, SCREEN_PATHS, type ScreenId } from '../../../shared/screens'
import { screenQuery, type DeviceFields } from '../fields'
import styles from '../test-preview.module.css'

/** The main screens of docs/product/screens.md#testpreview, in their order; the rest of the route table follows. */
const MAIN_SCREENS = [
  'loanConfirm', 'loanDetail', 'individual', 'repayDelay', 'bindBank',
  'aboutUs', 'complaint', 'customerService', 'privacyPolicy', 'repaymentInstructions',
] as const satisfies readonly ScreenId[]

const OTHER_SCREENS = SCREEN_IDS.filter((id) => id !== 'testPreview' && !(MAIN_SCREENS as readonly ScreenId[]).includes(id))

/**
 * Links that open each screen the way the app shell would: a full page load with the device fields
 * in the address (the server renders it and, for a session, sets the cookie).
 */
export function ScreenLinks({ fields }: { fields: DeviceFields }) {
  const { t } = useTranslation('testPreview')
  const { t: tc } = useTranslation()
  const query = screenQuery(fields)
  const item = (id: ScreenId, name: string) => {
    const href = `${SCREEN_PATHS[id]}?${query}`
    return (
      <li key={id}>
        <a className={styles.link} href={href}>
          <span className={styles.linkName}>{name}</span>
          <span className={styles.linkPath}>{SCREEN_PATHS[id]}</span>
        </a>
      </li>
    )
  }
  return (
    <section className={styles.card} aria-labelledby="screens-heading">
      <h2 id="screens-heading" className={styles.cardTitle}>{t('screens.heading')}</h2>
      <p className={styles.hint}>{t('screens.hint')}</p>
      <h3 className={styles.linksTitle}>{t('screens.main')}</h3>
      <ul className={styles.links}>{MAIN_SCREENS.map((id) => item(id, t(`screens.names.${id}`)))}</ul>
      <h3 className={styles.linksTitle}>{t('screens.other')}</h3>
      <ul className={styles.links}>{OTHER_SCREENS.map((id) => item(id, tc(`routes.${id}`)))}</ul>
    </section>
  )
}
