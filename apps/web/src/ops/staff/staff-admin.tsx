import {
  staffEndSessions,
  staffResetFactor,
  staffRoleCancel,
  staffRoleConfirm,
  staffRoleRequests,
  type DataOf,
  type StaffRoleRequestView,
  type staffList,
} from '@kilat/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Dropdown, Popconfirm, Space } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { useApi } from '../../shared/api'
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

// the dialogs: their own chunk, loaded when one is opened
const RoleDialog = lazy(async () => ({ default: (await import('./staff-dialogs')).RoleDialog }))
const ConfirmDialog = lazy(async () => ({ default: (await import('./staff-dialogs')).ConfirmDialog }))

export const STAFF_LIST_KEY = ['ops', 'staff', 'accounts'] as const
const REQUESTS_KEY = ['ops', 'staff', 'role-requests'] as const

export function useStaffRefresh() {
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
  const refresh = useStaffRefresh()
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
                <span className="ops-muted">{t('staffAdmin.ownProposal')}</span>
              ) : (
                <Popconfirm
                  title={t('staffAdmin.confirmOf', { email: r.email })}
                  okText={t('staffAdmin.confirm')}
                  cancelText={t('staff.cancel')}
                  onConfirm={() => confirm.mutateAsync(r)}
                >
                  <Button type="primary" size="small" loading={confirm.isPending} aria-label={`${t('staffAdmin.confirm')} ${r.email}`}>
                    {t('staffAdmin.confirm')}
                  </Button>
                </Popconfirm>
              )}
              <Button size="small" onClick={() => cancel.mutate(r)} loading={cancel.isPending} aria-label={`${t('staffAdmin.withdraw')} ${r.email}`}>
                {t('staffAdmin.withdraw')}
              </Button>
            </Space>
          </li>
        ))}
      </ul>
    </Panel>
  )
}

/** A member's actions past disabling: role and markets, a new second factor, ending sessions. */
export function AccountActions({ account, onReset }: { account: Account; onReset: (link: ResetLink) => void }) {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const { message } = useNotices()
  const refresh = useStaffRefresh()
  const [open, setOpen] = useState<'role' | 'end' | 'reset' | undefined>()
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
            { key: 'role', label: t('staffAdmin.changeRole'), onClick: () => setOpen('role') },
            { key: 'end', label: t('staffAdmin.endSessions'), onClick: () => setOpen('end') },
            { key: 'reset', danger: true, label: t('staffAdmin.resetFactor'), onClick: () => setOpen('reset') },
          ],
        }}
      >
        <Button size="small" aria-label={t('staffAdmin.moreOf', { email: account.email })}>
          {t('staffAdmin.more')}
        </Button>
      </Dropdown>
      <Suspense fallback={null}>
        {open === 'role' && <RoleDialog account={account} onClose={() => setOpen(undefined)} />}
        {open === 'end' && (
          <ConfirmDialog title={t('staffAdmin.endConfirm', { email: account.email })} okText={t('staffAdmin.endSessions')} onOk={() => end.mutateAsync()} onClose={() => setOpen(undefined)} />
        )}
        {open === 'reset' && (
          <ConfirmDialog
            danger
            title={t('staffAdmin.resetConfirm', { email: account.email })}
            okText={t('staffAdmin.resetFactor')}
            onOk={() => reset.mutateAsync()}
            onClose={() => setOpen(undefined)}
          />
        )}
      </Suspense>
    </>
  )
}
