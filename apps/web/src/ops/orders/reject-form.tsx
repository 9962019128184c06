import { REJECT_REASONS, REJECT_REASON_TEXTS, orderReject, type BodyOf, type OpsOrderSummary } from '@kilat/contract'
import { useMutation } from '@tanstack/react-query'
import { Button, Form, Input, Select, Space } from 'antd'
import { useApi } from '../../shared/api'
import { showFieldErrors } from '../app/form-errors'
import { Panel } from '../app/panel'
import { useOpsText } from '../app/i18n'

type Rejection = Omit<BodyOf<typeof orderReject>, 'orderNo'>

/** The review queue's rejection of one order: a reason, and a note when the reason is "other". */
export function RejectForm({ order, onClose, onRejected, onFailed }: { order: OpsOrderSummary; onClose: () => void; onRejected: (orderNo: string) => void; onFailed: (error: Error) => void }) {
  const { t, locale } = useOpsText()
  const { callApi } = useApi()
  const [form] = Form.useForm<Rejection>()
  const reject = useMutation({
    mutationFn: (body: BodyOf<typeof orderReject>) => callApi(orderReject, { body }, { toast: false }),
    onSuccess: ({ order: rejected }) => {
      form.resetFields()
      onRejected(rejected.orderNo)
    },
    onError: (error) => {
      if (!showFieldErrors(form, error, t, { note: 'orders.noteNeeded', reason: 'field.required' })) onFailed(error)
    },
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
