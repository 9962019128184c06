import { useEffect, useState } from 'react'
import { useTranslation } from '../../../shared/i18n'
import buttons from '../../../shared/ui/button.module.css'
import { RatingDialog } from '../../../shared/ui/rating-dialog'
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

  const submit = (chosen: number) => {
    send.mutate(
      { problemId: detail.problemId, score: chosen },
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
      <RatingDialog
        open={asking && open}
        texts={{
          title: t('rating.title'),
          body: t('rating.body'),
          starsLabel: t('rating.starsLabel'),
          star: (count) => t('rating.star', { count }),
          choose: t('rating.choose'),
          cancel: t('rating.cancel'),
          submit: t('rating.send'),
        }}
        score={score}
        onScore={setScore}
        pending={send.isPending}
        onCancel={cancel}
        onSubmit={submit}
      />
    </>
  )
}
