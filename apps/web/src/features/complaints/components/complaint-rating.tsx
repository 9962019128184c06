import { useEffect, useState } from 'react'
import { useTranslation } from '../../../shared/i18n'
import buttons from '../../../shared/ui/button.module.css'
import { Modal } from '../../../shared/ui/modal'
import { StarRating } from './star-rating'
import { showToast } from '../../../shared/ui/toast'
import type { ComplaintDetail } from '../api/get-complaint-detail'
import { useSaveComplaintScore } from '../api/save-complaint-score'
import styles from '../complaints.module.css'

/** docs/product/complaints.md#rating: the modal opens this long after the detail loads. */
export const RATING_DELAY_MS = 3000

/**
 * docs/product/complaints.md#rating: an answered complaint not yet rated (isScore 1) asks for 1 to
 * 5 stars 3 s after it opens; Cancel closes and forgets the choice (a button then asks again),
 * Send with no star says to choose.
 */
export function ComplaintRating({ detail }: { detail: ComplaintDetail }) {
  const { t } = useTranslation('complaints')
  const [open, setOpen] = useState(false)
  const [score, setScore] = useState(0)
  const send = useSaveComplaintScore(t('rating.sending'))
  const asking = detail.isScore === 1

  useEffect(() => {
    if (!asking) return
    const timer = setTimeout(() => setOpen(true), RATING_DELAY_MS)
    return () => clearTimeout(timer)
  }, [asking])

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
      { problemId: detail.problemId, score },
      {
        onSuccess: () => {
          setOpen(false)
          showToast(t('rating.thanks'))
        },
      },
    )
  }

  return (
    <>
      {asking && !open && (
        <button type="button" className={`${buttons.secondary} ${buttons.block} ${styles.rateAgain}`} onClick={() => setOpen(true)}>
          {t('detail.rate')}
        </button>
      )}
      <Modal
        open={asking && open}
        title={t('rating.title')}
        onClose={cancel}
        footer={
          <>
            <button type="button" className={buttons.secondary} onClick={cancel}>
              {t('rating.cancel')}
            </button>
            <button type="button" className={buttons.primary} onClick={submit} aria-disabled={send.isPending || undefined}>
              {t('rating.send')}
            </button>
          </>
        }
      >
        <p>{t('rating.body')}</p>
        <StarRating value={score} onChange={setScore} label={t('rating.starsLabel')} starLabel={(count) => t('rating.star', { count })} />
      </Modal>
    </>
  )
}
