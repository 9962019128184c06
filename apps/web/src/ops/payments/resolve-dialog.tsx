import { resolutionPropose, type DifferenceView } from '@kilat/contract'
import type { Market, ReconResolutionKind } from '@kilat/domain'
import { Flex, Input, Modal, Select } from 'antd'
import { useState } from 'react'
import { formatDateTime, formatMoney } from '../../shared/format'
import { useOpsText } from '../app/i18n'
import { useOpsMutation } from '../app/mutation'
import { consequence, PAYMENTS_KEY } from './payments-shared'

/** A difference's resolution, proposed for another's confirmation: its own chunk, loaded when opened. */
export function ResolveDialog({ difference, market, onClose }: { difference: DifferenceView; market: Market; onClose: () => void }) {
  const { t } = useOpsText()
  const [kind, setKind] = useState<ReconResolutionKind>(difference.allowed[0]!)
  const [orderNo, setOrderNo] = useState(difference.orderNo ?? '')
  const [note, setNote] = useState('')
  const propose = useOpsMutation({
    mutationFn: (_: void, call) =>
      call(resolutionPropose, { body: { differenceId: difference.id, kind, note, ...(kind === 'apply_to_order' && orderNo.trim() ? { orderNo: orderNo.trim() } : {}) } }),
    success: t('payments.proposed'),
    onSuccess: onClose,
    refresh: [PAYMENTS_KEY],
  })
  return (
    <Modal open title={t('payments.resolveTitle', { kind: t(`payments.kinds.${difference.kind}`) })} onCancel={onClose} onOk={() => propose.mutate()} okText={t('payments.propose')} cancelText={t('staff.cancel')} confirmLoading={propose.isPending}>
      <Flex vertical gap={12}>
        <span>
          {formatMoney(difference.amount, market)} · {difference.accountNo} · {formatDateTime(difference.paidAt, market)}
        </span>
        <label>
          {t('payments.resolution')}
          <Select<ReconResolutionKind> value={kind} onChange={setKind} style={{ width: '100%' }} aria-label={t('payments.resolution')} options={difference.allowed.map((k) => ({ value: k, label: t(`payments.resolutionKinds.${k}`) }))} />
        </label>
        {kind === 'apply_to_order' && (
          <label>
            {t('orders.orderNo')}
            <Input value={orderNo} onChange={(e) => setOrderNo(e.target.value)} aria-label={t('orders.orderNo')} maxLength={32} />
          </label>
        )}
        <label>
          {t('payments.note')}
          <Input.TextArea value={note} onChange={(e) => setNote(e.target.value)} aria-label={t('payments.note')} maxLength={500} rows={3} />
        </label>
        <p className="ops-small">{consequence(t, difference, kind, orderNo || null, market)} {t('payments.fourEyes')}</p>
      </Flex>
    </Modal>
  )
}
