import {
  OPS_ERROR_CODES,
  STAFF_ROLES,
  staffEndSessions,
  staffResetFactor,
  staffRoleCancel,
  staffRoleChange,
  staffRoleConfirm,
  staffRoleRequests,
  type DataOf,
  type StaffRole,
  type StaffRoleRequestView,
  type staffList,
} from '@kilat/contract'
import type { Market } from '@kilat/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Checkbox, Dropdown, Form, Modal, Select, Space, Tooltip } from 'antd'
import { useState } from 'react'
import { useApi } from '../../shared/api'
import { isCode } from '../app/api'
import { useNotices } from '../app/ops-app'
import { Panel } from '../app/panel'
import { useOpsText } from '../app/i18n'
import { useStaff } from '../app/session'

/**
 * Staff administration on the staff screen (docs/product/operations.md#staff-administration): a
 * member's role and markets, the grants of admin waiting for a second admin, a new second factor,
 * ending a member's sessions.
 */
type Account = DataOf<typeof staffList>['accounts'][number]
export type ResetLink = DataOf<typeof staffResetFactor>

export const STAFF_LIST_KEY = ['ops', 'staff', 'accounts'] as const
const REQUESTS_KEY = ['ops', 'staff', 'role-requests'] as const

function useRefresh() {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: STAFF_LIST_KEY })
    void queryClient.invalidateQueries({ queryKey: REQUESTS_KEY })
  }
}

/** The grants of admin waiting for a second admin; the proposer may only withdraw. */
export function PendingRoles() {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const { message } = useNotices()
  const me = useStaff()
  const refresh = useRefresh()
  const [ask, dialogs] = Modal.useModal()
  const requests = useQuery({ queryKey: REQUESTS_KEY, queryFn: ({ signal }) => callApi(staffRoleRequests, {}, { signal, toast: false }) })
  const confirm = useMutation({
    mutationFn: (r: StaffRoleRequestView) => callApi(staffRoleConfirm, { body: { roleRequestId: r.id } }, { toast: false }),
    onSuccess: ({ account }) => void message.success(t('staffAdmin.confirmed', { email: account.email })),
    onError: (error) => void message.error(error.message || t('app.failed')),
    onSettled: refresh,
  })
  const cancel = useMutation({
    mutationFn: (r: StaffRoleRequestView) => callApi(staffRoleCancel, { body: { roleRequestId: r.id } }, { toast: false }),
    onSuccess: () => void message.success(t('staffAdmin.withdrawn')),
    onError: (error) => void message.error(error.message || t('app.failed')),
    onSettled: refresh,
  })
  const pending = requests.data?.requests ?? []
  if (pending.length === 0) return null
  return (
    <Panel title={t('staffAdmin.pendingTitle')}>
      <ul className="ops-staff-pending">
        {pending.map((r) => (
          <li key={r.id}>
            <span>
              {t('staffAdmin.pendingRow', {
                email: r.email,
                from: t(`role.${r.fromRole}`),
                to: t(`role.${r.role}`),
                markets: r.markets.map((m) => t(`market.${m}`)).join(', '),
                by: r.proposedByEmail,
              })}
            </span>
            <Space>
              {r.proposedBy === me.id ? (
                <Tooltip title={t('staffAdmin.ownProposal')}>
                  <span className="ops-muted">{t('staffAdmin.ownProposal')}</span>
                </Tooltip>
              ) : (
                <Button
                  type="primary"
                  size="small"
                  loading={confirm.isPending}
                  onClick={() =>
                    ask.confirm({
                      title: t('staffAdmin.confirmOf', { email: r.email }),
                      okText: t('staffAdmin.confirm'),
                      cancelText: t('staff.cancel'),
                      onOk: () => confirm.mutateAsync(r),
                    })
                  }
                  aria-label={`${t('staffAdmin.confirm')} ${r.email}`}
                >
                  {t('staffAdmin.confirm')}
                </Button>
              )}
              <Button size="small" onClick={() => cancel.mutate(r)} loading={cancel.isPending} aria-label={`${t('staffAdmin.withdraw')} ${r.email}`}>
                {t('staffAdmin.withdraw')}
              </Button>
            </Space>
          </li>
        ))}
      </ul>
      {dialogs}
    </Panel>
  )
}

interface RoleValues {
  role: StaffRole
  markets: Market[]
}

function RoleDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const { message } = useNotices()
  const admin = useStaff()
  const refresh = useRefresh()
  const [form] = Form.useForm<RoleValues>()
  const role = Form.useWatch('role', form)
  const change = useMutation({
    mutationFn: (values: RoleValues) => callApi(staffRoleChange, { body: { staffId: account.id, ...values } }, { toast: false }),
    onSuccess: ({ pending }) => {
      void message.success(pending ? t('staffAdmin.roleProposed', { email: account.email }) : t('staffAdmin.roleChanged', { email: account.email }))
      refresh()
      onClose()
    },
    onError: (error) => {
      if (isCode(error, OPS_ERROR_CODES.staffRolePending)) form.setFields([{ name: 'role', errors: [t('staffAdmin.pendingExists')] }])
      else if (isCode(error, OPS_ERROR_CODES.staffForbidden)) form.setFields([{ name: 'markets', errors: [t('staff.forbidden')] }])
      else void message.error(error.message || t('app.failed'))
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

/** A member's actions past disabling: role and markets, a new second factor, ending sessions. */
export function AccountActions({ account, onReset }: { account: Account; onReset: (link: ResetLink) => void }) {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const { message } = useNotices()
  const refresh = useRefresh()
  const [changing, setChanging] = useState(false)
  // the hook's dialogs take the console's language and theme, the static ones would not
  const [ask, dialogs] = Modal.useModal()
  const reset = useMutation({
    mutationFn: () => callApi(staffResetFactor, { body: { staffId: account.id } }, { toast: false }),
    onSuccess: (answer) => {
      onReset(answer)
      refresh()
    },
    onError: (error) => void message.error(error.message || t('app.failed')),
  })
  const end = useMutation({
    mutationFn: () => callApi(staffEndSessions, { body: { staffId: account.id } }, { toast: false }),
    onSuccess: ({ ended }) => {
      void message.success(t('staffAdmin.ended', { count: ended }))
      refresh()
    },
    onError: (error) => void message.error(error.message || t('app.failed')),
  })
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'role', label: t('staffAdmin.changeRole'), onClick: () => setChanging(true) },
            {
              key: 'end',
              label: t('staffAdmin.endSessions'),
              onClick: () => ask.confirm({ title: t('staffAdmin.endConfirm', { email: account.email }), okText: t('staffAdmin.endSessions'), cancelText: t('staff.cancel'), onOk: () => end.mutateAsync() }),
            },
            {
              key: 'reset',
              danger: true,
              label: t('staffAdmin.resetFactor'),
              onClick: () =>
                ask.confirm({ title: t('staffAdmin.resetConfirm', { email: account.email }), okText: t('staffAdmin.resetFactor'), okButtonProps: { danger: true }, cancelText: t('staff.cancel'), onOk: () => reset.mutateAsync() }),
            },
          ],
        }}
      >
        <Button size="small" aria-label={t('staffAdmin.moreOf', { email: account.email })}>
          {t('staffAdmin.more')}
        </Button>
      </Dropdown>
      {changing && <RoleDialog account={account} onClose={() => setChanging(false)} />}
      {dialogs}
    </>
  )
}
