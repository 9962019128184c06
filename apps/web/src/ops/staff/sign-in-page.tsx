import { ERROR_CODES, OPS_ERROR_CODES, staffSignIn, staffSignInCode } from '@kilat/contract'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Form, Input, type FormInstance } from 'antd'
import { useEffect, useState } from 'react'
import { useNavigate, useSearchParams } from '../../shared/router'
import { isNetworkError, isSessionError, useApi } from '../../shared/api'
import { isCode } from '../app/api'
import { showFieldErrors } from '../app/form-errors'
import { keepLanguage, useOpsText, type OpsKey } from '../app/i18n'
import { signedIn } from '../app/session'

interface PasswordStep {
  email: string
  password: string
}

/** docs/product/operations.md#sign-in: email and password, then the authenticator's code. */
export function SignInPage() {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const [step, setStep] = useState<'password' | 'code'>('password')
  const [notice, setNotice] = useState<OpsKey | undefined>(
    params.has('expired') ? 'signIn.expired' : params.has('signedOut') ? 'signIn.signedOut' : undefined,
  )
  const [busy, setBusy] = useState(false)
  const [passwordForm] = Form.useForm<PasswordStep>()
  // Nothing of an earlier session (signed out, ended) outlives it: the screens that showed it are gone now.
  useEffect(() => {
    queryClient.clear()
  }, [queryClient])

  /** A refusal that is about the account rather than one field: said above the form. */
  const generalNotice = (error: unknown): OpsKey | undefined => {
    if (isCode(error, OPS_ERROR_CODES.staffLocked)) return 'signIn.locked'
    if (isCode(error, ERROR_CODES.tooManyRequests)) return 'signIn.throttled'
    if (isNetworkError(error)) return 'app.network'
    return undefined
  }

  const submitPassword = async (values: PasswordStep) => {
    setBusy(true)
    setNotice(undefined)
    try {
      await callApi(staffSignIn, { body: values })
      setStep('code')
    } catch (error) {
      const general = generalNotice(error)
      if (general) setNotice(general)
      else if (isCode(error, OPS_ERROR_CODES.staffSignInFailed)) passwordForm.setFields([{ name: 'password', errors: [t('signIn.wrongPassword')] }])
      else if (!showFieldErrors(passwordForm, error, t, { email: 'field.email', password: 'field.required' })) setNotice('app.failed')
    } finally {
      setBusy(false)
    }
  }

  const submitCode = async ({ code }: { code: string }, codeForm: FormInstance<{ code: string }>) => {
    setBusy(true)
    setNotice(undefined)
    try {
      const staff = await callApi(staffSignInCode, { body: { code } })
      signedIn(queryClient, staff)
      const next = params.get('next')
      // the address's `?lang=` goes on with the staff member: it overrides their own language
      await navigate(keepLanguage(next?.startsWith('/ops') && !next.startsWith('/ops/sign-in') ? next : '/ops', params.get('lang')), { replace: true })
    } catch (error) {
      const general = generalNotice(error)
      if (general) {
        setNotice(general)
        // A lock ends the waiting sign-in: the password comes first again.
        if (general === 'signIn.locked') setStep('password')
      } else if (isCode(error, OPS_ERROR_CODES.staffCodeWrong)) codeForm.setFields([{ name: 'code', errors: [t('signIn.wrongCode')] }])
      else if (isSessionError(error)) {
        setNotice('signIn.stepExpired')
        setStep('password')
      } else if (!showFieldErrors(codeForm, error, t, { code: 'field.code' })) setNotice('app.failed')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="ops-centre">
      <main>
        <section className="ops-panel">
          <h1 className="ops-title">
            {step === 'password' ? t('signIn.title') : t('signIn.codeTitle')}
          </h1>
          {notice && <Alert type={notice === 'signIn.signedOut' ? 'info' : 'warning'} showIcon title={t(notice)} role="alert" style={{ marginBottom: 16 }} />}
          {step === 'password' ? (
            <Form form={passwordForm} layout="vertical" onFinish={submitPassword} requiredMark={false} name="sign-in">
              <Form.Item name="email" label={t('signIn.email')} rules={[{ required: true, message: t('field.required') }, { type: 'email', message: t('field.email') }]}>
                <Input autoComplete="username" inputMode="email" autoFocus />
              </Form.Item>
              <Form.Item name="password" label={t('signIn.password')} rules={[{ required: true, message: t('field.required') }]}>
                <Input.Password autoComplete="current-password" />
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={busy}>
                {t('signIn.submit')}
              </Button>
            </Form>
          ) : (
            <CodeStep busy={busy} onSubmit={submitCode} onBack={() => setStep('password')} />
          )}
        </section>
      </main>
    </div>
  )
}

function CodeStep({ busy, onSubmit, onBack }: { busy: boolean; onSubmit: (values: { code: string }, form: FormInstance<{ code: string }>) => Promise<void>; onBack: () => void }) {
  const { t } = useOpsText()
  const [form] = Form.useForm<{ code: string }>()
  return (
    <Form form={form} layout="vertical" onFinish={(values) => onSubmit(values, form)} requiredMark={false} name="sign-in-code">
      <p>{t('signIn.codeHelp')}</p>
      <Form.Item name="code" label={t('signIn.code')} rules={[{ required: true, message: t('field.required') }, { pattern: /^\s*(\d\s*){6}$/, message: t('field.code') }]}>
        <Input autoComplete="one-time-code" inputMode="numeric" maxLength={16} autoFocus />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('signIn.codeSubmit')}
      </Button>
      <Button type="link" block onClick={onBack} style={{ marginTop: 8 }}>
        {t('signIn.back')}
      </Button>
    </Form>
  )
}
