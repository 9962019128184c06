import { opsKycFlagResolve, opsKycFlags } from '@kilat/contract'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Flex, Segmented, Space, Table, Tag, type TableColumnsType } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { formatDateTime } from '../../shared/format'
import { useApi } from '../../shared/api'
import { useOpsText } from '../app/i18n'
import { ORDER_NO_COLUMN, OrderNoLink } from '../app/order-no'
import { useAddressFilter } from '../app/paging'
import { useOpsMarket, useStaff } from '../app/session'
import { LoadFailure } from '../app/states'
import type { Decision, Flag } from './flag-dialog'
import { KYC_KEY } from './kyc-keys'

type View = 'open' | 'closed'

// The decision's dialog: its own chunk, loaded when a risk member decides.
const FlagDialog = lazy(async () => ({ default: (await import('./flag-dialog')).FlagDialog }))

const STATUS_COLORS: Record<Flag['status'], string> = { open: 'gold', accepted: 'green', rejected: 'red' }

/**
 * Risk's queue of identity flags (docs/product/identity-and-payout-account.md): an identity that
 * another borrower gave too, and a payout account whose holder the bank names otherwise. Risk
 * accepts or rejects each with a note; an admin looks on. The open ones first, the closed ones a
 * switch away, kept in the address (`?status=closed`).
 */
export function KycFlagsPage() {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const staff = useStaff()
  const [market] = useOpsMarket()
  const [params, setFilter] = useAddressFilter()
  const view: View = params.get('status') === 'closed' ? 'closed' : 'open'
  const [deciding, setDeciding] = useState<{ flag: Flag; decision: Decision; open: boolean } | undefined>()
  const [closedMeanwhile, setClosedMeanwhile] = useState(false)
  const decides = opsKycFlagResolve.roles.includes(staff.role)
  const list = useQuery({
    queryKey: [...KYC_KEY, 'flags', view, market],
    queryFn: ({ signal }) => callApi(opsKycFlags, { query: { status: view } }, { signal }),
  })

  const kind = (f: Flag) => t(`kyc.flags.kinds.${f.kind}`)
  const decide = (flag: Flag, decision: Decision) => {
    setClosedMeanwhile(false)
    setDeciding({ flag, decision, open: true })
  }
  const columns: TableColumnsType<Flag> = [
    { key: 'kind', title: t('kyc.flags.kind'), width: 130, render: (_, f) => kind(f) },
    { key: 'market', title: t('market.label'), width: 80, render: (_, f) => t(`market.${f.market}`) },
    {
      key: 'borrower',
      title: t('orders.borrower'),
      width: 150,
      render: (_, f) => (
        <>
          {f.borrowerName ?? '—'}
          <div className="ops-nowrap">{f.phoneMasked}</div>
        </>
      ),
    },
    {
      key: 'found',
      title: t('kyc.flags.found'),
      render: (_, f) =>
        f.kind === 'duplicateIdentity' ? (
          <>
            <div>
              {t('kyc.flags.otherBorrower')}: <span className="ops-nowrap">{f.otherPhoneMasked ?? '—'}</span>
            </div>
            <div>
              {t('kyc.flags.otherOrder')}: {f.otherOrderNo ? <OrderNoLink orderNo={f.otherOrderNo} market={f.market} /> : t('kyc.flags.noOrder')}
            </div>
          </>
        ) : (
          <>
            <div>
              {t('kyc.flags.bankName')}: {f.holderName ?? '—'}
            </div>
            <div>
              {t('kyc.flags.account')}: <span className="ops-nowrap">{f.accountMasked ?? '—'}</span>
            </div>
          </>
        ),
    },
    {
      key: 'order',
      ...ORDER_NO_COLUMN,
      title: t('orders.orderNo'),
      render: (_, f) => (f.orderNo ? <OrderNoLink orderNo={f.orderNo} market={f.market} /> : t('kyc.flags.noOrder')),
    },
    { key: 'raised', title: t('kyc.flags.raised'), width: 110, render: (_, f) => formatDateTime(f.createdAt, f.market) },
    ...(view === 'closed'
      ? [
          {
            key: 'decision',
            title: t('kyc.flags.decision'),
            render: (_: unknown, f: Flag) => (
              <>
                <Tag color={STATUS_COLORS[f.status]}>{t(`kyc.flags.statuses.${f.status}`)}</Tag>
                <div className="ops-small ops-staff-email">{[f.resolvedBy, f.resolvedAt && formatDateTime(f.resolvedAt, f.market)].filter(Boolean).join(' · ')}</div>
                {f.note && <div className="ops-text">{f.note}</div>}
              </>
            ),
          },
        ]
      : decides
        ? [
            {
              key: 'actions',
              title: t('staff.actions'),
              fixed: 'right' as const,
              width: 150,
              render: (_: unknown, f: Flag) => {
                // each button names the flag it decides, for a screen reader going from button to button
                const subject = `${f.borrowerName ?? f.phoneMasked}, ${kind(f)}`
                return (
                  <Space>
                    <Button type="primary" size="small" aria-label={`${t('kyc.flags.accept')}: ${subject}`} onClick={() => decide(f, 'accepted')}>
                      {t('kyc.flags.accept')}
                    </Button>
                    <Button danger size="small" aria-label={`${t('kyc.flags.reject')}: ${subject}`} onClick={() => decide(f, 'rejected')}>
                      {t('kyc.flags.reject')}
                    </Button>
                  </Space>
                )
              },
            },
          ]
        : []),
  ]

  return (
    <>
      <h1 className="ops-title">{t('kyc.flags.title')}</h1>
      <Flex gap={12} align="center" wrap className="ops-filters">
        <Segmented<View>
          aria-label={t('kyc.flags.show')}
          value={view}
          onChange={(v) => setFilter('status', v === 'open' ? undefined : v)}
          options={[
            { value: 'open', label: t('kyc.flags.open') },
            { value: 'closed', label: t('kyc.flags.closed') },
          ]}
        />
      </Flex>
      {closedMeanwhile && <Alert type="warning" showIcon title={t('kyc.flags.closedMeanwhile')} style={{ marginBottom: 16 }} />}
      {list.isError ? (
        <LoadFailure error={list.error} retry={() => void list.refetch()} />
      ) : (
        <Table<Flag>
          rowKey="id"
          size="small"
          loading={list.isPending}
          dataSource={list.data?.flags}
          pagination={false}
          locale={{ emptyText: t('list.empty') }}
          // what was found and the decision take the width left: the table fits 1280 px with the menu open
          scroll={{ x: 980 }}
          caption={<span className="ops-visually-hidden">{t(view === 'open' ? 'kyc.flags.captionOpen' : 'kyc.flags.captionClosed')}</span>}
          columns={columns}
        />
      )}
      {deciding && (
        <Suspense fallback={null}>
          <FlagDialog
            {...deciding}
            onClose={() => setDeciding({ ...deciding, open: false })}
            afterClose={() => setDeciding(undefined)}
            onClosedMeanwhile={() => setClosedMeanwhile(true)}
          />
        </Suspense>
      )}
    </>
  )
}
