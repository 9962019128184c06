import { useState } from 'react'
import { useTranslation } from '../../../shared/i18n'
import { sendToNative } from '../../../shared/bridge'
import buttons from '../../../shared/ui/button.module.css'
import { Modal } from '../../../shared/ui/modal'
import { showToast } from '../../../shared/ui/toast'
import type { LoanDetails } from '../api/get-loan-details'
import { useSendScore } from '../api/send-score'
import styles from '../loans.module.css'

/** docs/product/loans.md#rating: five stars; 4 or more go on to the app store's rating. */
const STARS = [1, 2, 3, 4, 5] as const
const STORE_RATING_FROM = 4

function Star() {
  return (
    <svg width="32" height="32" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 2.8l2.8 5.7 6.3.9-4.6 4.4 1.1 6.3L12 17.1l-5.6 3 1.1-6.3L2.9 9.4l6.3-.9z"
        fill="currentColor"
        stroke="currentColor"
        strokeWidth="1"
        strokeLinejoin="round"
      />
    </svg>
  )
}

/**
 * docs/product/loans.md#rating: opens on load when the order asks for a rating. Stars up to the tapped one turn
 * green; cancel closes and forgets the choice; a score under 4 is thanked here, 4 or 5 hand over
 * to the app store through the shell.
 */
export function RatingPopup({ details }: { details: LoanDetails }) {
  const { t } = useTranslation('loans')
  const [open, setOpen] = useState(details.isScore === '1')
  const [score, setScore] = useState(0)
  const [thanks, setThanks] = useState(false)
  const send = useSendScore(t('rating.sending'))

  const cancel = () => {
    setOpen(false)
    setScore(0)
  }

  const submit = () => {
    if (send.isPending) return
    if (score === 0) {
      showToast(t('rating.choose'))
      return
    }
    send.mutate(
      { score, orderId: details.orderNo },
      {
        onSuccess: () => {
          setOpen(false)
          if (score < STORE_RATING_FROM) setThanks(true)
          else sendToNative('toRate', { url: details.playeduL, score })
        },
      },
    )
  }

  return (
    <>
      <Modal
        open={open}
        title={t('rating.title')}
        onClose={cancel}
        footer={
          <>
            <button type="button" className={buttons.secondary} onClick={cancel}>
              {t('rating.cancel')}
            </button>
            <button type="button" className={buttons.primary} onClick={submit} aria-disabled={send.isPending || undefined}>
              {t('rating.submit')}
            </button>
          </>
        }
      >
        <p>{t('rating.body')}</p>
        <div className={styles.stars} role="group" aria-label={t('rating.starsLabel')}>
          {STARS.map((star) => (
            <button
              key={star}
              type="button"
              className={styles.star}
              aria-label={t('rating.star', { count: star })}
              aria-pressed={star <= score}
              onClick={() => setScore(star)}
            >
              <Star />
            </button>
          ))}
        </div>
      </Modal>
      <Modal
        open={thanks}
        title={t('rating.thanksTitle')}
        onClose={() => setThanks(false)}
        footer={
          <button type="button" className={buttons.primary} onClick={() => setThanks(false)}>
            {t('rating.thanksOk')}
          </button>
        }
      >
        <p>{t('rating.thanksBody')}</p>
      </Modal>
    </>
  )
}
