import { opsBorrowerKyc, type DataOf, type NameCheckResult, type RevealField } from '@kilat/contract'
import type { Market } from '@kilat/domain'
import { useQuery } from '@tanstack/react-query'
import { Button, Descriptions, Flex, Table, Tag, type DescriptionsProps } from 'antd'
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { formatDateTime } from '../../shared/format'
import { useApi } from '../../shared/api'
import { useOpsText } from '../app/i18n'
import { Panel } from '../app/panel'
import { LoadFailure, Loading } from '../app/states'
import { KYC_KEY } from './kyc-keys'

type Kyc = DataOf<typeof opsBorrowerKyc>
type Identity = NonNullable<Kyc['identity']>
type Account = NonNullable<Kyc['payoutAccount']>

// The reason's dialog: its own chunk, loaded when a member reveals (an agent never does).
const RevealDialog = lazy(async () => ({ default: (await import('./reveal-dialog')).RevealDialog }))

/** How long a revealed value stays on screen: long enough to read it out or copy it, not to be left on a desk. */
export const SHOWN_FOR_MS = 60_000

/** The name check's colour, always beside its words. */
const NAME_CHECK_COLORS: Record<NameCheckResult, string> = {
  pending: 'gold',
  match: 'green',
  mismatch: 'red',
  unknownAccount: 'volcano',
  notAvailable: 'default',
  accepted: 'blue',
}

/** The panel's two parts are h3 under its h2, at the size of a panel's own heading's text. */
const SUBHEADING = { fontSize: 14, fontWeight: 600, margin: '0 0 8px' } as const

/**
 * The values revealed, each dropped SHOWN_FOR_MS after it came or when the panel goes. They live in
 * this state alone (never in the query client's caches), so nothing of them outlasts the panel.
 */
function useRevealed() {
  const [values, setValues] = useState<Partial<Record<RevealField, string>>>({})
  const timers = useRef(new Map<RevealField, ReturnType<typeof setTimeout>>())
  useEffect(() => {
    const pending = timers.current
    return () => pending.forEach((timer) => clearTimeout(timer))
  }, [])
  const hide = useCallback((field: RevealField) => {
    clearTimeout(timers.current.get(field))
    timers.current.delete(field)
    setValues(({ [field]: _dropped, ...rest }) => rest)
  }, [])
  const show = useCallback(
    (field: RevealField, value: string) => {
      clearTimeout(timers.current.get(field))
      timers.current.set(
        field,
        setTimeout(() => hide(field), SHOWN_FOR_MS),
      )
      setValues((shown) => ({ ...shown, [field]: value }))
    },
    [hide],
  )
  return { values, show, hide }
}

/**
 * The order screen's "Borrower identity and payout account" (docs/product/identity-and-payout-account.md):
 * what the server lets this member see, masked, and for a member who may, a field whole after a
 * reason, which the server writes to the audit trail.
 */
export function BorrowerKycPanel({ orderNo, market }: { orderNo: string; market: Market }) {
  // Another order's screen may be another borrower's: nothing revealed of this one stays.
  return <KycPanel key={orderNo} orderNo={orderNo} market={market} />
}

function KycPanel({ orderNo, market }: { orderNo: string; market: Market }) {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const kyc = useQuery({
    queryKey: [...KYC_KEY, 'borrower', orderNo],
    queryFn: ({ signal }) => callApi(opsBorrowerKyc, { query: { orderNo } }, { signal }),
  })
  const revealed = useRevealed()
  const [asking, setAsking] = useState<{ field: RevealField; open: boolean } | undefined>()
  const at = (iso: string) => formatDateTime(iso, market)

  if (kyc.isPending || kyc.isError) {
    return <Panel title={t('kyc.title')}>{kyc.isPending ? <Loading /> : <LoadFailure error={kyc.error} retry={() => void kyc.refetch()} />}</Panel>
  }
  const { identity, payoutAccount, canReveal } = kyc.data

  /** A field as this member sees it (masked, or whole for a while once revealed), with its button for one who may reveal. */
  const field = (name: RevealField, masked: ReactNode, kind?: string) => {
    const whole = revealed.values[name]
    const what = t(`kyc.fields.${name}`)
    return (
      <Flex gap={8} align="center" justify="space-between" wrap>
        {/* said when it turns whole, and when it is masked again */}
        <div aria-live="polite">
          {kind && `${kind} · `}
          {whole === undefined ? (
            masked
          ) : (
            <>
              <span className={name === 'address' ? 'ops-text' : 'ops-nowrap'}>{whole}</span>
              <div className="ops-small">{t('kyc.shownNote')}</div>
            </>
          )}
        </div>
        {canReveal && (
          // one button whose words change: the dialog gives the focus back to it when it closes
          <Button
            size="small"
            aria-label={t(whole === undefined ? 'kyc.revealWhat' : 'kyc.hideWhat', { what })}
            onClick={() => (whole === undefined ? setAsking({ field: name, open: true }) : revealed.hide(name))}
          >
            {t(whole === undefined ? 'kyc.reveal' : 'kyc.hide')}
          </Button>
        )}
      </Flex>
    )
  }

  const identityItems = (i: Identity): DescriptionsProps['items'] => [
    { key: 'name', label: t('kyc.name'), children: i.fullName },
    { key: 'document', label: t('kyc.document'), children: field('documentNumber', <span className="ops-nowrap">{i.documentMasked}</span>, t(`kyc.documentKinds.${i.documentKind}`)) },
    {
      key: 'check',
      label: t('kyc.check'),
      children: (
        <>
          <Tag color={i.kycResult === 'verified' ? 'green' : 'red'}>{t(`kyc.checkResults.${i.kycResult}`)}</Tag>
          {i.kycVendor}
        </>
      ),
    },
    // an agent is sent no birth year and may reveal nothing: no row of what they may never see
    ...(i.birthYear !== null || canReveal ? [{ key: 'birth', label: t('kyc.birthDate'), children: field('birthDate', i.birthYear === null ? t('kyc.hidden') : t('kyc.bornIn', { year: i.birthYear })) }] : []),
    ...(canReveal ? [{ key: 'address', label: t('kyc.address'), children: field('address', t('kyc.hidden')) }] : []),
    { key: 'version', label: t('kyc.version'), children: t('kyc.versionAt', { version: i.version, at: at(i.updatedAt) }) },
  ]

  const accountItems = (a: Account): DescriptionsProps['items'] => [
    { key: 'account', label: t('kyc.accountNumber'), children: field('payoutAccount', <span className="ops-nowrap">{a.masked}</span>, t(`kyc.accountKinds.${a.kind}`)) },
    { key: 'check', label: t('kyc.nameCheck'), children: <Tag color={NAME_CHECK_COLORS[a.nameCheck]}>{t(`kyc.nameChecks.${a.nameCheck}`)}</Tag> },
    {
      key: 'holder',
      label: t('kyc.holderName'),
      children:
        a.holderName === null ? (
          <span className="ops-muted">{t('kyc.notReturned')}</span>
        ) : (
          <>
            {a.holderName}
            {a.checkedAt && <span className="ops-small"> · {at(a.checkedAt)}</span>}
          </>
        ),
    },
    { key: 'payable', label: t('kyc.payout'), children: t(a.payable ? 'kyc.payable' : 'kyc.notPayable') },
  ]

  return (
    <Panel title={t('kyc.title')}>
      <Flex vertical gap={16}>
        <div>
          <h3 style={SUBHEADING}>{t('kyc.identity')}</h3>
          {identity === null ? (
            <p className="ops-muted">{t('kyc.noIdentity')}</p>
          ) : (
            <Flex vertical gap={12}>
              <Descriptions bordered size="small" column={{ xs: 1, xl: 2 }} items={identityItems(identity)} />
              {identity.history.length > 0 && (
                <Table<Identity['history'][number]>
                  size="small"
                  pagination={false}
                  rowKey="version"
                  dataSource={identity.history}
                  caption={<span className="ops-muted">{t('kyc.history')}</span>}
                  columns={[
                    { key: 'version', title: t('kyc.version'), dataIndex: 'version', width: 90 },
                    { key: 'name', title: t('kyc.name'), dataIndex: 'fullName' },
                    { key: 'document', title: t('kyc.document'), className: 'ops-nowrap', dataIndex: 'documentMasked' },
                    { key: 'recorded', title: t('kyc.recordedAt'), render: (_, h) => at(h.recordedAt) },
                    { key: 'replaced', title: t('kyc.replacedAt'), render: (_, h) => (h.replacedAt ? at(h.replacedAt) : '—') },
                  ]}
                />
              )}
            </Flex>
          )}
        </div>
        <div>
          <h3 style={SUBHEADING}>{t('kyc.account')}</h3>
          {payoutAccount === null ? (
            <p className="ops-muted">{t('kyc.noAccount')}</p>
          ) : (
            <Descriptions bordered size="small" column={{ xs: 1, xl: 2 }} items={accountItems(payoutAccount)} />
          )}
        </div>
      </Flex>
      {asking && (
        <Suspense fallback={null}>
          <RevealDialog
            orderNo={orderNo}
            field={asking.field}
            open={asking.open}
            onRevealed={revealed.show}
            onClose={() => setAsking({ ...asking, open: false })}
            afterClose={() => setAsking(undefined)}
          />
        </Suspense>
      )}
    </Panel>
  )
}
