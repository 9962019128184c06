import { useState } from 'react'
import { useTranslation } from '../../../shared/i18n'
import { sendToNative } from '../../../shared/bridge'
import buttons from '../../../shared/ui/button.module.css'
import { Modal } from '../../../shared/ui/modal'
import { RatingDialog } from '../../../shared/ui/rating-dialog'
import type { LoanDetails } from '../api/get-loan-details'
import { useSendScore } from '../api/send-score'

/** docs/product/loans.md#rating: 4 stars or more go on to the app store's rating. */
const STORE_RATING_FROM = 4

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

  const submit = (chosen: number) => {
    send.mutate(
      { score: chosen, orderId: details.orderNo },
      {
        onSuccess: () => {
          setOpen(false)
          if (chosen < STORE_RATING_FROM) setThanks(true)
          else sendToNative('toRate', { url: details.playeduL, score: chosen })
        },
      },
    )
  }

  return (
    <>
      <RatingDialog
        open={open}
        texts={{
          title: t('rating.title'),
          body: t('rating.body'),
          starsLabel: t('rating.starsLabel'),
          star: (count) => t('rating.star', { count }),
          choose: t('rating.choose'),
          cancel: t('rating.cancel'),
          submit: t('rating.submit'),
        }}
        score={score}
        onScore={setScore}
        pending={send.isPending}
        onCancel={cancel}
        onSubmit={submit}
      />
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
