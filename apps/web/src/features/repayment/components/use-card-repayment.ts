import { ERROR_CODES, type BankCard } from '@kilat/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useNavigate } from '../../../shared/router'
import { isApiError, useApi } from '../../../shared/api'
import { failureMessage } from '../failure-message'
import { useTranslation } from '../../../shared/i18n'
import { SCREEN_PATHS } from '../../../shared/screens'
import { useScreenHref } from '../../../shared/ui/follow-url'
import { useCountdown } from '../../../shared/ui/use-countdown'
import { commitCardRepayment, confirmCardRepayment } from '../api/card-repayment'
import type { RepaymentWay } from '../api/get-repayment-way'

/** A new SMS code after 60 s; the code has at least 6 characters (docs/product/screens.md#repay-card). */
export const CODE_RESEND_SECONDS = 60
export const CODE_MIN_LENGTH = 6

/**
 * The card repay flow (docs/product/screens.md#repay-card): commit, then (needValid 1) the SMS code entry with its countdown,
 * then confirm. Every commit after the first asks for a fresh repayToken (one commit spends one).
 */
export function useCardRepayment({ orderId, productId, way }: { orderId: string; productId?: number; way: RepaymentWay }) {
  const { t } = useTranslation('repayment')
  const { t: tc } = useTranslation()
  const api = useApi()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const href = useScreenHref()
  const countdown = useCountdown()
  const tokenSpent = useRef(false)
  const [busy, setBusy] = useState(false)
  const [codeOpen, setCodeOpen] = useState(false)
  const [recordId, setRecordId] = useState<number>()
  const [pageError, setPageError] = useState<string>()
  const [codeError, setCodeError] = useState<string>()

  const done = () => {
    // Loan details and the repayment screens show what this payment changed.
    void queryClient.invalidateQueries({ queryKey: ['loans', 'details'] })
    void queryClient.invalidateQueries({ queryKey: ['repayment'] })
    void navigate(href(SCREEN_PATHS.loanDetail, { orderId, productId }), { replace: true })
  }

  const commit = async (card: BankCard) => {
    if (busy) return
    setBusy(true)
    setPageError(undefined)
    setCodeError(undefined)
    try {
      const answer = await commitCardRepayment(api, queryClient, { orderId, card, way, freshToken: tokenSpent.current })
      tokenSpent.current = true
      if (answer.needValid === 1) {
        setRecordId(answer.repayRecordId)
        setCodeOpen(true)
        countdown.start(CODE_RESEND_SECONDS)
      } else {
        done()
      }
    } catch (error) {
      // docs/product/screens.md#repay-card: the server's message, else 'processing failed'; the code button is back to 'get code'.
      tokenSpent.current = true
      countdown.reset()
      const message = failureMessage(error, t('card.processingFailed'), tc('errors.network'))
      if (codeOpen) setCodeError(message)
      else setPageError(message)
    } finally {
      setBusy(false)
    }
  }

  const confirm = async (code: string) => {
    if (busy || recordId === undefined || code.trim().length < CODE_MIN_LENGTH) return
    setBusy(true)
    setCodeError(undefined)
    try {
      await confirmCardRepayment(api, { orderId, verifyCode: code.trim(), repaymentRecordId: recordId })
      setCodeOpen(false)
      done()
    } catch (error) {
      setCodeError(confirmFailure(error) ?? failureMessage(error, t('card.processingFailed'), tc('errors.network')))
    } finally {
      setBusy(false)
    }
  }

  function confirmFailure(error: unknown): string | undefined {
    if (!isApiError(error)) return undefined
    // The two card-repay codes (docs/product/envelopes-and-errors.md#error-codes) have their own words; any other failure says the server's message.
    if (String(error.code) === String(ERROR_CODES.repayCodeWrong)) return t('card.codeWrong')
    if (String(error.code) === String(ERROR_CODES.repayTwice)) return t('card.twice')
    return undefined
  }

  const cancel = () => {
    // docs/product/screens.md#repay-card: cancel resets the timer.
    countdown.reset()
    setCodeOpen(false)
    setCodeError(undefined)
  }

  return { busy, codeOpen, pageError, codeError, countdown, commit, confirm, cancel }
}

export type CardRepayment = ReturnType<typeof useCardRepayment>
