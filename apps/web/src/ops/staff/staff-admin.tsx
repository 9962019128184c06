import {
  staffEndSessions,
  staffResetFactor,
  staffRoleCancel,
  staffRoleConfirm,
  staffRoleRequests,
  type DataOf,
  type staffList,
} from '@kilat/contract'
import { useQuery } from '@tanstack/react-query'
import { Button, Dropdown } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { useApi } from '../../shared/api'
import { FourEyesActions, useFourEyes } from '../app/four-eyes'
import { useOpsMutation } from '../app/mutation'
import { Panel } from '../app/panel'
import { useOpsText } from '../app/i18n'

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

/** The staff screen's lists, asked again after an action on a member. */
export const STAFF_KEYS = [STAFF_LIST_KEY, REQUESTS_KEY] as const

/** The grants of admin waiting for a second admin; the proposer may only withdraw. */
export function PendingRoles() {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const requests = useQuery({ queryKey: REQUESTS_KEY, queryFn: ({ signal }) => callApi(staffRoleRequests, {}, { signal }) })
  const grants = useFourEyes<number, DataOf<typeof staffRoleConfirm>>({
    confirm: (requestId, call) => call(staffRoleConfirm, { body: { requestId } }),
    withdraw: (requestId, call) => call(staffRoleCancel, { body: { requestId } }),
    confirmed: ({ account }) => t('staffAdmin.confirmed', { email: account.email }),
    withdrawn: t('staffAdmin.withdrawn'),
    refresh: STAFF_KEYS,
    sameMember: t('staffAdmin.ownProposal'),
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
                by: r.requestedByEmail ?? '',
              })}
            </span>
            <FourEyesActions
              flow={grants}
              id={r.id}
              maker={r.requestedBy}
              expiresAt={r.expiresAt}
              subject={r.email}
              confirmLabel={t('staffAdmin.confirm')}
              confirmQuestion={t('staffAdmin.confirmOf', { email: r.email })}
              withdrawLabel={t('staffAdmin.withdraw')}
              ownNote={t('staffAdmin.ownProposal')}
            />
          </li>
        ))}
      </ul>
    </Panel>
  )
}

/** A member's actions past disabling: role and markets, a new second factor, ending sessions. */
export function AccountActions({ account, onReset }: { account: Account; onReset: (link: ResetLink) => void }) {
  const { t } = useOpsText()
  const [open, setOpen] = useState<'role' | 'end' | 'reset' | undefined>()
  const reset = useOpsMutation({
    mutationFn: (_: void, call) => call(staffResetFactor, { body: { staffId: account.id } }),
    onSuccess: onReset,
    refresh: STAFF_KEYS,
  })
  const end = useOpsMutation({
    mutationFn: (_: void, call) => call(staffEndSessions, { body: { staffId: account.id } }),
    success: ({ ended }) => t('staffAdmin.ended', { count: ended }),
    refresh: STAFF_KEYS,
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
