import { adjustmentCancel, adjustmentConfirm, adjustmentQueue, orderAdjustments, refundRequest, waiverRequest, type DataOf } from '@kilat/contract'
import { useQuery } from '@tanstack/react-query'
import { Button, Form, Input, Select, Table } from 'antd'
import { useState } from 'react'
import { Link, useSearchParams } from '../../shared/router'
import { formatDateTime, formatMoney } from '../../shared/format'
import { useApi } from '../../shared/api'
import { FourEyesActions, useFourEyes } from '../app/four-eyes'
import { useOpsText } from '../app/i18n'
import { ORDER_NO_COLUMN, OrderNoLink } from '../app/order-no'
import { KeyPager } from '../app/paging'
import { Panel } from '../app/panel'
import { useOpsMarket } from '../app/session'
import { LoadFailure } from '../app/states'
import { OrderStatusName } from '../app/status-names'
import { adjustmentError, centsOf, kindName } from './adjustment-texts'
import { Who } from './who'

type Request = DataOf<typeof adjustmentQueue>['requests'][number]
type OrderAdjustments = DataOf<typeof orderAdjustments>
type RequestType = 'late_charge' | 'interest' | 'refund'

interface RequestForm {
  type: RequestType
  amount: string
  note: string
}

/**
 * Waivers and refunds, four eyes (docs/product/waivers-and-refunds.md#the-console): a finance
 * member looks an order up and asks to waive late charges or interest, or to refund an overpayment;
 * another confirms or either withdraws it from the queue below.
 */
export function AdjustmentsPage() {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const [market] = useOpsMarket()
  const [params] = useSearchParams()
  const cursor = params.get('cursor') ?? undefined
  const [orderNo, setOrderNo] = useState(params.get('orderNo') ?? '')
  const [looked, setLooked] = useState(params.get('orderNo') ?? '')
  const [form] = Form.useForm<RequestForm>()
  const type = Form.useWatch('type', form) ?? 'late_charge'
  const typedAmount = Form.useWatch('amount', form) ?? ''
  const queue = useQuery({
    queryKey: ['ops', 'adjustments', 'queue', market, cursor],
    queryFn: ({ signal }) => callApi(adjustmentQueue, { query: { market, cursor } }, { signal }),
  })
  const order = useQuery({
    queryKey: ['ops', 'adjustments', 'order', looked],
    queryFn: ({ signal }) => callApi(orderAdjustments, { query: { orderNo: looked } }, { signal }),
    enabled: looked.length > 0,
    retry: false,
  })
  const adjustments = useFourEyes<number, unknown, unknown, RequestForm & { orderNo: string; cents: number }>({
    request: {
      mutationFn: (values, call) =>
        values.type === 'refund'
          ? call(refundRequest, { body: { orderNo: values.orderNo, amount: values.cents, note: values.note } })
          : call(waiverRequest, { body: { orderNo: values.orderNo, component: values.type, amount: values.cents, note: values.note } }),
      success: t('adjustments.requested'),
      onSuccess: () => form.resetFields(),
      form,
    },
    confirm: (requestId, call) => call(adjustmentConfirm, { body: { requestId } }),
    withdraw: (requestId, call) => call(adjustmentCancel, { body: { requestId } }),
    confirmed: t('adjustments.confirmed'),
    withdrawn: t('adjustments.cancelled'),
    refresh: [['ops', 'adjustments']],
    sameMember: t('adjustments.errors.sameStaff'),
    errorText: adjustmentError,
  })
  const ask = adjustments.request

  const found: OrderAdjustments | undefined = order.data
  const money = (cents: number, m = found?.market ?? market) => formatMoney(cents, m)
  const maxOf = (l: OrderAdjustments['limits'], kind: RequestType) => (kind === 'late_charge' ? l.lateChargesOwed : kind === 'interest' ? l.interestOwed : l.refundable)
  const typed = centsOf(typedAmount)
  const effect =
    found && typed !== null
      ? type === 'refund'
        ? t('adjustments.willRefund', { amount: money(typed), orderNo: found.orderNo })
        : t('adjustments.willWaive', { amount: money(typed), what: t(`adjustments.components.${type}`), orderNo: found.orderNo })
      : null

  return (
    <div className="ops-adjustments">
      <h1 className="ops-title">{t('adjustments.title')}</h1>
      <Panel title={t('adjustments.newRequest')}>
        <div className="ops-adjustments">
          <Form
            layout="inline"
            name="adjustment-order"
            onFinish={() => setLooked(orderNo.trim())}
          >
            <Form.Item label={t('adjustments.orderNo')} htmlFor="adjustment-order-no">
              <Input id="adjustment-order-no" value={orderNo} onChange={(e) => setOrderNo(e.target.value)} maxLength={32} style={{ width: 240 }} />
            </Form.Item>
            <Button htmlType="submit">{t('adjustments.lookUp')}</Button>
          </Form>
          {order.isError && (
            <p role="alert" className="ops-adjustments-note">
              {t('adjustments.notFound')}
            </p>
          )}
          {found && (
            <>
              <p style={{ margin: 0 }}>
                <Link to={`/ops/orders/${found.orderNo}?market=${found.market}`}>{found.orderNo}</Link> · {found.productName} · <OrderStatusName status={found.status} />
                <br />
                {t('adjustments.limits', {
                  late: money(found.limits.lateChargesOwed),
                  interest: money(found.limits.interestOwed),
                  overpaid: money(found.limits.overpaid),
                  refunded: money(found.limits.refunded),
                  total: money(found.limits.totalOwed),
                })}
              </p>
              <Form<RequestForm>
                form={form}
                layout="vertical"
                requiredMark={false}
                name="adjustment"
                initialValues={{ type: 'late_charge', amount: '', note: '' }}
                style={{ maxWidth: 640 }}
                onFinish={(values) => {
                  const cents = centsOf(values.amount)
                  if (cents !== null) ask.mutate({ ...values, orderNo: found.orderNo, cents })
                }}
              >
                <Form.Item name="type" label={t('adjustments.type')}>
                  <Select
                    options={(['late_charge', 'interest', 'refund'] as const).map((value) => ({ value, label: t(`adjustments.types.${value}`) }))}
                  />
                </Form.Item>
                <Form.Item
                  name="amount"
                  label={t('adjustments.amount')}
                  extra={t('adjustments.amountHint', { max: money(maxOf(found.limits, type)) })}
                  rules={[{ validator: (_, v: string) => (centsOf(v ?? '') === null ? Promise.reject(new Error(t('adjustments.amountInvalid'))) : Promise.resolve()) }]}
                >
                  <Input inputMode="decimal" maxLength={16} />
                </Form.Item>
                <Form.Item name="note" label={t('adjustments.note')} rules={[{ required: true, whitespace: true, message: t('field.required') }]}>
                  <Input.TextArea rows={2} maxLength={500} showCount />
                </Form.Item>
                {/* what will happen, and to whom, before the button that does it */}
                {effect && <p className="ops-adjustments-note">{effect}</p>}
                <Button type="primary" htmlType="submit" loading={ask.isPending}>
                  {t('adjustments.submit')}
                </Button>
              </Form>
            </>
          )}
        </div>
      </Panel>
      <Panel title={t('adjustments.queue')}>
        {queue.isError ? (
          <LoadFailure error={queue.error} retry={() => void queue.refetch()} />
        ) : (
          <>
            <Table<Request>
              rowKey="id"
              size="small"
              loading={queue.isPending}
              dataSource={queue.data?.requests}
              pagination={false}
              locale={{ emptyText: t('list.empty') }}
              columns={[
                { key: 'order', ...ORDER_NO_COLUMN, title: t('adjustments.order'), render: (_, r) => <OrderNoLink orderNo={r.orderNo} market={r.market} /> },
                { key: 'what', title: t('adjustments.what'), render: (_, r) => kindName(t, r) },
                { key: 'amount', title: t('adjustments.amount'), render: (_, r) => formatMoney(r.amount, r.market) },
                { key: 'by', title: t('adjustments.requestedBy'), render: (_, r) => <Who email={r.requestedByEmail ?? `#${r.requestedBy}`} at={formatDateTime(r.requestedAt, r.market)} /> },
                { key: 'note', title: t('adjustments.note'), dataIndex: 'note', ellipsis: true },
                {
                  key: 'actions',
                  title: t('adjustments.actions'),
                  width: 210,
                  render: (_, r) => {
                    const amount = formatMoney(r.amount, r.market)
                    return (
                      <FourEyesActions
                        flow={adjustments}
                        id={r.id}
                        maker={r.requestedBy}
                        expiresAt={r.expiresAt}
                        subject={r.orderNo}
                        confirmLabel={t('adjustments.confirm')}
                        confirmQuestion={r.kind === 'refund' ? t('adjustments.confirmRefund', { amount, orderNo: r.orderNo }) : t('adjustments.confirmWaiver', { amount, orderNo: r.orderNo })}
                        withdrawLabel={t('adjustments.cancel')}
                        ownTitle={t('adjustments.yourOwn')}
                      />
                    )
                  },
                },
              ]}
            />
            <KeyPager next={queue.data?.nextCursor} />
          </>
        )}
      </Panel>
    </div>
  )
}
