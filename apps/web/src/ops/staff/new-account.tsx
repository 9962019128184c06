import { OPS_ERROR_CODES, staffCreate, STAFF_ROLES, type BodyOf, type DataOf } from '@kilat/contract'
import { LOCALES } from '@kilat/domain'
import { Button, Checkbox, Form, Input, Select, Space } from 'antd'
import { useState } from 'react'
import { useApi } from '../../shared/api'
import { isCode } from '../app/api'
import { showFieldErrors } from '../app/form-errors'
import { Panel } from '../app/panel'
import { useOpsText } from '../app/i18n'
import { useStaff } from '../app/session'

/**
 * The staff screen's new-account form and the enrolment link it hands back: their own chunk,
 * loaded when the admin asks for a new account (the list does not need the form's code).
 */
type Created = DataOf<typeof staffCreate>
type NewAccount = BodyOf<typeof staffCreate>

export function CreateAccount({ onClose, onCreated }: { onClose: () => void; onCreated: (created: Created) => void }) {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const admin = useStaff()
  const [form] = Form.useForm<NewAccount>()
  const [busy, setBusy] = useState(false)

  const submit = async (values: NewAccount) => {
    setBusy(true)
    try {
      const answer = await callApi(staffCreate, { body: values })
      form.resetFields()
      onCreated(answer)
    } catch (error) {
      if (isCode(error, OPS_ERROR_CODES.staffEmailTaken)) form.setFields([{ name: 'email', errors: [t('staff.exists')] }])
      else if (isCode(error, OPS_ERROR_CODES.staffForbidden)) form.setFields([{ name: 'markets', errors: [t('staff.forbidden')] }])
      else if (!showFieldErrors(form, error, t, { email: 'field.email', markets: 'field.markets' })) form.setFields([{ name: 'email', errors: [error instanceof Error && error.message ? error.message : t('app.failed')] }])
    } finally {
      setBusy(false)
    }
  }

  return (
    <Panel title={t('staff.createTitle')}>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} name="new-staff" initialValues={{ role: 'agent', markets: admin.markets.slice(0, 1), language: 'en' }}>
        <Form.Item name="email" label={t('staff.email')} rules={[{ required: true, message: t('field.required') }, { type: 'email', message: t('field.email') }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="role" label={t('staff.role')} rules={[{ required: true, message: t('field.required') }]}>
          <Select options={STAFF_ROLES.filter((role) => role !== 'admin').map((role) => ({ value: role, label: t(`role.${role}`) }))} />
        </Form.Item>
        <Form.Item name="markets" label={t('staff.markets')} rules={[{ required: true, type: 'array', min: 1, message: t('field.markets') }]}>
          <Checkbox.Group options={admin.markets.map((m) => ({ value: m, label: t(`market.${m}`) }))} />
        </Form.Item>
        <Form.Item name="language" label={t('staff.language')}>
          <Select options={LOCALES.map((locale) => ({ value: locale, label: t(`language.${locale}`) }))} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('staff.createSubmit')}
          </Button>
          <Button onClick={onClose}>{t('staff.cancel')}</Button>
        </Space>
      </Form>
    </Panel>
  )
}

/** A value to hand on (the enrolment link): selectable, and copied with one click. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useOpsText()
  const [copied, setCopied] = useState(false)
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input readOnly value={value} aria-label={label} data-testid="enrolment-link" onFocus={(event) => event.target.select()} />
      <Button
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(() => setCopied(true))
        }}
      >
        {copied ? t('staff.copied') : t('staff.copy')}
      </Button>
    </Space.Compact>
  )
}
