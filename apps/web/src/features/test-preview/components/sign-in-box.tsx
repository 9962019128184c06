import { MARKET_INFO } from '@kilat/domain'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from '../../../shared/i18n'
import { useMarket } from '../../../shared/market'
import { showToast } from '../../../shared/ui/toast'
import { useDemoLastSms } from '../api/get-demo-last-sms'
import { useLoginSettings } from '../api/login-init'
import { useSendSmsCode } from '../api/send-sms-code'
import { useSmsLogin } from '../api/sms-login'
import { useCountdown } from '../../../shared/ui/use-countdown'
import styles from '../test-preview.module.css'

/** docs/product/shell-and-sessions.md#sms-codes: 60 s before another code can be sent, unless the server says otherwise. */
const RESEND_SECONDS = 60
const MAX_PHONE_DIGITS = 15

/**
 * Signs in like the app shell does (login init, SMS code, SMS login). The server validates the
 * number for the market; here only digits are kept, so no phone library loads in the browser.
 */
export function SignInBox({ onSignedIn }: { onSignedIn: (sessionId: string) => void }) {
  const { t } = useTranslation('testPreview')
  const { market } = useMarket()
  const settings = useLoginSettings()
  const queryClient = useQueryClient()
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const [sentTo, setSentTo] = useState<{ phone: string; at: number } | undefined>()
  const countdown = useCountdown()
  const send = useSendSmsCode(t('signIn.sending'))
  const login = useSmsLogin(t('signIn.signingIn'))
  const demo = settings.data?.demo === true
  const outbox = useDemoLastSms(sentTo?.phone ?? '', sentTo?.at, demo)
  const phoneHintId = useId()
  const callingCode = settings.data?.callingCode ?? MARKET_INFO[market].callingCode
  const codeLength = settings.data?.codeLength ?? 6

  const getCode = () => {
    if (countdown.running || send.isPending) return
    if (!phone) {
      showToast(t('signIn.needPhone'))
      return
    }
    send.mutate(phone, {
      onSuccess: (data) => {
        showToast(t('signIn.codeSent'))
        countdown.start(data.resendSeconds > 0 ? data.resendSeconds : RESEND_SECONDS)
        setSentTo({ phone, at: Date.now() })
      },
    })
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!phone) {
      showToast(t('signIn.needPhone'))
      return
    }
    if (!code) {
      showToast(t('signIn.needCode'))
      return
    }
    login.mutate(
      { phone, code },
      {
        onSuccess: (data) => {
          showToast(t('signIn.signedIn'))
          setCode('')
          void queryClient.invalidateQueries({ queryKey: ['auth', 'userInfo'] })
          onSignedIn(data.sessionId)
        },
      },
    )
  }

  return (
    <section className={styles.card} aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading" className={styles.cardTitle}>{t('signIn.heading')}</h2>
      <form onSubmit={submit} noValidate>
        <div className={styles.row}>
          <div className={`${styles.field} ${styles.grow}`}>
            <label className={styles.label} htmlFor="sign-in-phone">{t('signIn.phone')}</label>
            <div className={styles.prefix}>
              <span aria-hidden="true">+{callingCode}</span>
              <input
                id="sign-in-phone"
                className={styles.input}
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                value={phone}
                maxLength={MAX_PHONE_DIGITS}
                aria-describedby={phoneHintId}
                onChange={(event) => setPhone(event.target.value.replace(/\D/g, '').slice(0, MAX_PHONE_DIGITS))}
              />
            </div>
          </div>
          <button type="button" className={`${styles.secondary} ${styles.codeButton}`} onClick={getCode} disabled={countdown.running || send.isPending}>
            {countdown.running ? t('signIn.resendIn', { count: countdown.left }) : t('signIn.getCode')}
          </button>
        </div>
        <p id={phoneHintId} className={styles.hint}>
          {t('signIn.phoneHint', { country: t(`countries.${market}`), code: callingCode })}
        </p>

        {demo && sentTo && (
          <div className={styles.outbox} aria-live="polite">
            {outbox.data?.code ? (
              <>
                <p>
                  {t('signIn.demoOutbox')} <span className={styles.code}>{outbox.data.code}</span>
                </p>
                <button type="button" className={styles.secondary} onClick={() => setCode(outbox.data?.code ?? '')}>
                  {t('signIn.useCode')}
                </button>
              </>
            ) : (
              <p>{outbox.isPending ? t('signIn.demoChecking') : t('signIn.demoNoCode')}</p>
            )}
          </div>
        )}

        <div className={`${styles.field} ${styles.spaced}`}>
          <label className={styles.label} htmlFor="sign-in-code">{t('signIn.code')}</label>
          <input
            id="sign-in-code"
            className={styles.input}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            maxLength={codeLength}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, codeLength))}
          />
        </div>
        <div className={styles.actions}>
          <button type="submit" className={`${styles.button} ${styles.block}`} disabled={login.isPending}>
            {t('signIn.submit')}
          </button>
        </div>
      </form>
    </section>
  )
}
