import { OPS_ERROR_CODES, staffDisable, staffList, type DataOf, type staffCreate } from '@kilat/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Flex, Popconfirm, Space, Table, Tag } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { formatDateTime } from '../../shared/format'
import { useApi } from '../../shared/api'
import { isCode } from '../app/api'
import { useOpsMutation } from '../app/mutation'
import { Panel } from '../app/panel'
import { useOpsText } from '../app/i18n'
import { useOpsMarket, useStaff } from '../app/session'
import { Loading, LoadFailure } from '../app/states'
// staff administration
import { AccountActions, PendingRoles, STAFF_LIST_KEY, type ResetLink } from './staff-admin'

type Account = DataOf<typeof staffList>['accounts'][number]
type Created = DataOf<typeof staffCreate>

// The new-account form and the enrolment link: loaded when asked for, not with the list.
const CreateAccount = lazy(async () => ({ default: (await import('./new-account')).CreateAccount }))
const CopyField = lazy(async () => ({ default: (await import('./new-account')).CopyField }))

const LIST_KEY = STAFF_LIST_KEY

/** docs/product/operations.md#roles: the admin's staff accounts, a new one, disabling one. */
export function StaffPage() {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const queryClient = useQueryClient()
  const [market] = useOpsMarket()
  const me = useStaff()
  const [creating, setCreating] = useState(false)
  const [created, setCreated] = useState<Created | ResetLink | undefined>()
  const [linkKind, setLinkKind] = useState<'new' | 'reset'>('new')
  const list = useQuery({ queryKey: LIST_KEY, queryFn: ({ signal }) => callApi(staffList, {}, { signal }) })
  const disable = useOpsMutation({
    mutationFn: (account: Account, call) => call(staffDisable, { body: { staffId: account.id } }),
    success: ({ account }) => t('staff.disabledDone', { email: account.email }),
    refresh: [LIST_KEY],
    errorText: (error) => (isCode(error, OPS_ERROR_CODES.staffForbidden) ? t('staff.forbidden') : undefined),
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
      <PendingRoles />
      {list.isError ? (
        <LoadFailure error={list.error} retry={() => void list.refetch()} />
      ) : (
        <Table<Account>
          rowKey="id"
          loading={list.isPending}
          dataSource={list.data?.accounts}
          pagination={false}
          expandable={{
            expandedRowRender: (account) => (
              <p className="ops-muted">
                {t('staff.language')}: {t(`language.${account.language}`)} · {t('staff.created')}: {formatDateTime(account.createdAt, market)}
              </p>
            ),
          }}
          columns={[
            // the email whole, wrapped if it must: it names the member
            { key: 'email', title: t('staff.email'), dataIndex: 'email', className: 'ops-staff-email' },
            {
              key: 'role',
              title: t('staff.role'),
              width: 170,
              render: (_, account) => `${t(`role.${account.role}`)} · ${account.markets.join(', ')}`,
            },
            {
              key: 'status',
              title: t('staff.status'),
              width: 130,
              render: (_, account) =>
                account.disabled ? <Tag>{t('staff.disabled')}</Tag> : account.enrolled ? <Tag color="green">{t('staff.active')}</Tag> : <Tag color="gold">{t('staff.pending')}</Tag>,
            },
            {
              key: 'lastSignIn',
              title: t('staffAdmin.lastSignIn'),
              width: 165,
              render: (_, account) => (account.lastSignInAt ? formatDateTime(account.lastSignInAt, market) : t('staffAdmin.never')),
            },
            { key: 'address', title: t('staffAdmin.address'), width: 120, render: (_, account) => account.lastSignInIp ?? '–' },
            {
              key: 'actions',
              title: t('staff.actions'),
              width: 160,
              fixed: 'right',
              // one's own account is changed by another admin, so that one always remains
              render: (_, account) =>
                account.disabled || account.id === me.id ? null : (
                  <Space size={4}>
                    <AccountActions
                      account={account}
                      onReset={(link) => {
                        setLinkKind('reset')
                        setCreated(link)
                      }}
                    />
                    <Popconfirm title={t('staff.disableConfirm', { email: account.email })} onConfirm={() => disable.mutate(account)} okText={t('staff.disable')} cancelText={t('staff.cancel')}>
                      <Button danger size="small" aria-label={`${t('staff.disable')} ${account.email}`}>
                        {t('staff.disable')}
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
            },
          ]}
        />
      )}
      {creating && (
        <Suspense fallback={<Loading />}>
          <CreateAccount
            onClose={() => setCreating(false)}
            onCreated={(answer) => {
              setCreating(false)
              setLinkKind('new')
              setCreated(answer)
              void queryClient.invalidateQueries({ queryKey: LIST_KEY })
            }}
          />
        </Suspense>
      )}
      <Suspense fallback={null}>
        {created && (
          <Panel
            title={t(linkKind === 'reset' ? 'staffAdmin.resetLinkTitle' : 'staff.linkTitle', { email: created.account.email })}
            extra={<Button onClick={() => setCreated(undefined)}>{t('staff.close')}</Button>}
          >
            <p>{t('staff.linkHelp', { expires: formatDateTime(created.enrolmentExpiresAt, market) })}</p>
            <CopyField label={t('staff.linkTitle', { email: created.account.email })} value={`${window.location.origin}${created.enrolmentPath}`} />
          </Panel>
        )}
      </Suspense>
    </>
  )
}
