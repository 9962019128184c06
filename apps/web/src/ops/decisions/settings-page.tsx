import { DECISION_OPS_LIMITS, opsAutoPayoutConfirm, opsAutoPayoutRequest, opsAutoPayoutWithdraw, opsDecisionSettings, opsDecisionSwitch, type DataOf } from '@kilat/contract'
import { MARKET_INFO, type Market } from '@kilat/domain'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Descriptions, Flex, Form, Input, Progress } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { formatDateTime, formatMoney } from '../../shared/format'
import { useApi } from '../../shared/api'
import { FourEyesActions, useFourEyes } from '../app/four-eyes'
import { useOpsText } from '../app/i18n'
import { Panel } from '../app/panel'
import { useOpsMarket, useStaff } from '../app/session'
import { LoadFailure, Loading } from '../app/states'
import { centsOfTyped, DECISIONS_KEY, decisionsError } from './decision-texts'
import { MoneyEcho } from './money-echo'
import './decisions.css'

type Settings = DataOf<typeof opsDecisionSettings>

// The switch's dialog: its own chunk, loaded when risk or an admin pauses or resumes.
const SwitchDialog = lazy(async () => ({ default: (await import('./switch-dialog')).SwitchDialog }))

interface LimitsForm {
  perLoanMax: string
  dailyMax: string
}

/**
 * How much the system pays out on its own in a market (docs/product/decisions.md#automatic-payout):
 * finance asks for new limits, another finance member confirms them; today's total against the
 * daily limit; and the switch with which risk or an admin sends every new order to people.
 */
export function SettingsPage() {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const staff = useStaff()
  const [market] = useOpsMarket()
  const [switching, setSwitching] = useState<{ open: boolean } | undefined>()
  const settings = useQuery({
    queryKey: [...DECISIONS_KEY, 'settings', market],
    queryFn: ({ signal }) => callApi(opsDecisionSettings, { query: { market } }, { signal }),
  })
  const title = <h1 className="ops-title">{t('decisions.settings.title', { market: t(`market.${market}`) })}</h1>
  if (settings.isPending) return (<>{title}<Loading /></>)
  if (settings.isError) return (<>{title}<LoadFailure error={settings.error} retry={() => void settings.refetch()} /></>)
  const data = settings.data
  const mayPause = opsDecisionSwitch.roles.includes(staff.role)

  return (
    <Flex vertical gap={16}>
      {title}
      <SwitchState market={market} paused={data.paused} />
      {mayPause && (
        <div>
          <Button danger={!data.paused.paused} type={data.paused.paused ? 'primary' : 'default'} onClick={() => setSwitching({ open: true })}>
            {t(data.paused.paused ? 'decisions.settings.resume' : 'decisions.settings.pause')}
          </Button>
        </div>
      )}
      <Limits market={market} data={data} />
      {switching && (
        <Suspense fallback={null}>
          <SwitchDialog
            market={market}
            pause={!data.paused.paused}
            open={switching.open}
            onClose={() => setSwitching({ open: false })}
            afterClose={() => setSwitching(undefined)}
          />
        </Suspense>
      )}
    </Flex>
  )
}

/** Whether the policy decides new orders, in words; paused, who paused it, when and why. */
function SwitchState({ market, paused }: { market: Market; paused: Settings['paused'] }) {
  const { t } = useOpsText()
  if (!paused.paused) return <Alert type="success" showIcon title={t('decisions.settings.running')} />
  return (
    <Alert
      type="warning"
      showIcon
      title={t('decisions.settings.paused')}
      description={
        <>
          {(paused.by || paused.at) && <div>{t('decisions.settings.pausedBy', { by: paused.by ?? '—', at: paused.at ? formatDateTime(paused.at, market) : '—' })}</div>}
          {paused.reason && <div className="ops-text">{t('decisions.settings.pausedReason', { reason: paused.reason })}</div>}
        </>
      }
    />
  )
}

/** The limits, today's total against the daily one, a change waiting and finance's form for the next. */
function Limits({ market, data }: { market: Market; data: Settings }) {
  const { t } = useOpsText()
  const staff = useStaff()
  const [form] = Form.useForm<LimitsForm>()
  const perLoanTyped = Form.useWatch('perLoanMax', form)
  const dailyTyped = Form.useWatch('dailyMax', form)
  const money = (cents: number) => <span className="ops-nowrap">{formatMoney(cents, market)}</span>
  const flow = useFourEyes<number, unknown, unknown, { perLoanMax: number; dailyMax: number }>({
    request: {
      mutationFn: (limits, call) => call(opsAutoPayoutRequest, { body: { market, ...limits } }),
      success: t('decisions.settings.requested'),
      onSuccess: () => form.resetFields(),
      form,
    },
    confirm: (requestId, call) => call(opsAutoPayoutConfirm, { body: { requestId } }),
    withdraw: (requestId, call) => call(opsAutoPayoutWithdraw, { body: { requestId } }),
    confirmed: t('decisions.settings.confirmed'),
    withdrawn: t('decisions.settings.withdrawn'),
    refresh: [DECISIONS_KEY],
    sameMember: t('decisions.settings.sameMember'),
    errorText: decisionsError,
  })
  const requests = opsAutoPayoutRequest.roles.includes(staff.role)
  const decides = opsAutoPayoutConfirm.roles.includes(staff.role)
  const { limits, pending, paidToday } = data
  const used = limits.dailyMax > 0 ? Math.min(100, Math.floor((paidToday / limits.dailyMax) * 100)) : 0
  const sign = MARKET_INFO[market].currencySign
  const amountRule = {
    validator: (_: unknown, value?: string) => {
      const cents = centsOfTyped(value)
      return cents !== null && cents <= DECISION_OPS_LIMITS.limitMax ? Promise.resolve() : Promise.reject(new Error(t('decisions.settings.amountInvalid')))
    },
  }

  return (
    <>
      <Panel title={t('decisions.settings.limits')}>
        <Flex vertical gap={12}>
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'perLoan', label: t('decisions.settings.perLoanMax'), children: money(limits.perLoanMax) },
              { key: 'daily', label: t('decisions.settings.dailyMax'), children: money(limits.dailyMax) },
            ]}
          />
          {limits.perLoanMax === 0 || limits.dailyMax === 0 ? <p className="ops-muted">{t('decisions.settings.zeroLimits')}</p> : null}
          <div>
            <h3 className="ops-decisions-subheading">{t('decisions.settings.today')}</h3>
            <Progress percent={used} status={paidToday >= limits.dailyMax && limits.dailyMax > 0 ? 'exception' : 'normal'} aria-label={t('decisions.settings.todayLabel')} />
            <p className="ops-small">{t('decisions.settings.todayText', { paid: formatMoney(paidToday, market), max: formatMoney(limits.dailyMax, market) })}</p>
          </div>
        </Flex>
      </Panel>
      {pending && (
        <Panel
          title={t('decisions.settings.pending')}
          extra={
            decides ? (
              <FourEyesActions
                flow={flow}
                id={pending.id}
                maker={pending.requestedBy}
                expiresAt={pending.expiresAt}
                subject={t('decisions.settings.pendingSubject')}
                confirmLabel={t('decisions.settings.confirm')}
                confirmQuestion={t('decisions.settings.confirmQuestion')}
                withdrawLabel={t('decisions.settings.withdraw')}
                ownNote={t('decisions.settings.ownRequest')}
              />
            ) : undefined
          }
        >
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'perLoan', label: t('decisions.settings.perLoanMax'), children: money(pending.perLoanMax) },
              { key: 'daily', label: t('decisions.settings.dailyMax'), children: money(pending.dailyMax) },
              {
                key: 'by',
                label: t('decisions.settings.requestedBy'),
                span: 'filled',
                children: `${pending.requestedByEmail ?? `#${pending.requestedBy}`} · ${formatDateTime(pending.requestedAt, market)}`,
              },
            ]}
          />
        </Panel>
      )}
      {requests && (
        <Panel title={t('decisions.settings.requestTitle')}>
          {pending ? (
            <p className="ops-muted">{t('decisions.settings.pendingFirst')}</p>
          ) : (
            <Form<LimitsForm>
              form={form}
              layout="vertical"
              requiredMark={false}
              name="auto-payout-limits"
              style={{ maxWidth: 480 }}
              onFinish={(v) => flow.request.mutate({ perLoanMax: centsOfTyped(v.perLoanMax) ?? 0, dailyMax: centsOfTyped(v.dailyMax) ?? 0 })}
            >
              <p className="ops-small">{t('decisions.settings.requestHelp')}</p>
              <Form.Item name="perLoanMax" label={t('decisions.settings.perLoanMax')} rules={[amountRule]} extra={<MoneyEcho text={perLoanTyped} market={market} />}>
                <Input prefix={sign} inputMode="decimal" />
              </Form.Item>
              <Form.Item name="dailyMax" label={t('decisions.settings.dailyMax')} rules={[amountRule]} extra={<MoneyEcho text={dailyTyped} market={market} />}>
                <Input prefix={sign} inputMode="decimal" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={flow.request.isPending}>
                {t('decisions.settings.request')}
              </Button>
            </Form>
          )}
        </Panel>
      )}
    </>
  )
}
