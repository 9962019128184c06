import { opsOrderDecision, POLICY_INPUT_FIELDS, type DataOf, type DecisionBand } from '@kilat/contract'
import type { Market } from '@kilat/domain'
import { useQuery } from '@tanstack/react-query'
import { Collapse, Descriptions, Flex, Table, Tag } from 'antd'
import { formatCount, formatDateTime, formatMoney } from '../../shared/format'
import { useApi } from '../../shared/api'
import { useOpsText, type OpsT } from '../app/i18n'
import { Panel } from '../app/panel'
import { LoadFailure } from '../app/states'
import { BAND_COLORS, DECISIONS_KEY, inputName, isAmountInput, reasonText } from './decision-texts'
import './decisions.css'

type Decision = NonNullable<DataOf<typeof opsOrderDecision>['decision']>
type Fired = Decision['fired'][number]

/** The inputs as paths (`identity.age`), whether the server sent them nested or flat; the policy's own first, in its order. */
export function flatInputs(inputs: Record<string, unknown>): Array<[string, unknown]> {
  const flat: Array<[string, unknown]> = []
  const walk = (prefix: string, value: unknown) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value)) walk(prefix ? `${prefix}.${key}` : key, inner)
    } else flat.push([prefix, value])
  }
  walk('', inputs)
  const order = (field: string) => {
    const i = (POLICY_INPUT_FIELDS as readonly string[]).indexOf(field)
    return i === -1 ? POLICY_INPUT_FIELDS.length : i
  }
  return flat.sort(([a], [b]) => order(a) - order(b))
}

function inputValue(t: OpsT, field: string, value: unknown, market: Market): string {
  if (value === null || value === undefined) return t('decisions.order.unknown')
  if (typeof value === 'boolean') return t(value ? 'decisions.order.yes' : 'decisions.order.no')
  if (typeof value === 'number' && Number.isInteger(value)) return isAmountInput(field) ? formatMoney(value, market) : formatCount(value, market)
  if (typeof value === 'string') return value
  return JSON.stringify(value)
}

/**
 * The order screen's "Decision" (docs/product/decisions.md): how the system decided the order, in
 * words: the band, the policy's version, the amount asked and approved, every reason, the rows of
 * the policy that held, what the policy saw, and the limits under which the system paid it out.
 * Nothing when the system did not decide the order (placed before, or decided by a person alone).
 */
export function DecisionPanel({ orderNo, market }: { orderNo: string; market: Market }) {
  const { t, locale } = useOpsText()
  const { callApi } = useApi()
  const query = useQuery({
    queryKey: [...DECISIONS_KEY, 'order', orderNo],
    queryFn: ({ signal }) => callApi(opsOrderDecision, { query: { orderNo } }, { signal }),
  })
  if (query.isPending) return null
  if (query.isError) {
    return (
      <Panel title={t('decisions.order.title')}>
        <LoadFailure error={query.error} retry={() => void query.refetch()} />
      </Panel>
    )
  }
  const { decision } = query.data
  if (!decision) return null

  const money = (cents: number) => <span className="ops-nowrap">{formatMoney(cents, market)}</span>
  const band = (b: DecisionBand) => <Tag color={BAND_COLORS[b]}>{t(`decisions.bands.${b}`)}</Tag>
  const inputs = flatInputs(decision.inputs)

  return (
    <Panel title={t('decisions.order.title')}>
      <Flex vertical gap={12}>
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'band', label: t('decisions.order.band'), children: band(decision.band) },
            {
              key: 'policy',
              label: t('decisions.order.policy'),
              children: decision.policyVersion === null ? t('decisions.order.noPolicy') : t('decisions.order.policyVersion', { version: decision.policyVersion }),
            },
            { key: 'decided', label: t('decisions.order.decidedAt'), children: t('decisions.order.decidedIn', { at: formatDateTime(decision.decidedAt, market), ms: (decision.micros / 1000).toFixed(1) }) },
            { key: 'asked', label: t('decisions.order.asked'), children: money(decision.asked) },
            { key: 'approved', label: t('decisions.order.approvedAmount'), children: money(decision.approvedAmount) },
            {
              key: 'payout',
              label: t('decisions.order.autoPayout'),
              children: decision.autoPayout
                ? t('decisions.order.autoPayoutLimits', { perLoan: formatMoney(decision.autoPayout.perLoanMax, market), daily: formatMoney(decision.autoPayout.dailyMax, market) })
                : t('decisions.order.noAutoPayout'),
            },
            {
              key: 'reasons',
              label: t('decisions.order.reasons'),
              span: 'filled',
              children:
                decision.reasons.length === 0 ? (
                  <span className="ops-muted">{t('decisions.order.noReasons')}</span>
                ) : (
                  <ul className="ops-decisions-reasons">
                    {decision.reasons.map((r) => (
                      <li key={r}>{reasonText(r, locale)}</li>
                    ))}
                  </ul>
                ),
            },
          ]}
        />
        <Table<Fired>
          size="small"
          pagination={false}
          rowKey="id"
          dataSource={decision.fired}
          locale={{ emptyText: t('decisions.order.noneFired') }}
          caption={<span className="ops-decisions-caption">{t('decisions.order.fired')}</span>}
          columns={[
            { key: 'id', title: t('decisions.rule.id'), render: (_, f) => <code>{f.id}</code> },
            { key: 'band', title: t('decisions.rule.band'), render: (_, f) => band(f.band) },
            { key: 'reason', title: t('decisions.rule.reason'), render: (_, f) => reasonText(f.reason, locale) },
          ]}
        />
        {inputs.length > 0 && (
          <Collapse
            size="small"
            items={[
              {
                key: 'inputs',
                label: t('decisions.order.inputs'),
                children: (
                  <Descriptions
                    bordered
                    size="small"
                    column={{ xs: 1, xl: 2 }}
                    items={inputs.map(([field, value]) => ({
                      key: field,
                      label: (
                        <>
                          {inputName(t, field)}
                          <code className="ops-decisions-path">{field}</code>
                        </>
                      ),
                      children: inputValue(t, field, value, market),
                    }))}
                  />
                ),
              },
            ]}
          />
        )}
      </Flex>
    </Panel>
  )
}
