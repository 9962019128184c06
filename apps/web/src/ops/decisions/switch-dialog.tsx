import { DECISION_OPS_LIMITS, opsDecisionSwitch } from '@kilat/contract'
import type { Market } from '@kilat/domain'
import { Form, Input, Modal } from 'antd'
import { useOpsText } from '../app/i18n'
import { useOpsMutation } from '../app/mutation'
import { DECISIONS_KEY } from './decision-texts'

interface Reason {
  reason: string
}

export interface SwitchDialogProps {
  market: Market
  /** True to send every new order to people, false to give them back to the policy. */
  pause: boolean
  /** False once it closes: it stays mounted until `afterClose`, so that it gives the focus back to the button that opened it. */
  open: boolean
  onClose: () => void
  afterClose: () => void
}

/**
 * The switch (docs/product/decisions.md#the-switch): risk or an admin pauses the policy of a market
 * (a fraud wave, a fault) or resumes it, with a reason the server writes to the audit trail.
 */
export function SwitchDialog({ market, pause, open, onClose, afterClose }: SwitchDialogProps) {
  const { t } = useOpsText()
  const [form] = Form.useForm<Reason>()
  const send = useOpsMutation({
    mutationFn: (reason: string, call) => call(opsDecisionSwitch, { body: { market, paused: pause, reason } }),
    success: t(pause ? 'decisions.settings.pausedDone' : 'decisions.settings.resumedDone'),
    onSuccess: onClose,
    refresh: [DECISIONS_KEY],
    form,
  })
  return (
    <Modal
      open={open}
      afterClose={afterClose}
      title={t(pause ? 'decisions.settings.pauseTitle' : 'decisions.settings.resumeTitle', { market: t(`market.${market}`) })}
      okText={t(pause ? 'decisions.settings.pause' : 'decisions.settings.resume')}
      okButtonProps={{ danger: pause }}
      cancelText={t('staff.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={send.isPending}
    >
      <Form<Reason> form={form} layout="vertical" requiredMark={false} name="decision-switch" onFinish={({ reason }) => send.mutate(reason.trim())}>
        <p>{t(pause ? 'decisions.settings.pauseWhat' : 'decisions.settings.resumeWhat')}</p>
        <Form.Item
          name="reason"
          label={t('decisions.settings.reason')}
          extra={t('decisions.settings.reasonHelp', { min: DECISION_OPS_LIMITS.reasonMin, max: DECISION_OPS_LIMITS.reasonMax })}
          // the server counts the reason trimmed, so does the form
          rules={[
            {
              validator: (_, reason?: string) =>
                (reason ?? '').trim().length >= DECISION_OPS_LIMITS.reasonMin
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('decisions.settings.reasonShort', { min: DECISION_OPS_LIMITS.reasonMin }))),
            },
          ]}
        >
          <Input.TextArea rows={3} maxLength={DECISION_OPS_LIMITS.reasonMax} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  )
}
