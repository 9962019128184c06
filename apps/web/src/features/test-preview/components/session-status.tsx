import type { ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from '../../../shared/i18n'
import { useLogout } from '../api/logout'
import { useUserInfo } from '../api/get-user-info'
import { showToast } from '../../../shared/ui/toast'
import styles from '../test-preview.module.css'

/** Who the session in the fields belongs to (or the page's own session when the field is empty). */
export function SessionStatus({ session, onSignedOut }: { session: string; onSignedOut: () => void }) {
  const { t } = useTranslation('testPreview')
  const user = useUserInfo(session)
  const logout = useLogout()
  const queryClient = useQueryClient()

  const signOut = () => {
    logout.mutate(session, {
      onSuccess: () => {
        showToast(t('session.signedOut'))
        void queryClient.invalidateQueries({ queryKey: ['auth', 'userInfo'] })
        onSignedOut()
      },
    })
  }

  let text: ReactNode
  if (user.isPending) text = t('session.checking')
  else if (user.isError) text = <span className={styles.error}>{t('session.failed')}</span>
  else if (user.data === null) text = t('session.none')
  else text = <span className={styles.ok}>{t('session.signedIn', { phone: user.data.phone })}</span>

  return (
    <section className={styles.card} aria-labelledby="session-heading">
      <h2 id="session-heading" className={styles.cardTitle}>{t('session.heading')}</h2>
      <p className={styles.status} role="status">{text}</p>
      {user.data && (
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={signOut} disabled={logout.isPending}>
            {t('session.signOut')}
          </button>
        </div>
      )}
    </section>
  )
}
