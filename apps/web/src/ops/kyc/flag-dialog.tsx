import { KYC_OPS_LIMITS, OPS_ERROR_CODES, opsKycFlagResolve, type DataOf, type opsKycFlags } from '@kilat/contract'
import { Form, Input, Modal } from 'antd'
import { isCode } from '../app/api'
import { useOpsText } from '../app/i18n'
import { useOpsMutation } from '../app/mutation'
import { KYC_KEY } from './kyc-keys'

export type Flag = DataOf<typeof opsKycFlags>['flags'][number]
export type Decision = 'accepted' | 'rejected'

interface Note {
  note: string
}

export interface FlagDialogProps {
  flag: Flag
  decision: Decision
  /** False once it closes: it stays mounted until `afterClose`, so that it gives the focus back to the button that opened it. */
  open: boolean
  onClose: () => void
  afterClose: () => void
  onClosedMeanwhile: () => void
}

/**
 * Risk's decision on a flag, with the note the server keeps beside it: its own chunk, loaded when
 * a member decides. Another member having closed the flag first is the screen's to say
 * (`onClosedMeanwhile`): the dialog closes and the queue is asked again.
 */
export function FlagDialog({ flag, decision, open, onClose, afterClose, onClosedMeanwhile }: FlagDialogProps) {
  const { t } = useOpsText()
  const [form] = Form.useForm<Note>()
  const accept = decision === 'accepted'
  const resolve = useOpsMutation({
    mutationFn: (note: string, call) => call(opsKycFlagResolve, { body: { flagId: flag.id, decision, note } }),
    success: t(accept ? 'kyc.flags.acceptedDone' : 'kyc.flags.rejectedDone'),
    onSuccess: onClose,
    // an accepted name mismatch makes the account payable: the order screens' panels too
    refresh: [KYC_KEY],
    form,
    onError: (error) => {
      if (!isCode(error, OPS_ERROR_CODES.kycFlagClosed)) return false
      onClose()
      onClosedMeanwhile()
      return true
    },
  })
  return (
    <Modal
      open={open}
      afterClose={afterClose}
      title={t(accept ? 'kyc.flags.acceptTitle' : 'kyc.flags.rejectTitle')}
      okText={t(accept ? 'kyc.flags.accept' : 'kyc.flags.reject')}
      okButtonProps={{ danger: !accept }}
      cancelText={t('staff.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={resolve.isPending}
    >
      <Form<Note> form={form} layout="vertical" requiredMark={false} name="kyc-flag" onFinish={({ note }) => resolve.mutate(note.trim())}>
        <p>
          {t(`kyc.flags.kinds.${flag.kind}`)} · {flag.borrowerName ?? flag.phoneMasked}
        </p>
        {flag.kind === 'nameMismatch' && <p>{t(accept ? 'kyc.flags.mismatchAccepted' : 'kyc.flags.mismatchRejected')}</p>}
        <Form.Item name="note" label={t('kyc.flags.note')} rules={[{ required: true, whitespace: true, message: t('field.required') }]}>
          <Input.TextArea rows={3} maxLength={KYC_OPS_LIMITS.note} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  )
}
