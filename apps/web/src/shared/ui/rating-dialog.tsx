import buttons from './button.module.css'
import { Modal } from './modal'
import { StarRating } from './star-rating'
import { showToast } from './toast'

/** A rating popup's words, from its screen's own texts. */
export interface RatingTexts {
  title: string
  body: string
  /** Names the group of stars. */
  starsLabel: string
  /** Names one star: "3 stars". */
  star: (count: number) => string
  /** Said when the borrower sends before choosing a star. */
  choose: string
  cancel: string
  submit: string
}

/**
 * The popup that asks for 1 to 5 stars (docs/product/loans.md#rating, docs/product/complaints.md#rating,
 * docs/product/complaints.md#chatbot): Cancel, Escape or the back gesture call `onCancel`; Send with
 * no star says to choose, and does nothing while a score is being sent. The screen keeps the score:
 * it decides when the stars start again from none. Three screens share it, so it is a chunk of its
 * own: about 0.4 KiB gzip more on the chatbot's and the complaint detail's first load, and its name
 * in every route's preload map (0.04 KiB), rather than three copies of the same popup to keep alike.
 */
export function RatingDialog({
  open,
  texts,
  score,
  onScore,
  pending,
  onCancel,
  onSubmit,
}: {
  open: boolean
  texts: RatingTexts
  score: number
  onScore: (score: number) => void
  pending: boolean
  onCancel: () => void
  /** Called with a score of 1 to 5. */
  onSubmit: (score: number) => void
}) {
  const submit = () => {
    if (pending) return
    if (score === 0) showToast(texts.choose)
    else onSubmit(score)
  }

  return (
    <Modal
      open={open}
      title={texts.title}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className={buttons.secondary} onClick={onCancel}>
            {texts.cancel}
          </button>
          <button type="button" className={buttons.primary} onClick={submit} aria-disabled={pending || undefined}>
            {texts.submit}
          </button>
        </>
      }
    >
      <p>{texts.body}</p>
      <StarRating value={score} onChange={onScore} label={texts.starsLabel} starLabel={texts.star} />
    </Modal>
  )
}
