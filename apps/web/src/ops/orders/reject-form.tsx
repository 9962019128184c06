import { REJECT_REASONS, REJECT_REASON_TEXTS, orderReject, type BodyOf, type OpsOrderSummary } from '@kilat/contract'
import type { QueryKey } from '@tanstack/react-query'
import { Button, Form, Input, Select, Space } from 'antd'
import { useOpsMutation } from '../app/mutation'
import { Panel } from '../app/panel'
import { useOpsText } from '../app/i18n'

type Rejection = Omit<BodyOf<typeof orderReject>, 'orderNo'>

/** The review queue's rejection of one order: a reason, and a note when the reason is "other". */
export function RejectForm({ order, onClose, refresh, errorText }: { order: OpsOrderSummary; onClose: () => void; refresh: readonly QueryKey[]; errorText: (error: unknown) => string | undefined }) {
  const { t, locale } = useOpsText()
  const [form] = Form.useForm<Rejection>()
  const reject = useOpsMutation({
    mutationFn: (body: BodyOf<typeof orderReject>, call) => call(orderReject, { body }),
    success: ({ order: rejected }) => t('orders.rejected', { orderNo: rejected.orderNo }),
    onSuccess: onClose,
    form,
    fieldMessages: { note: 'orders.noteNeeded', reason: 'field.required' },
    // refused for another reason: the form closes, the notice says why
    onError: () => void onClose(),
    refresh,
    errorText,
  })
  return (
    <Panel title={t('orders.rejectTitle', { orderNo: order.orderNo })}>
      <Form form={form} layout="vertical" requiredMark={false} name="reject" onFinish={(values) => reject.mutate({ ...values, orderNo: order.orderNo })}>
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
          <Button onClick={onClose}>{t('staff.cancel')}</Button>
        </Space>
      </Form>
    </Panel>
  )
}
