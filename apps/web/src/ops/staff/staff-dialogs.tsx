import { OPS_ERROR_CODES, STAFF_ROLES, staffRoleChange, type DataOf, type StaffRole, type staffList } from '@kilat/contract'
import type { Market } from '@kilat/domain'
import { Checkbox, Form, Modal, Select } from 'antd'
import { useState } from 'react'
import { isCode } from '../app/api'
import { useOpsText } from '../app/i18n'
import { useOpsMutation } from '../app/mutation'
import { useStaff } from '../app/session'
import { STAFF_KEYS } from './staff-admin'

/**
 * Staff administration's dialogs (docs/product/operations.md#staff-administration): their own
 * chunk, loaded when an admin opens one, so that the staff list stays within its budget.
 */
type Account = DataOf<typeof staffList>['accounts'][number]

interface RoleValues {
  role: StaffRole
  markets: Market[]
}

export function RoleDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const { t } = useOpsText()
  const admin = useStaff()
  const [form] = Form.useForm<RoleValues>()
  const role = Form.useWatch('role', form)
  const change = useOpsMutation({
    mutationFn: (values: RoleValues, call) => call(staffRoleChange, { body: { staffId: account.id, ...values } }),
    success: ({ pending }) => (pending ? t('staffAdmin.roleProposed', { email: account.email }) : t('staffAdmin.roleChanged', { email: account.email })),
    onSuccess: onClose,
    refresh: STAFF_KEYS,
    onError: (error) => {
      if (isCode(error, OPS_ERROR_CODES.staffRolePending)) form.setFields([{ name: 'role', errors: [t('staffAdmin.pendingExists')] }])
      else if (isCode(error, OPS_ERROR_CODES.staffForbidden)) form.setFields([{ name: 'markets', errors: [t('staff.forbidden')] }])
      else return false
      return true
    },
  })
  return (
    <Modal
      open
      title={t('staffAdmin.changeRoleOf', { email: account.email })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('staffAdmin.save')}
      cancelText={t('staff.cancel')}
      confirmLoading={change.isPending}
    >
      <Form<RoleValues> form={form} layout="vertical" name="staff-role" requiredMark={false} initialValues={{ role: account.role, markets: account.markets }} onFinish={(v) => change.mutate(v)}>
        <Form.Item name="role" label={t('staff.role')} rules={[{ required: true, message: t('field.required') }]} extra={role === 'admin' ? t('staffAdmin.adminNote') : undefined}>
          <Select options={STAFF_ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))} />
        </Form.Item>
        {/* no `required`: Form.Item would put aria-required on the checkboxes' group, which axe refuses; min 1 refuses none */}
        <Form.Item name="markets" label={t('staff.markets')} rules={[{ type: 'array', min: 1, message: t('field.markets') }]}>
          <Checkbox.Group options={admin.markets.map((m) => ({ value: m, label: t(`market.${m}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  )
}

/** "Are you sure?" before ending a member's sessions or resetting their second factor. */
export function ConfirmDialog({ title, okText, danger, onOk, onClose }: { title: string; okText: string; danger?: boolean; onOk: () => Promise<unknown>; onClose: () => void }) {
  const { t } = useOpsText()
  const [busy, setBusy] = useState(false)
  return (
    <Modal
      open
      title={title}
      okText={okText}
      okButtonProps={{ danger }}
      cancelText={t('staff.cancel')}
      confirmLoading={busy}
      onCancel={onClose}
      onOk={async () => {
        setBusy(true)
        try {
          await onOk()
        } finally {
          setBusy(false)
          onClose()
        }
      }}
    />
  )
}
