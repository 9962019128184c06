import { OPS_ERROR_CODES, staffCreate, staffDisable, staffList, STAFF_ROLES, type BodyOf, type DataOf } from '@kilat/contract'
import { LOCALES, type Market } from '@kilat/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Checkbox, Flex, Form, Input, Popconfirm, Select, Space, Table, Tag } from 'antd'
import { useState } from 'react'
import { formatDateTime } from '../../shared/format'
import { useApi } from '../../shared/api'
import { isCode } from '../app/api'
import { showFieldErrors } from '../app/form-errors'
import { useNotices } from '../app/ops-app'
import { Panel } from '../app/panel'
import { useOpsText } from '../app/i18n'
import { useOpsMarket, useStaff } from '../app/session'
import { LoadFailure } from '../app/states'

type Account = DataOf<typeof staffList>['accounts'][number]
type Created = DataOf<typeof staffCreate>
type NewAccount = BodyOf<typeof staffCreate>

const LIST_KEY = ['ops', 'staff', 'accounts'] as const

/** docs/product/operations.md#roles: the admin's staff accounts, a new one, disabling one. */
export function StaffPage() {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const { message } = useNotices()
  const queryClient = useQueryClient()
  const [market] = useOpsMarket()
  const me = useStaff()
  const [creating, setCreating] = useState(false)
  const [created, setCreated] = useState<Created | undefined>()
  const list = useQuery({ queryKey: LIST_KEY, queryFn: ({ signal }) => callApi(staffList, {}, { signal, toast: false }) })
  const disable = useMutation({
    mutationFn: (account: Account) => callApi(staffDisable, { body: { staffId: account.id } }, { toast: false }),
    onSuccess: ({ account }) => {
      void message.success(t('staff.disabledDone', { email: account.email }))
      void queryClient.invalidateQueries({ queryKey: LIST_KEY })
    },
    onError: (error) => void message.error(isCode(error, OPS_ERROR_CODES.staffForbidden) ? t('staff.forbidden') : error.message || t('app.failed')),
  })

  return (
    <>
      <Flex justify="space-between" align="center" className="ops-filters">
        <h1 className="ops-title">
          {t('staff.title')}
        </h1>
        <Button type="primary" onClick={() => setCreating(true)}>
          {t('staff.create')}
        </Button>
      </Flex>
      {list.isError ? (
        <LoadFailure error={list.error} retry={() => void list.refetch()} />
      ) : (
        <Table<Account>
          rowKey="id"
          loading={list.isPending}
          dataSource={list.data?.accounts}
          pagination={false}
          scroll={{ x: 900 }}
          columns={[
            { key: 'email', title: t('staff.email'), dataIndex: 'email' },
            { key: 'role', title: t('staff.role'), dataIndex: 'role', render: (role: Account['role']) => t(`role.${role}`) },
            { key: 'markets', title: t('staff.markets'), dataIndex: 'markets', render: (markets: Market[]) => markets.join(', ') },
            { key: 'language', title: t('staff.language'), dataIndex: 'language', render: (lang: Account['language']) => t(`language.${lang}`) },
            {
              key: 'status',
              title: t('staff.status'),
              render: (_, account) =>
                account.disabled ? <Tag>{t('staff.disabled')}</Tag> : account.enrolled ? <Tag color="green">{t('staff.active')}</Tag> : <Tag color="gold">{t('staff.pending')}</Tag>,
            },
            { key: 'created', title: t('staff.created'), dataIndex: 'createdAt', render: (at: string) => formatDateTime(at, market) },
            {
              key: 'actions',
              title: t('staff.actions'),
              // one's own account is disabled by another admin, so that one always remains
              render: (_, account) =>
                account.disabled || account.id === me.id ? null : (
                  <Popconfirm title={t('staff.disableConfirm', { email: account.email })} onConfirm={() => disable.mutate(account)} okText={t('staff.disable')} cancelText={t('staff.cancel')}>
                    <Button danger size="small" aria-label={`${t('staff.disable')} ${account.email}`}>
                      {t('staff.disable')}
                    </Button>
                  </Popconfirm>
                ),
            },
          ]}
        />
      )}
      {creating && <CreateAccount
        onClose={() => setCreating(false)}
        onCreated={(answer) => {
          setCreating(false)
          setCreated(answer)
          void queryClient.invalidateQueries({ queryKey: LIST_KEY })
        }}
      />}
      {created && (
        <Panel title={t('staff.linkTitle', { email: created.account.email })} extra={<Button onClick={() => setCreated(undefined)}>{t('staff.close')}</Button>}>
          <p>{t('staff.linkHelp', { expires: formatDateTime(created.enrolmentExpiresAt, market) })}</p>
          <CopyField label={t('staff.linkTitle', { email: created.account.email })} value={`${window.location.origin}${created.enrolmentPath}`} />
        </Panel>
      )}
    </>
  )
}

function CreateAccount({ onClose, onCreated }: { onClose: () => void; onCreated: (created: Created) => void }) {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const admin = useStaff()
  const [form] = Form.useForm<NewAccount>()
  const [busy, setBusy] = useState(false)

  const submit = async (values: NewAccount) => {
    setBusy(true)
    try {
      const answer = await callApi(staffCreate, { body: values }, { toast: false })
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
          <Select options={STAFF_ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))} />
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
function CopyField({ label, value }: { label: string; value: string }) {
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
