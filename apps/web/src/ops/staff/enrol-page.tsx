import { staffEnrolmentFinish, staffEnrolmentStart, STAFF_LIMITS } from '@kilat/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Form, Input, Typography } from 'antd'
import { useState } from 'react'
import { useLocation, useNavigate } from '../../shared/router'
import { useApi } from '../../shared/api'
import { isStatus } from '../app/api'
import { showFieldErrors } from '../app/form-errors'
import { useOpsText } from '../app/i18n'
import { signedIn } from '../app/session'
import { LoadFailure, Loading, Notice } from '../app/states'

interface EnrolForm {
  password: string
  passwordAgain: string
  code: string
}

/** The token of `/ops/enrol#token=…`: after `#`, it never reaches a server log. */
function tokenOf(hash: string): string | undefined {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? undefined
}

/** docs/product/operations.md#enrolment: the QR code, a password chosen twice and a first code. */
export function EnrolPage() {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { hash } = useLocation()
  const token = tokenOf(hash)
  const [form] = Form.useForm<EnrolForm>()
  const [busy, setBusy] = useState(false)
  const [gone, setGone] = useState(false)
  const start = useQuery({
    queryKey: ['ops', 'enrolment', token],
    queryFn: ({ signal }) => callApi(staffEnrolmentStart, { body: { token: token ?? '' } }, { signal }),
    enabled: Boolean(token),
    staleTime: Infinity,
    retry: false,
  })

  const finish = async (values: EnrolForm) => {
    if (!token) return
    setBusy(true)
    try {
      const staff = await callApi(staffEnrolmentFinish, { body: { token, password: values.password, code: values.code } })
      signedIn(queryClient, staff)
      await navigate('/ops', { replace: true })
    } catch (error) {
      if (isStatus(error, 410)) setGone(true)
      else if (!showFieldErrors(form, error, t, { password: 'field.password', code: 'field.code', token: 'enrol.noToken' }))
        form.setFields([{ name: 'code', errors: [t('signIn.wrongCode')] }])
    } finally {
      setBusy(false)
    }
  }

  let body
  if (!token) body = <Notice title={t('enrol.noToken')} />
  else if (gone || (start.isError && isStatus(start.error, 410))) body = <Notice title={t('enrol.gone')} />
  else if (start.isPending) body = <Loading />
  else if (start.isError) body = <LoadFailure error={start.error} retry={() => void start.refetch()} />
  else {
    const { email, qrSvg, secret } = start.data
    body = (
      <>
        <p>{t('enrol.intro')}</p>
        <p>
          <strong>{email}</strong>
        </p>
        <img className="ops-qr" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`} alt={t('enrol.qrAlt', { email })} />
        <p>
          {t('enrol.secret')}: <Typography.Text code copyable>{secret}</Typography.Text>
        </p>
        <Form form={form} layout="vertical" onFinish={finish} requiredMark={false} name="enrol">
          <Form.Item
            name="password"
            label={t('enrol.password')}
            extra={t('enrol.passwordHelp')}
            rules={[
              { required: true, message: t('field.required') },
              { min: STAFF_LIMITS.passwordMin, max: STAFF_LIMITS.passwordMax, message: t('field.password') },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="passwordAgain"
            label={t('enrol.passwordAgain')}
            dependencies={['password']}
            rules={[
              { required: true, message: t('field.required') },
              ({ getFieldValue }) => ({
                validator: (_rule, value) => (!value || getFieldValue('password') === value ? Promise.resolve() : Promise.reject(new Error(t('enrol.mismatch')))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="code" label={t('enrol.code')} rules={[{ required: true, message: t('field.required') }, { pattern: /^\s*(\d\s*){6}$/, message: t('field.code') }]}>
            <Input autoComplete="one-time-code" inputMode="numeric" maxLength={16} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('enrol.submit')}
          </Button>
        </Form>
      </>
    )
  }

  return (
    <div className="ops-centre">
      <main>
        <section className="ops-panel">
          <h1 className="ops-title">
            {t('enrol.title')}
          </h1>
          {body}
        </section>
      </main>
    </div>
  )
}
