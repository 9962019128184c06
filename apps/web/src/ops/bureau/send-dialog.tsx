import { opsBureauSendRequest } from '@kilat/contract'
import { localDate, type Bureau, type Market } from '@kilat/domain'
import { Descriptions, Form, Input, Modal } from 'antd'
import { useOpsText } from '../app/i18n'
import { useOpsMutation } from '../app/mutation'
import { BUREAU_KEY, bureauName } from './bureau-texts'

interface SentOn {
  sentOn: string
}

export interface SendDialogProps {
  market: Market
  runId: number
  /** The bureau of the row it was opened from: not chosen here. */
  bureau: Bureau
  /** False once it closes: it stays mounted until `afterClose`, so that it gives the focus back to the button that opened it. */
  open: boolean
  onClose: () => void
  afterClose: () => void
}

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/

/**
 * "Mark as sent" (docs/product/credit-reporting.md): finance says the day the run's files went to
 * the bureau; another finance member or an admin confirms it (four eyes).
 */
export function SendDialog({ market, runId, bureau, open, onClose, afterClose }: SendDialogProps) {
  const { t } = useOpsText()
  const [form] = Form.useForm<SentOn>()
  const today = localDate(new Date(), market)
  const name = bureauName(t, bureau)
  const send = useOpsMutation({
    mutationFn: (sentOn: string, call) => call(opsBureauSendRequest, { body: { runId, bureau, sentOn } }),
    success: t('bureau.run.requested'),
    onSuccess: onClose,
    refresh: [BUREAU_KEY],
    form,
    fieldMessages: { sentOn: 'bureau.run.sentOnInvalid' },
  })
  return (
    <Modal
      open={open}
      afterClose={afterClose}
      title={t('bureau.run.dialogTitle', { bureau: name })}
      okText={t('bureau.run.markSent')}
      cancelText={t('staff.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={send.isPending}
    >
      <Form<SentOn> form={form} layout="vertical" requiredMark={false} name="bureau-send" initialValues={{ sentOn: today }} onFinish={({ sentOn }) => send.mutate(sentOn)}>
        <p>{t('bureau.run.dialogHelp')}</p>
        <Descriptions size="small" column={1} items={[{ key: 'bureau', label: t('bureau.run.bureau'), children: name }]} />
        <Form.Item
          name="sentOn"
          label={t('bureau.run.sentOn')}
          rules={[
            {
              validator: (_, value?: string) =>
                value && DAY.test(value) && value <= today ? Promise.resolve() : Promise.reject(new Error(t('bureau.run.sentOnInvalid'))),
            },
          ]}
        >
          <Input type="date" max={today} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  )
}
