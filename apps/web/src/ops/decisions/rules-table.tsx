import { POLICY_INPUT_FIELDS, type PolicyInputField, type PolicyRule } from '@kilat/contract'
import type { Market } from '@kilat/domain'
import { Table, Tag, type TableColumnsType } from 'antd'
import { formatMoney } from '../../shared/format'
import { useOpsText } from '../app/i18n'
import { BAND_COLORS, inputName, reasonText } from './decision-texts'

/** The inputs some rule has a condition on, in the order of POLICY_INPUTS. */
export function usedInputs(rules: readonly Pick<PolicyRule, 'when'>[]): PolicyInputField[] {
  return POLICY_INPUT_FIELDS.filter((field) => rules.some((rule) => (rule.when[field] ?? '').trim() !== ''))
}

/** A column's heading: the input in words, and its path as the engine and its errors name it. */
export function InputHeading({ field }: { field: string }) {
  const { t } = useOpsText()
  return (
    <>
      {inputName(t, field)}
      <code className="ops-decisions-path">{field}</code>
    </>
  )
}

/**
 * A version's rows, read only: a condition per input that some row looks at (empty: any value),
 * then what the row answers. The table names the version it shows (`caption`).
 */
export function RulesTable({ rules, market, caption }: { rules: readonly PolicyRule[]; market: Market; caption: string }) {
  const { t, locale } = useOpsText()
  const inputs = usedInputs(rules)
  const columns: TableColumnsType<PolicyRule> = [
    { key: 'n', title: '#', width: 44, render: (_, _r, i) => i + 1 },
    { key: 'id', title: t('decisions.rule.id'), width: 130, className: 'ops-nowrap', render: (_, r) => <code>{r.id}</code> },
    ...inputs.map((field) => ({
      key: field,
      title: <InputHeading field={field} />,
      width: 130,
      render: (_: unknown, r: PolicyRule) => (r.when[field]?.trim() ? <code>{r.when[field]}</code> : <span className="ops-muted">{t('decisions.rule.any')}</span>),
    })),
    { key: 'band', title: t('decisions.rule.band'), width: 110, render: (_, r) => <Tag color={BAND_COLORS[r.band]}>{t(`decisions.bands.${r.band}`)}</Tag> },
    { key: 'reason', title: t('decisions.rule.reason'), width: 240, render: (_, r) => reasonText(r.reason, locale) },
    {
      key: 'max',
      title: t('decisions.rule.maxAmount'),
      width: 150,
      render: (_, r) => (r.maxAmount === null ? <span className="ops-muted">{t('decisions.rule.noLimit')}</span> : <span className="ops-nowrap">{formatMoney(r.maxAmount, market)}</span>),
    },
  ]
  return (
    <Table<PolicyRule>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={[...rules]}
      columns={columns}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('decisions.rule.none') }}
      caption={<span className="ops-visually-hidden">{caption}</span>}
    />
  )
}
