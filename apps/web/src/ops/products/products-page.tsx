import { productPublish, productVersionsOf, productWithdraw, productsOpsList, type DataOf, type OpsProduct, type ProductDraft, type ProductVersionView } from '@kilat/contract'
import { formatDateTime, formatMoneyWhole, formatPercent, type Market } from '@kilat/domain'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Drawer, Space, Table, Tag } from 'antd'
import { Suspense, lazy, useState } from 'react'
import { useApi } from '../../shared/api'
import { FourEyesActions, useFourEyes } from '../app/four-eyes'
import { useOpsText, type OpsT } from '../app/i18n'
import { Panel } from '../app/panel'
import { useOpsMarket } from '../app/session'
import { LoadFailure, Loading } from '../app/states'
import { useUnsavedChanges } from '../app/unsaved-changes'
import { postJson, PRODUCTS_KEY, productError } from './product-api'

type Editing = { product: OpsProduct | null; draft: ProductDraft }

/** The form is its own chunk, loaded when an admin opens it: the list stays light. */
const ProductEditor = lazy(async () => ({ default: (await import('./product-form')).ProductEditor }))

/** A new product starts from these: the admin changes what the product needs. */
export const BLANK: ProductDraft = {
  name: '',
  minAmount: 100_000_00,
  maxAmount: 1_000_000_00,
  amountStep: 100_000_00,
  termUnit: 'day',
  termDays: 91,
  periods: 1,
  periodDays: 91,
  periodOptions: [],
  dailyRateBps: 5,
  adminFeeBps: 100,
  extensionFee: 0,
  lateFeeNew: 0,
  lateFeeRepeat: 0,
  lateTiers: [{ fromDay: 1, dailyBps: 5 }],
  lateCapBps: 10_000,
  status: 'active',
  sort: 100,
  description: { id: '', en: '', es: '' },
  buttonText: { id: 'Ajukan', en: 'Apply', es: 'Solicitar' },
  tags: { id: [], en: [], es: [] },
}

export function termText(t: OpsT, d: ProductDraft): string {
  if (d.termUnit === 'day') return t('products.termDaysText', { days: d.termDays })
  if (d.periodOptions.length === 0) return t('products.periodsText', { periods: d.periods, days: d.periodDays })
  return t('products.periodsChoiceText', { list: [...new Set([d.periods, ...d.periodOptions])].sort((a, b) => a - b).join(' / '), days: d.periodDays })
}

const headlineText = (t: OpsT, h: OpsProduct['headline'], market: Market) => `${t(`products.figures.${h.kind}`)} ${formatPercent(h.bps, market)}`

/**
 * Products by staff (docs/product/products.md#versions): the market's products as borrowers are
 * offered them, a change or a new product proposed as a version, published by a second admin.
 */
export function ProductsPage() {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const queryClient = useQueryClient()
  const [market] = useOpsMarket()
  const [editing, setEditing] = useState<Editing | null>(null)
  // a field changed in the open form and not yet proposed: leaving it asks first
  const [dirty, setDirty] = useState(false)
  const [historyOf, setHistoryOf] = useState<OpsProduct | null>(null)
  const list = useQuery({
    queryKey: [...PRODUCTS_KEY, market],
    queryFn: ({ signal }) => callApi(productsOpsList, { query: { market } }, { signal }),
  })
  const versions = useQuery({
    queryKey: ['ops', 'products', 'versions', historyOf?.id],
    queryFn: ({ signal }) => callApi(productVersionsOf, { query: { productId: historyOf!.id } }, { signal }),
    enabled: historyOf !== null,
  })
  const settle = () => void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY })
  const publishing = useFourEyes<number>({
    confirm: (requestId) => postJson(productPublish, { requestId }),
    withdraw: (requestId) => postJson(productWithdraw, { requestId }),
    confirmed: t('products.published'),
    withdrawn: t('products.withdrawn'),
    refresh: [PRODUCTS_KEY],
    sameMember: t('products.errors.sameStaff'),
    errorText: productError,
  })

  const open = (product: OpsProduct | null, changes: Partial<ProductDraft> = {}) => {
    setEditing({ product, draft: { ...(product?.draft ?? BLANK), ...changes } })
  }
  const close = () => {
    setEditing(null)
    setDirty(false)
  }
  const unsaved = useUnsavedChanges(dirty, close)

  const pendingActions = (v: ProductVersionView) => (
    <FourEyesActions
      flow={publishing}
      id={v.id}
      maker={v.requestedBy}
      expiresAt={v.expiresAt}
      confirmLabel={t('products.publish')}
      confirmQuestion={t('products.publishConfirm')}
      withdrawLabel={t('products.withdraw')}
      ownNote={t('products.ownVersion')}
    />
  )
  const requestedBy = (v: ProductVersionView) => t('products.proposedBy', { who: v.requestedByEmail ?? `#${v.requestedBy}`, when: formatDateTime(v.requestedAt, v.market) })

  const data: DataOf<typeof productsOpsList> | undefined = list.data
  return (
    <div>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <h1 className="ops-title">{t('products.title')}</h1>
        <Button type="primary" onClick={() => open(null)}>
          {t('products.new')}
        </Button>
      </Space>
      {list.isError && <LoadFailure error={list.error} retry={() => void list.refetch()} />}
      <Table<OpsProduct>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        pagination={false}
        dataSource={data?.products ?? []}
        expandable={{
          rowExpandable: (p) => p.pending !== null,
          expandedRowRender: (p) =>
            p.pending && (
              <Space direction="vertical" size={2}>
                <span>{requestedBy(p.pending)}</span>
                <span>
                  {p.pending.draft.name} · {formatMoneyWhole(p.pending.draft.minAmount, p.market)} – {formatMoneyWhole(p.pending.draft.maxAmount, p.market)} · {termText(t, p.pending.draft)} ·{' '}
                  {t('products.fields.dailyRateBps')}: {p.pending.draft.dailyRateBps} · {t(`products.statuses.${p.pending.draft.status}`)}
                </span>
              </Space>
            ),
        }}
        columns={[
          {
            title: t('products.name'),
            key: 'name',
            width: 200,
            render: (_, p) => (
              <>
                <strong>{p.draft.name}</strong>
                <br />
                <span className="ops-products-note">
                  {p.code} · {t('products.version', { version: p.version })}
                </span>
              </>
            ),
          },
          { title: t('products.status'), key: 'status', width: 100, render: (_, p) => <Tag color={p.draft.status === 'active' ? 'green' : 'default'}>{t(`products.statuses.${p.draft.status}`)}</Tag> },
          { title: t('products.amounts'), key: 'amounts', width: 200, render: (_, p) => `${formatMoneyWhole(p.draft.minAmount, p.market)} – ${formatMoneyWhole(p.draft.maxAmount, p.market)}` },
          { title: t('products.term'), key: 'term', width: 150, render: (_, p) => termText(t, p.draft) },
          { title: t('products.headline'), key: 'headline', width: 170, render: (_, p) => headlineText(t, p.headline, p.market) },
          {
            title: t('products.actions'),
            key: 'actions',
            render: (_, p) =>
              p.pending ? (
                <Space direction="vertical" size={2}>
                  <Tag color="gold">{t('products.pending')}</Tag>
                  {pendingActions(p.pending)}
                </Space>
              ) : p.isPartner ? null : (
                <Space size={4} wrap>
                  <Button size="small" onClick={() => open(p)}>
                    {t('products.edit')}
                  </Button>
                  <Button size="small" onClick={() => open(p, { status: p.draft.status === 'active' ? 'disabled' : 'active' })}>
                    {p.draft.status === 'active' ? t('products.disable') : t('products.enable')}
                  </Button>
                  <Button size="small" type="link" onClick={() => setHistoryOf(p)}>
                    {t('products.history')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <Panel title={t('products.newProducts')}>
        {data && data.newProducts.length === 0 ? (
          <p className="ops-products-note">{t('products.noPending')}</p>
        ) : (
          <Table<ProductVersionView>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={data?.newProducts ?? []}
            columns={[
              { title: t('products.name'), key: 'name', render: (_, v) => `${v.draft.name} (${v.code})` },
              { title: t('products.term'), key: 'term', render: (_, v) => termText(t, v.draft) },
              { title: t('products.pending'), key: 'by', render: (_, v) => requestedBy(v) },
              { title: t('products.actions'), key: 'actions', width: 250, render: (_, v) => pendingActions(v) },
            ]}
          />
        )}
      </Panel>
      <Drawer
        open={editing !== null}
        size={1100}
        onClose={unsaved.close}
        title={editing?.product ? t('products.formTitleEdit', { name: editing.product.draft.name }) : t('products.formTitleNew', { market })}
        destroyOnHidden
      >
        {editing && (
          <Suspense fallback={<Loading />}>
            <ProductEditor
              key={editing.product?.id ?? 'new'}
              market={market}
              product={editing.product}
              draft={editing.draft}
              onChange={() => setDirty(true)}
              onDone={() => {
                close()
                settle()
              }}
              onCancel={unsaved.close}
            />
          </Suspense>
        )}
      </Drawer>
      {unsaved.dialog}
      <Drawer open={historyOf !== null} size={720} onClose={() => setHistoryOf(null)} title={historyOf ? t('products.historyOf', { name: historyOf.draft.name }) : ''}>
        {versions.data && (
          <Table
            rowKey={(v) => `${v.id}-${v.version ?? 'p'}`}
            size="small"
            pagination={false}
            dataSource={versions.data.versions}
            columns={[
              { title: t('products.version', { version: '' }).trim(), key: 'v', width: 90, render: (_, v) => (v.version === null ? '—' : v.version) },
              { title: t('products.status'), key: 's', width: 110, render: (_, v) => t(`products.versionStatuses.${v.status}`) },
              { title: t('products.term'), key: 't', render: (_, v) => `${termText(t, v.draft)} · ${v.draft.dailyRateBps} bp` },
              { title: t('products.pending'), key: 'by', render: (_, v) => (v.requestedBy ? requestedBy(v) : '') },
            ]}
          />
        )}
      </Drawer>
    </div>
  )
}
