import { opsPolicies, opsPolicyDraft, opsPolicyPublish, opsPolicyReplay, opsPolicyWithdraw, type PolicyVersionView } from '@kilat/contract'
import { useQuery } from '@tanstack/react-query'
import { Flex, Table, Tag } from 'antd'
import { lazy, Suspense } from 'react'
import { formatDateTime } from '../../shared/format'
import { useApi } from '../../shared/api'
import { FourEyesActions, useFourEyes } from '../app/four-eyes'
import { useOpsText } from '../app/i18n'
import { Panel } from '../app/panel'
import { useOpsMarket, useStaff } from '../app/session'
import { LoadFailure, Loading } from '../app/states'
import { DECISIONS_KEY, decisionsError } from './decision-texts'
import { ReplayPanel, versionLabel } from './replay-panel'
import { RulesTable } from './rules-table'
import './decisions.css'

// The editor: its own chunk, loaded for the risk analysts who draft (an admin only publishes).
const PolicyEditor = lazy(async () => ({ default: (await import('./policy-editor')).PolicyEditor }))

const STATUS_COLORS: Record<PolicyVersionView['status'], string> = { pending: 'gold', published: 'green', superseded: 'default', withdrawn: 'default' }

/**
 * A market's credit policy (docs/product/decisions.md): the version that decides today, the one
 * waiting for a second member (risk or an admin) to publish it, the analyst's editor for the next,
 * and a replay of any version over the applications of the last days. The market is the console's
 * (the header's switch, kept in the address).
 */
export function PolicyPage() {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const staff = useStaff()
  const [market] = useOpsMarket()
  const policies = useQuery({
    queryKey: [...DECISIONS_KEY, 'policies', market],
    queryFn: ({ signal }) => callApi(opsPolicies, { query: { market } }, { signal }),
  })
  const publishing = useFourEyes<number>({
    confirm: (requestId, call) => call(opsPolicyPublish, { body: { requestId } }),
    withdraw: (requestId, call) => call(opsPolicyWithdraw, { body: { requestId } }),
    confirmed: t('decisions.policy.publishedDone'),
    withdrawn: t('decisions.policy.withdrawnDone'),
    refresh: [DECISIONS_KEY],
    sameMember: t('decisions.policy.sameMember'),
    errorText: decisionsError,
  })
  const drafts = opsPolicyDraft.roles.includes(staff.role)
  const decides = opsPolicyPublish.roles.includes(staff.role)
  const replays = opsPolicyReplay.roles.includes(staff.role)
  const at = (iso: string | null) => (iso ? formatDateTime(iso, market) : '—')
  const who = (email: string | null, id: number | null) => email ?? (id === null ? t('payout.system') : `#${id}`)

  const title = <h1 className="ops-title">{t('decisions.policy.title', { market: t(`market.${market}`) })}</h1>
  if (policies.isPending) return (<>{title}<Loading /></>)
  if (policies.isError) return (<>{title}<LoadFailure error={policies.error} retry={() => void policies.refetch()} /></>)
  const { published, pending, versions } = policies.data

  return (
    <Flex vertical gap={16}>
      {title}
      <div className="ops-decisions-note">
        <p>{t('decisions.policy.howRowsCombine')}</p>
        <p>{t('decisions.policy.hardRules')}</p>
      </div>
      <Panel title={t('decisions.policy.published')}>
        {published ? (
          <Flex vertical gap={8}>
            <p className="ops-decisions-meta">
              {t('decisions.policy.publishedMeta', {
                version: published.version ?? '—',
                by: who(published.decidedByEmail, published.decidedBy),
                at: at(published.publishedAt ?? published.decidedAt),
                drafter: who(published.requestedByEmail, published.requestedBy),
              })}
            </p>
            {published.note && <p className="ops-text ops-muted">{published.note}</p>}
            <RulesTable rules={published.rules} market={market} caption={t('decisions.policy.publishedCaption', { version: published.version ?? '—' })} />
          </Flex>
        ) : (
          <p className="ops-muted">{t('decisions.policy.nonePublished')}</p>
        )}
      </Panel>
      {pending && (
        <Panel
          title={t('decisions.policy.pending')}
          extra={
            decides ? (
              <FourEyesActions
                flow={publishing}
                id={pending.id}
                maker={pending.requestedBy}
                expiresAt={pending.expiresAt}
                subject={t('decisions.policy.pendingSubject')}
                confirmLabel={t('decisions.policy.publish')}
                confirmQuestion={t('decisions.policy.publishQuestion')}
                withdrawLabel={t('decisions.policy.withdraw')}
                ownNote={t('decisions.policy.ownVersion')}
              />
            ) : undefined
          }
        >
          <Flex vertical gap={8}>
            <p className="ops-decisions-meta">{t('decisions.policy.pendingMeta', { by: who(pending.requestedByEmail, pending.requestedBy), at: at(pending.requestedAt), until: at(pending.expiresAt) })}</p>
            {pending.note && <p className="ops-text ops-muted">{pending.note}</p>}
            <RulesTable rules={pending.rules} market={market} caption={t('decisions.policy.pendingCaption')} />
          </Flex>
        </Panel>
      )}
      {drafts && (
        <Panel title={t('decisions.editor.title')}>
          <Suspense fallback={<Loading />}>
            <PolicyEditor key={market} market={market} published={published} pending={pending !== null} />
          </Suspense>
        </Panel>
      )}
      {replays && versions.length > 0 && <ReplayPanel key={market} market={market} versions={versions} initial={pending?.id ?? published?.id ?? versions[0]?.id} />}
      {versions.length > 0 && (
        <Panel title={t('decisions.policy.history')}>
          <Table<PolicyVersionView>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={versions}
            caption={<span className="ops-visually-hidden">{t('decisions.policy.historyCaption')}</span>}
            columns={[
              { key: 'version', title: t('decisions.policy.version'), width: 200, render: (_, v) => versionLabel(t, v) },
              { key: 'status', title: t('decisions.policy.status'), width: 130, render: (_, v) => <Tag color={STATUS_COLORS[v.status]}>{t(`decisions.statuses.${v.status}`)}</Tag> },
              { key: 'rules', title: t('decisions.policy.rules'), width: 80, align: 'right', render: (_, v) => v.rules.length },
              { key: 'drafted', title: t('decisions.policy.drafted'), render: (_, v) => `${who(v.requestedByEmail, v.requestedBy)} · ${at(v.requestedAt)}` },
              { key: 'decided', title: t('decisions.policy.decided'), render: (_, v) => (v.decidedAt ? `${who(v.decidedByEmail, v.decidedBy)} · ${at(v.decidedAt)}` : '—') },
              { key: 'note', title: t('decisions.editor.note'), className: 'ops-text', render: (_, v) => v.note },
            ]}
          />
        </Panel>
      )}
    </Flex>
  )
}
