import { adjustmentCancel, adjustmentConfirm, adjustmentQueue, orderAdjustments, refundRequest, waiverRequest, type DataOf } from '@kilat/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Form, Input, Popconfirm, Select, Space, Table } from 'antd'
import { useState } from 'react'
import { Link, useSearchParams } from '../../shared/router'
import { formatDateTime, formatMoney } from '../../shared/format'
import { useApi } from '../../shared/api'
import { showFieldErrors } from '../app/form-errors'
import { useNotices } from '../app/ops-app'
import { useOpsText } from '../app/i18n'
import { ORDER_NO_COLUMN, OrderNoLink } from '../app/order-no'
import { KeyPager } from '../app/paging'
import { Panel } from '../app/panel'
import { useOpsMarket, useStaff } from '../app/session'
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
  const { message } = useNotices()
  const queryClient = useQueryClient()
  const staff = useStaff()
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
    queryFn: ({ signal }) => callApi(adjustmentQueue, { query: { market, cursor } }, { signal, toast: false }),
  })
  const order = useQuery({
    queryKey: ['ops', 'adjustments', 'order', looked],
    queryFn: ({ signal }) => callApi(orderAdjustments, { query: { orderNo: looked } }, { signal, toast: false }),
    enabled: looked.length > 0,
    retry: false,
  })
  const settle = () => void queryClient.invalidateQueries({ queryKey: ['ops', 'adjustments'] })
  const onError = (error: Error) => {
    void message.error(adjustmentError(error, t) ?? (error.message || t('app.failed')))
    settle()
  }
  const ask = useMutation({
    mutationFn: (values: RequestForm & { orderNo: string; cents: number }) =>
      values.type === 'refund'
        ? callApi(refundRequest, { body: { orderNo: values.orderNo, amount: values.cents, note: values.note } }, { toast: false })
        : callApi(waiverRequest, { body: { orderNo: values.orderNo, component: values.type, amount: values.cents, note: values.note } }, { toast: false }),
    onSuccess: () => {
      void message.success(t('adjustments.requested'))
      form.resetFields()
      settle()
    },
    onError: (error: Error) => {
      if (!showFieldErrors(form, error, t)) onError(error)
    },
  })
  const confirm = useMutation({
    mutationFn: (requestId: number) => callApi(adjustmentConfirm, { body: { requestId } }, { toast: false }),
    onSuccess: () => {
      void message.success(t('adjustments.confirmed'))
      settle()
    },
    onError,
  })
  const cancel = useMutation({
    mutationFn: (requestId: number) => callApi(adjustmentCancel, { body: { requestId } }, { toast: false }),
    onSuccess: () => {
      void message.success(t('adjustments.cancelled'))
      settle()
    },
    onError,
  })

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
                    const own = r.requestedBy === staff.id
                    return (
                      <Space>
                        <Popconfirm
                          title={r.kind === 'refund' ? t('adjustments.confirmRefund', { amount, orderNo: r.orderNo }) : t('adjustments.confirmWaiver', { amount, orderNo: r.orderNo })}
                          onConfirm={() => confirm.mutate(r.id)}
                          okText={t('adjustments.confirm')}
                          cancelText={t('staff.cancel')}
                        >
                          <Button type="primary" size="small" disabled={own} title={own ? t('adjustments.yourOwn') : undefined} aria-label={`${t('adjustments.confirm')} ${r.orderNo}`}>
                            {t('adjustments.confirm')}
                          </Button>
                        </Popconfirm>
                        <Button size="small" onClick={() => cancel.mutate(r.id)} aria-label={`${t('adjustments.cancel')} ${r.orderNo}`}>
                          {t('adjustments.cancel')}
                        </Button>
                      </Space>
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
