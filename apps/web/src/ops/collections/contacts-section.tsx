import { CONTACT_CHANNELS, CONTACT_OUTCOMES, collectionContacts, collectionRecordContact, type ContactChannel, type ContactOutcome, type ContactView } from '@kilat/contract'
import { useQuery } from '@tanstack/react-query'
import { Alert, Badge, Button, Form, Input, Select, Table } from 'antd'
import { useState } from 'react'
import { formatMoney } from '../../shared/format'
import { useApi } from '../../shared/api'
import { centsOf } from '../adjustments/adjustment-texts'
import { useOpsText } from '../app/i18n'
import { refusalText, useOpsMutation } from '../app/mutation'
import { Panel } from '../app/panel'
import { useStaff } from '../app/session'
import { PROMISE_BADGES, contactError } from './contact-texts'

interface ContactForm {
  channel: ContactChannel
  outcome: ContactOutcome
  note: string
  promiseDate: string
  promiseAmount: string
}

/**
 * The order screen's contact log (docs/product/collections.md#contact-log): every contact and
 * reminder, newest first, each promise with its state; a collector records a new contact. The
 * borrower's local time and the market's window are shown above the form; the server decides.
 */
export function ContactsSection({ orderNo }: { orderNo: string }) {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const staff = useStaff()
  const [form] = Form.useForm<ContactForm>()
  const outcome = Form.useWatch('outcome', form) ?? 'no_answer'
  const [refusal, setRefusal] = useState<string | null>(null)
  const log = useQuery({
    queryKey: ['ops', 'collections', 'contacts', orderNo],
    queryFn: ({ signal }) => callApi(collectionContacts, { query: { orderNo } }, { signal }),
  })
  const save = useOpsMutation({
    mutationFn: (v: ContactForm, call) =>
      call(collectionRecordContact, {
        body: {
          orderNo,
          channel: v.channel,
          outcome: v.outcome,
          note: v.note ?? '',
          ...(v.outcome === 'promise_to_pay' ? { promiseDate: v.promiseDate, promiseAmount: centsOf(v.promiseAmount ?? '') ?? 0 } : {}),
        },
      }),
    success: t('collections.recorded'),
    onSuccess: () => {
      setRefusal(null)
      form.resetFields()
    },
    refresh: [['ops', 'collections']],
    form,
    // a refusal (outside the contact window, too many today) stays in view below the form
    onError: (error) => {
      setRefusal(refusalText(error, t, contactError))
      return true
    },
  })
  const data = log.data
  const money = (cents: number) => (data ? formatMoney(cents, data.market) : String(cents))
  const who = (c: ContactView) => c.staffEmail ?? t('collections.system')

  return (
    <Panel title={t('collections.log')}>
      {data && (
        <p>
          {t('collections.localNow', { time: data.localNow, hours: data.windowHours })}{' '}
          <Badge status={data.windowOpen ? 'success' : 'error'} text={data.windowOpen ? t('collections.windowOpen') : t('collections.windowClosed')} />
        </p>
      )}
      <Table<ContactView>
        rowKey="id"
        size="small"
        pagination={false}
        loading={log.isPending}
        dataSource={data?.contacts ?? []}
        locale={{ emptyText: t('collections.noContacts') }}
        columns={[
          { key: 'at', title: t('collections.localAt'), width: 130, dataIndex: 'localAt' },
          { key: 'channel', title: t('collections.channel'), width: 100, render: (_, c) => t(`collections.channels.${c.channel}`) },
          {
            key: 'outcome',
            title: t('collections.outcome'),
            width: 180,
            render: (_, c) => `${t(`collections.outcomes.${c.outcome}`)}${c.reminderStep ? ` (${t(`collections.steps.${c.reminderStep}`)})` : ''}`,
          },
          {
            key: 'promise',
            title: t('collections.promise'),
            width: 250,
            render: (_, c) =>
              c.promise ? (
                <Badge
                  status={PROMISE_BADGES[c.promise.state]}
                  text={`${t(`collections.promiseStates.${c.promise.state}`)}: ${t('collections.promiseText', { amount: money(c.promise.amount), date: c.promise.date, paid: money(c.promise.paidSince) })}`}
                />
              ) : (
                ''
              ),
          },
          // an email is shown whole: it wraps rather than being cut
          { key: 'who', title: t('audit.who'), width: 170, className: 'ops-staff-email', render: (_, c) => who(c) },
          { key: 'note', title: t('collections.note'), dataIndex: 'note', ellipsis: { showTitle: true } },
        ]}
      />
      {staff.role === 'collector' && (
        <Form<ContactForm>
          form={form}
          layout="inline"
          requiredMark={false}
          name="contact"
          style={{ marginTop: 16, rowGap: 8 }}
          initialValues={{ channel: 'phone', outcome: 'no_answer', note: '', promiseDate: '', promiseAmount: '' }}
          onFinish={(values) => save.mutate(values)}
        >
          <Form.Item name="channel" label={t('collections.channel')}>
            <Select style={{ width: 130 }} options={CONTACT_CHANNELS.map((value) => ({ value, label: t(`collections.channels.${value}`) }))} />
          </Form.Item>
          <Form.Item name="outcome" label={t('collections.outcome')}>
            <Select style={{ width: 190 }} options={CONTACT_OUTCOMES.map((value) => ({ value, label: t(`collections.outcomes.${value}`) }))} />
          </Form.Item>
          {outcome === 'promise_to_pay' && (
            <>
              <Form.Item name="promiseDate" label={t('collections.promiseDate')} rules={[{ required: true, message: t('field.required') }]}>
                <Input type="date" style={{ width: 160 }} />
              </Form.Item>
              <Form.Item
                name="promiseAmount"
                label={t('collections.promiseAmount')}
                rules={[{ validator: (_, v: string) => (centsOf(v ?? '') === null ? Promise.reject(new Error(t('adjustments.amountInvalid'))) : Promise.resolve()) }]}
              >
                <Input inputMode="decimal" maxLength={16} style={{ width: 150 }} />
              </Form.Item>
            </>
          )}
          <Form.Item name="note" label={t('collections.note')}>
            <Input maxLength={500} style={{ width: 260 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('collections.record')}
          </Button>
        </Form>
      )}
      {refusal && <Alert style={{ marginTop: 12 }} type="error" showIcon title={refusal} />}
    </Panel>
  )
}
