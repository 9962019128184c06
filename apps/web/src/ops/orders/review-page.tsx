import { OPS_ERROR_CODES, REJECT_REASONS, REJECT_REASON_TEXTS, orderApprove, orderReject, orderReviewQueue, type BodyOf, type DataOf, type OpsOrderSummary } from '@kilat/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Form, Input, Popconfirm, Select, Space } from 'antd'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { formatMoney } from '../../shared/format'
import { useApi } from '../../shared/api'
import { isCode } from '../app/api'
import { showFieldErrors } from '../app/form-errors'
import { useNotices } from '../app/ops-app'
import { Panel } from '../app/panel'
import { useOpsText } from '../app/i18n'
import { useOpsMarket } from '../app/session'
import { OrderQueue } from './order-columns'

type Row = DataOf<typeof orderReviewQueue>['orders'][number]
type Rejection = Omit<BodyOf<typeof orderReject>, 'orderNo'>

/** Risk's review queue: submitted orders, oldest first, with the borrower's record; approve or reject. */
export function ReviewPage() {
  const { t, locale } = useOpsText()
  const { callApi } = useApi()
  const { message } = useNotices()
  const queryClient = useQueryClient()
  const [market] = useOpsMarket()
  const [params] = useSearchParams()
  const cursor = params.get('cursor') ?? undefined
  const [rejecting, setRejecting] = useState<OpsOrderSummary | undefined>()
  const [form] = Form.useForm<Rejection>()
  const queue = useQuery({
    queryKey: ['ops', 'orders', 'review', market, cursor],
    queryFn: ({ signal }) => callApi(orderReviewQueue, { query: { market, cursor } }, { signal, toast: false }),
  })
  const done = (text: string) => {
    void message.success(text)
    void queryClient.invalidateQueries({ queryKey: ['ops', 'orders'] })
  }
  const failed = (error: Error) => {
    void message.error(isCode(error, OPS_ERROR_CODES.orderAlreadyDecided) ? t('orders.alreadyDecided') : error.message || t('app.failed'))
    void queryClient.invalidateQueries({ queryKey: ['ops', 'orders'] })
  }
  const approve = useMutation({
    mutationFn: (orderNo: string) => callApi(orderApprove, { body: { orderNo } }, { toast: false }),
    onSuccess: ({ order }) => done(t('orders.approved', { orderNo: order.orderNo })),
    onError: failed,
  })
  const reject = useMutation({
    mutationFn: (body: BodyOf<typeof orderReject>) => callApi(orderReject, { body }, { toast: false }),
    onSuccess: ({ order }) => {
      setRejecting(undefined)
      form.resetFields()
      done(t('orders.rejected', { orderNo: order.orderNo }))
    },
    onError: (error) => {
      if (!showFieldErrors(form, error, t, { note: 'orders.noteNeeded', reason: 'field.required' })) {
        setRejecting(undefined)
        failed(error)
      }
    },
  })

  return (
    <>
      <h1 className="ops-title">
        {t('menu.review')}
      </h1>
      {rejecting && (
        <Panel title={t('orders.rejectTitle', { orderNo: rejecting.orderNo })}>
          <Form form={form} layout="vertical" requiredMark={false} name="reject" onFinish={(values) => rejecting && reject.mutate({ ...values, orderNo: rejecting.orderNo })}>
            <Form.Item name="reason" label={t('orders.reason')} rules={[{ required: true, message: t('field.required') }]}>
              <Select options={REJECT_REASONS.map((reason) => ({ value: reason, label: REJECT_REASON_TEXTS[reason][locale] }))} />
            </Form.Item>
            <Form.Item
              name="note"
              label={t('orders.note')}
              dependencies={['reason']}
              rules={[({ getFieldValue }) => ({ required: getFieldValue('reason') === 'other', whitespace: true, message: t('orders.noteNeeded') })]}
            >
              <Input.TextArea rows={3} maxLength={500} showCount />
            </Form.Item>
            <Space>
              <Button danger htmlType="submit" loading={reject.isPending}>
                {t('orders.reject')}
              </Button>
              <Button onClick={() => setRejecting(undefined)}>{t('staff.cancel')}</Button>
            </Space>
          </Form>
        </Panel>
      )}
      <OrderQueue<Row>
        queue={queue}
        width={1200}
        columns={[
          {
            key: 'record',
            title: t('orders.record'),
            render: (_, o) =>
              t('orders.recordText', {
                earlier: o.borrower.earlierOrders,
                repayments: o.borrower.repaymentsCount,
                sum: formatMoney(o.borrower.repaymentsSum, o.market),
                worst: o.borrower.worstDaysOverdue,
              }),
          },
          {
            key: 'actions',
            title: t('staff.actions'),
            render: (_, o) => (
              <Space>
                <Popconfirm title={t('orders.approveConfirm', { orderNo: o.orderNo })} onConfirm={() => approve.mutate(o.orderNo)} okText={t('orders.approve')} cancelText={t('staff.cancel')}>
                  <Button type="primary" size="small" aria-label={`${t('orders.approve')} ${o.orderNo}`}>
                    {t('orders.approve')}
                  </Button>
                </Popconfirm>
                <Button danger size="small" onClick={() => setRejecting(o)} aria-label={`${t('orders.reject')} ${o.orderNo}`}>
                  {t('orders.reject')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </>
  )
}
