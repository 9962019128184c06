import { KYC_OPS_LIMITS, opsKycReveal, type RevealField } from '@kilat/contract'
import { Form, Input, Modal } from 'antd'
import { useOpsText } from '../app/i18n'
import { useOpsMutation } from '../app/mutation'

interface Reason {
  reason: string
}

export interface RevealDialogProps {
  orderNo: string
  field: RevealField
  /** False once it closes: it stays mounted until `afterClose`, so that it gives the focus back to the button that opened it. */
  open: boolean
  onRevealed: (field: RevealField, value: string) => void
  onClose: () => void
  afterClose: () => void
}

/**
 * The reason asked before one field of a borrower's identity or account is shown whole: the server
 * writes it to the audit trail with the member and the time. Its own chunk, loaded when opened.
 */
export function RevealDialog({ orderNo, field, open, onRevealed, onClose, afterClose }: RevealDialogProps) {
  const { t } = useOpsText()
  const [form] = Form.useForm<Reason>()
  const reveal = useOpsMutation({
    // The value goes to the panel alone: returned, it would stay in the query client's cache of
    // mutations for minutes after the panel is gone.
    mutationFn: async (reason: string, call) => {
      const { value } = await call(opsKycReveal, { body: { orderNo, field, reason } })
      onRevealed(field, value)
    },
    onSuccess: onClose,
    form,
  })
  return (
    <Modal
      open={open}
      afterClose={afterClose}
      title={t('kyc.revealWhat', { what: t(`kyc.fields.${field}`) })}
      okText={t('kyc.reveal')}
      cancelText={t('staff.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={reveal.isPending}
    >
      <Form<Reason> form={form} layout="vertical" requiredMark={false} name="kyc-reveal" onFinish={({ reason }) => reveal.mutate(reason.trim())}>
        <p>{t('kyc.revealNote')}</p>
        <Form.Item
          name="reason"
          label={t('kyc.reason')}
          extra={t('kyc.reasonHelp', { min: KYC_OPS_LIMITS.reasonMin, max: KYC_OPS_LIMITS.reasonMax })}
          // the server counts the reason trimmed, so does the form
          rules={[
            {
              validator: (_, reason?: string) =>
                (reason ?? '').trim().length >= KYC_OPS_LIMITS.reasonMin ? Promise.resolve() : Promise.reject(new Error(t('kyc.reasonShort', { min: KYC_OPS_LIMITS.reasonMin }))),
            },
          ]}
        >
          <Input.TextArea rows={3} maxLength={KYC_OPS_LIMITS.reasonMax} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  )
}
