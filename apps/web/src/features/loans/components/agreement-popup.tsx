import { useTranslation } from '../../../shared/i18n'
import buttons from '../../../shared/ui/button.module.css'
import { useFollowUrl } from '../../../shared/ui/follow-url'
import { Modal } from '../../../shared/ui/modal'
import type { LoanConfirm } from '../api/get-loan-confirm'
import { withLoanChoice, type LoanChoice } from '../params'

/**
 * docs/product/loans.md#agreement-popup: India's borrowers read the agreement's summary before the
 * loan is pushed; Agree pushes, Cancel closes, the link opens the whole agreement for the choice.
 */
export function AgreementPopup({ offer, signed, open, onClose, onAgree }: {
  offer: LoanConfirm
  signed: LoanChoice
  open: boolean
  onClose: () => void
  onAgree: () => void
}) {
  const { t } = useTranslation('loans')
  const follow = useFollowUrl()
  return (
    <Modal
      open={open}
      title={offer.popTitle || t('confirm.popTitle')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className={buttons.secondary} onClick={onClose}>
            {t('confirm.popCancel')}
          </button>
          <button type="button" className={buttons.primary} onClick={onAgree}>
            {t('confirm.popAgree')}
          </button>
        </>
      }
    >
      {offer.popContent.split(/\n+/).map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
      <p>
        <a
          href={withLoanChoice(offer.popAgreementUrl, signed)}
          onClick={(event) => {
            event.preventDefault()
            onClose()
            follow(withLoanChoice(offer.popAgreementUrl, signed))
          }}
        >
          {t('confirm.popRead')}
        </a>
      </p>
    </Modal>
  )
}
