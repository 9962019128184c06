import { productPropose, type OpsProduct, type ProductDraft } from '@kilat/contract'
import {
  MARKET_INFO,
  cents,
  formatMoney,
  formatPercent,
  localDate,
  productRuleProblems,
  sampleFigures,
  type Market,
  type ProductFields,
  type ProductRuleField,
  type ProductRuleProblem,
} from '@kilat/domain'
import { Button, Form, Input, Select, Space } from 'antd'
import { useState } from 'react'
import { showFieldErrors } from '../app/form-errors'
import { useOpsMutation } from '../app/mutation'
import { postJson, productError } from './product-api'
import type { OpsT } from '../app/i18n'
import { useOpsText } from '../app/i18n'

/** The form's values: amounts as typed in the currency's main unit, counts and basis points as numbers. */
export interface ProductFormValues {
  code: string
  name: string
  status: 'active' | 'disabled'
  sort: number
  minAmount: string
  maxAmount: string
  amountStep: string
  termUnit: 'day' | 'period'
  termDays: number
  periods: number
  periodDays: number
  periodOptions: number[]
  dailyRateBps: number
  adminFeeBps: number
  extensionFee: string
  lateFeeNew: string
  lateFeeRepeat: string
  lateTiers: Array<{ fromDay: number; dailyBps: number }>
  lateCapBps: number
  description: ProductDraft['description']
  buttonText: ProductDraft['buttonText']
  tags: ProductDraft['tags']
}

/** Typed money ("1500000", "1500,50") as integer cents by its digits, never through a float; 0 allowed. */
export function centsOfText(text: string | undefined): number | null {
  const m = /^(\d{1,13})(?:[.,](\d{1,2}))?$/.exec((text ?? '').trim())
  if (!m) return null
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
}

const textOfCents = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`)

export function valuesOf(draft: ProductDraft, code = ''): ProductFormValues {
  return {
    ...draft,
    code,
    minAmount: textOfCents(draft.minAmount),
    maxAmount: textOfCents(draft.maxAmount),
    amountStep: textOfCents(draft.amountStep),
    extensionFee: textOfCents(draft.extensionFee),
    lateFeeNew: textOfCents(draft.lateFeeNew),
    lateFeeRepeat: textOfCents(draft.lateFeeRepeat),
    periodOptions: [...draft.periodOptions],
    lateTiers: draft.lateTiers.map((t) => ({ ...t })),
  }
}

/** The draft the server takes, or null while an amount is not a valid one. */
export function draftOf(v: ProductFormValues): ProductDraft | null {
  const money = [v.minAmount, v.maxAmount, v.amountStep, v.extensionFee, v.lateFeeNew, v.lateFeeRepeat].map(centsOfText)
  if (money.some((m) => m === null)) return null
  const counts = v.termUnit === 'period' ? [v.periods, v.periodDays] : [v.termDays]
  if (![...counts, v.dailyRateBps, v.adminFeeBps, v.lateCapBps, v.sort].every(Number.isInteger)) return null
  const [minAmount, maxAmount, amountStep, extensionFee, lateFeeNew, lateFeeRepeat] = money as number[]
  return {
    name: v.name,
    minAmount: minAmount!,
    maxAmount: maxAmount!,
    amountStep: amountStep!,
    termUnit: v.termUnit,
    termDays: v.termUnit === 'period' ? v.periods * v.periodDays : v.termDays,
    periods: v.termUnit === 'period' ? v.periods : 1,
    periodDays: v.termUnit === 'period' ? v.periodDays : v.termDays,
    periodOptions: v.termUnit === 'period' ? (v.periodOptions ?? []).filter((n) => n !== v.periods) : [],
    dailyRateBps: v.dailyRateBps,
    adminFeeBps: v.adminFeeBps,
    extensionFee: v.termUnit === 'day' ? extensionFee! : 0,
    lateFeeNew: lateFeeNew!,
    lateFeeRepeat: lateFeeRepeat!,
    lateTiers: (v.lateTiers ?? []).filter((t) => t && Number.isInteger(t.fromDay) && Number.isInteger(t.dailyBps)),
    lateCapBps: v.lateCapBps,
    status: v.status,
    sort: v.sort,
    description: v.description,
    buttonText: v.buttonText,
    tags: v.tags,
  }
}

/** The domain's fields of a draft: the same the server checks. */
export function fieldsOf(d: ProductDraft, market: Market): ProductFields {
  return {
    ...d,
    market,
    lateFeeNew: cents(d.lateFeeNew),
    lateFeeRepeat: cents(d.lateFeeRepeat),
    isPartner: false,
    partnerUrl: null,
  }
}

/** A broken rule in the staff member's words, with the market's money and percent formats. */
export function ruleText(p: ProductRuleProblem, t: OpsT, market: Market): string {
  const money = (c: number) => formatMoney(c, market)
  switch (p.rule) {
    case 'termRange':
      return t('products.rules.termRange', { min: p.min, max: p.max, days: p.termDays })
    case 'costCap':
      return t('products.rules.costCap', { cost: money(p.cost), amount: money(p.amount), days: p.termDays, cap: money(p.cap) })
    case 'lateRateCap':
      return t('products.rules.lateRateCap', { rate: formatPercent(p.dailyBps, market), cap: formatPercent(p.cap, market) })
    case 'lateFeeCap':
      return t('products.rules.lateFeeCap', { fee: money(p.fee), cap: money(p.cap) })
    case 'extensionFeeCap':
      return t('products.rules.extensionFeeCap', { fee: money(p.fee), cap: money(p.cap) })
    case 'invalid':
      return t('products.rules.invalid', { message: p.message })
  }
}

interface Props {
  market: Market
  product: OpsProduct | null
  initial: ProductFormValues
  busy: boolean
  onSubmit: (draft: ProductDraft, code: string) => void
  onCancel: () => void
  /** The admin changed a field (not the sample amount: it is not saved). */
  onChange?: () => void
  form: ReturnType<typeof Form.useForm<ProductFormValues>>[0]
}

const LANGS = ['id', 'en', 'es'] as const

/**
 * A whole number typed as text (counts, days, basis points): the form holds the number, or NaN
 * while what is typed is not one. Ant Design's number input would add about 20 KiB to the screen.
 */
function IntInput({ value, onChange, max, id }: { value?: number; onChange?: (v: number) => void; max: number; id?: string }) {
  return (
    <Input
      id={id}
      inputMode="numeric"
      maxLength={String(max).length}
      style={{ width: 120 }}
      value={value === undefined || Number.isNaN(value) ? '' : String(value)}
      onChange={(e) => onChange?.(/^\d+$/.test(e.target.value) ? Math.min(Number(e.target.value), max) : Number.NaN)}
    />
  )
}

/**
 * A version of a product (docs/product/products.md#versions): every field, the market's rules
 * checked as the admin types (the server checks the same again), and the borrower's figures for a
 * sample amount from the same domain functions the borrower's screens use.
 */
export function ProductForm({ market, product, initial, busy, onSubmit, onCancel, onChange, form }: Props) {
  const { t } = useOpsText()
  const values = Form.useWatch([], form) as ProductFormValues | undefined
  const draft = values ? draftOf({ ...initial, ...values }) : draftOf(initial)
  const [sample, setSample] = useState(initial.maxAmount)
  // the domain's rules, as the server will check them
  const problems = draft ? productRuleProblems(fieldsOf(draft, market), localDate(new Date(), market)) : []
  const byField = new Map<ProductRuleField, string[]>()
  for (const p of problems) byField.set(p.field, [...(byField.get(p.field) ?? []), ruleText(p, t, market)])
  const sampleCents = centsOfText(sample)
  const figures = draft && sampleCents ? sampleFigures(fieldsOf(draft, market), sampleCents) : null
  const headline = market === 'IN' ? 'apr' : market === 'MX' ? 'cat' : 'dailyCost'
  const termUnit = values?.termUnit ?? initial.termUnit
  const rule = (field: ProductRuleField) => {
    const notes = byField.get(field)
    return notes ? { validateStatus: 'error' as const, help: notes.join(' ') } : {}
  }
  const sign = MARKET_INFO[market].currencySign
  const moneyInput = (id: string) => <Input id={id} addonBefore={sign} inputMode="decimal" maxLength={16} />
  const bps = (v: number | undefined) => (typeof v === 'number' && Number.isInteger(v) ? formatPercent(v, market) : '')

  return (
    <Form<ProductFormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      name="product"
      initialValues={initial}
      onValuesChange={onChange}
      onFinish={(v) => {
        const d = draftOf({ ...initial, ...v })
        if (d) onSubmit(d, v.code)
      }}
    >
      <p className="ops-products-note">{t('products.fourEyes')}</p>
      <div className="ops-products-form">
        <div className="ops-products-fields">
          {!product && (
            <Form.Item name="code" label={t('products.fields.code')} rules={[{ required: true, pattern: /^[a-z0-9]+(?:-[a-z0-9]+)*$/, message: t('field.invalid') }]}>
              <Input maxLength={40} />
            </Form.Item>
          )}
          <Space wrap align="start">
            <Form.Item name="name" label={t('products.fields.name')} rules={[{ required: true, message: t('field.required') }]}>
              <Input maxLength={60} style={{ width: 240 }} />
            </Form.Item>
            <Form.Item name="status" label={t('products.fields.status')}>
              <Select style={{ width: 140 }} options={(['active', 'disabled'] as const).map((s) => ({ value: s, label: t(`products.statuses.${s}`) }))} />
            </Form.Item>
            <Form.Item name="sort" label={t('products.fields.sort')}>
              <IntInput max={10000} />
            </Form.Item>
          </Space>
          <Space wrap align="start">
            <Form.Item name="minAmount" label={t('products.fields.minAmount')} {...rule('minAmount')}>
              {moneyInput('product_minAmount')}
            </Form.Item>
            <Form.Item name="maxAmount" label={t('products.fields.maxAmount')} {...rule('maxAmount')}>
              {moneyInput('product_maxAmount')}
            </Form.Item>
            <Form.Item name="amountStep" label={t('products.fields.amountStep')} {...rule('amountStep')}>
              {moneyInput('product_amountStep')}
            </Form.Item>
          </Space>
          <Space wrap align="start">
            <Form.Item name="termUnit" label={t('products.fields.termUnit')}>
              <Select style={{ width: 170 }} options={(['day', 'period'] as const).map((u) => ({ value: u, label: t(`products.termUnits.${u}`) }))} />
            </Form.Item>
            {termUnit === 'day' ? (
              <Form.Item name="termDays" label={t('products.fields.termDays')} {...rule('termDays')}>
                <IntInput max={3650} />
              </Form.Item>
            ) : (
              <>
                <Form.Item name="periods" label={t('products.fields.periods')} {...rule('periods')}>
                  <IntInput max={60} />
                </Form.Item>
                <Form.Item name="periodDays" label={t('products.fields.periodDays')} {...rule('periodDays')}>
                  <IntInput max={3650} />
                </Form.Item>
                <Form.Item name="periodOptions" label={t('products.fields.periodOptions')} {...rule('periodOptions')}>
                  <Select mode="multiple" style={{ width: 200 }} options={[2, 3, 4, 6, 9, 12].map((n) => ({ value: n, label: String(n) }))} />
                </Form.Item>
              </>
            )}
          </Space>
          <Space wrap align="start">
            <Form.Item name="dailyRateBps" label={t('products.fields.dailyRateBps')} extra={bps(values?.dailyRateBps)} {...rule('dailyRateBps')}>
              <IntInput max={10000} />
            </Form.Item>
            <Form.Item name="adminFeeBps" label={t('products.fields.adminFeeBps')} extra={bps(values?.adminFeeBps)} {...rule('adminFeeBps')}>
              <IntInput max={10000} />
            </Form.Item>
            {termUnit === 'day' && (
              <Form.Item name="extensionFee" label={t('products.fields.extensionFee')} {...rule('extensionFee')}>
                {moneyInput('product_extensionFee')}
              </Form.Item>
            )}
          </Space>
          <Space wrap align="start">
            <Form.Item name="lateFeeNew" label={t('products.fields.lateFeeNew')} {...rule('lateFeeNew')}>
              {moneyInput('product_lateFeeNew')}
            </Form.Item>
            <Form.Item name="lateFeeRepeat" label={t('products.fields.lateFeeRepeat')}>
              {moneyInput('product_lateFeeRepeat')}
            </Form.Item>
            <Form.Item name="lateCapBps" label={t('products.fields.lateCapBps')} extra={bps(values?.lateCapBps)} {...rule('lateCapBps')}>
              <IntInput max={10000} />
            </Form.Item>
          </Space>
          <Form.Item label={t('products.fields.lateTiers')} {...rule('lateTiers')}>
            <Form.List name="lateTiers">
              {(fields, { add, remove }) => (
                <div>
                  {fields.map((f, i) => (
                    <Space key={f.key} align="baseline">
                      <Form.Item name={[f.name, 'fromDay']} label={t('products.fields.fromDay')} htmlFor={`product_tier_${i}_fromDay`}>
                        <IntInput id={`product_tier_${i}_fromDay`} max={3650} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'dailyBps']} label={t('products.fields.dailyBps')} htmlFor={`product_tier_${i}_dailyBps`}>
                        <IntInput id={`product_tier_${i}_dailyBps`} max={10000} />
                      </Form.Item>
                      <Button onClick={() => remove(f.name)}>{t('products.fields.removeTier')}</Button>
                    </Space>
                  ))}
                  <Button onClick={() => add({ fromDay: 1, dailyBps: 0 })}>{t('products.fields.addTier')}</Button>
                </div>
              )}
            </Form.List>
          </Form.Item>
          {LANGS.map((l) => (
            <Space key={l} wrap align="start">
              <Form.Item name={['description', l]} label={t('products.fields.description', { lang: l.toUpperCase() })} rules={[{ required: true, message: t('field.required') }]}>
                <Input maxLength={300} style={{ width: 360 }} />
              </Form.Item>
              <Form.Item name={['buttonText', l]} label={t('products.fields.buttonText', { lang: l.toUpperCase() })} rules={[{ required: true, message: t('field.required') }]}>
                <Input maxLength={60} style={{ width: 160 }} />
              </Form.Item>
            </Space>
          ))}
        </div>
        <aside className="ops-products-figures" aria-label={t('products.figures.title')}>
          <h3>{t('products.figures.title')}</h3>
          <label htmlFor="product-sample">{t('products.figures.sample')}</label>
          <Input id="product-sample" addonBefore={sign} value={sample} onChange={(e) => setSample(e.target.value)} inputMode="decimal" maxLength={16} />
          {figures ? (
            <dl>
              <dt>{t('products.figures.principal')}</dt>
              <dd>{formatMoney(figures.quote.principal, market)}</dd>
              <dt>{t('products.figures.fee')}</dt>
              <dd>{formatMoney(figures.quote.fee, market)}</dd>
              <dt>{t('products.figures.received')}</dt>
              <dd>{formatMoney(figures.quote.received, market)}</dd>
              <dt>{t('products.figures.interest')}</dt>
              <dd>{formatMoney(figures.quote.interest, market)}</dd>
              <dt>{t('products.figures.totalRepay')}</dt>
              <dd>{formatMoney(figures.quote.totalRepay, market)}</dd>
              <dt>{t('products.figures.termDays')}</dt>
              <dd>{t('products.figures.days', { days: figures.quote.termDays })}</dd>
              {(['dailyCost', 'apr', 'cat'] as const).map((k) => (
                <div key={k} className={k === headline ? 'ops-products-headline' : undefined}>
                  <dt>
                    {t(`products.figures.${k}`)}
                    {k === headline ? ` (${t('products.figures.headline')})` : ''}
                  </dt>
                  <dd data-figure={k}>{formatPercent(k === 'dailyCost' ? figures.dailyCostBps : k === 'apr' ? figures.aprBps : figures.catBps, market)}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p>{t('products.figures.none')}</p>
          )}
        </aside>
      </div>
      <Space>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('products.propose')}
        </Button>
        <Button onClick={onCancel}>{t('products.cancel')}</Button>
      </Space>
    </Form>
  )
}

/** The form of a version with its proposal: the product's current draft (or a new one) changed, then proposed. */
export function ProductEditor({ market, product, draft, onDone, onCancel, onChange }: { market: Market; product: OpsProduct | null; draft: ProductDraft; onDone: () => void; onCancel: () => void; onChange?: () => void }) {
  const { t } = useOpsText()
  const [form] = Form.useForm<ProductFormValues>()
  const propose = useOpsMutation({
    mutationFn: ({ draft, code }: { draft: ProductDraft; code: string }) => postJson(productPropose, product ? { productId: product.id, draft } : { market, code, draft }),
    success: t('products.proposed'),
    onSuccess: onDone,
    // the fields at fault beside them, and the refusal in words too
    onError: (error) => void showFieldErrors(form, error, t),
    errorText: productError,
  })
  return (
    <ProductForm
      form={form}
      market={market}
      product={product}
      initial={valuesOf(draft, product?.code ?? '')}
      busy={propose.isPending}
      onCancel={onCancel}
      onChange={onChange}
      onSubmit={(d, code) => propose.mutate({ draft: d, code })}
    />
  )
}
