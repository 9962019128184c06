import {
  COMPLAINT_DESK_LIMITS,
  OPS_ERROR_CODES,
  complaintAssign,
  complaintClose,
  complaintDeskDetail,
  complaintNote,
  complaintReply,
  complaintReplyImage,
  type ComplaintDeskDetail,
} from '@kilat/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Checkbox, Descriptions, Flex, Form, Image, Input, List, Popconfirm, Space, Upload, type UploadFile } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { Link, useParams } from '../../shared/router'
import { formatDateTime, formatMoney } from '../../shared/format'
import { useApi } from '../../shared/api'
import { isCode } from '../app/api'
import { refusalText, useOpsMutation } from '../app/mutation'
import { Panel } from '../app/panel'
import { useOpsText, type OpsT } from '../app/i18n'
import { useOpsMarket, useStaff } from '../app/session'
import { LoadFailure, Loading } from '../app/states'
import { OrderStatusName } from '../app/status-names'
import { BUREAU_KEY } from '../bureau/bureau-texts'
import { DeadlineTag } from './deadline'

// only a credit-report dispute shows it, and its table would weigh on every complaint's first load
const DisputePanel = lazy(async () => ({ default: (await import('../bureau/dispute-panel')).DisputePanel }))

/** Another staff member's action came first: what to tell the one who lost the race. */
function raceMessage(error: unknown, t: OpsT): string | undefined {
  if (isCode(error, OPS_ERROR_CODES.complaintTaken)) return t('complaint.taken')
  if (isCode(error, OPS_ERROR_CODES.complaintClosed)) return t('complaint.closedAlready')
  if (isCode(error, OPS_ERROR_CODES.complaintAlreadyReplied)) return t('complaint.repliedAlready')
  return undefined
}

/** One complaint at the desk: the borrower (masked), the order, the text and images, and what an agent does with it. */
export function ComplaintPage() {
  const { id } = useParams()
  const complaintId = Number(id)
  const { t } = useOpsText()
  const { callApi } = useApi()
  const queryClient = useQueryClient()
  const staff = useStaff()
  const [market] = useOpsMarket()
  const key = ['ops', 'complaints', 'detail', complaintId] as const
  const detail = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => callApi(complaintDeskDetail, { query: { complaintId } }, { signal }),
    enabled: Number.isInteger(complaintId) && complaintId > 0,
  })
  const refresh = [['ops', 'complaints']]
  const assign = useOpsMutation({
    mutationFn: (_: void, call) => call(complaintAssign, { body: { complaintId } }),
    refresh,
    errorText: raceMessage,
  })
  // A credit-report dispute closed as resolved may ask for a correction record in the next run.
  const [correctReport, setCorrectReport] = useState(false)
  const close = useOpsMutation({
    mutationFn: ({ outcome, correctReport }: { outcome: 'resolved' | 'unresolved'; correctReport?: boolean }, call) =>
      call(complaintClose, { body: { complaintId, outcome, ...(correctReport === undefined ? {} : { correctReport }) } }),
    success: t('complaint.closedDone'),
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
    refresh: [...refresh, BUREAU_KEY],
    errorText: raceMessage,
  })

  if (detail.isPending) return <Loading />
  if (detail.isError) return <LoadFailure error={detail.error} retry={() => void detail.refetch()} />
  const c = detail.data
  const mine = c.assignee?.id === staff.id
  const open = c.status !== 'closed'

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <h1 className="ops-title">
          {t('complaint.title', { id: c.id })} · {c.problemTypeName}
          {c.problemSonTypeName ? ` / ${c.problemSonTypeName}` : ''}
        </h1>
        <Space wrap>
          <Link to={`/ops/complaints?market=${market}`}>{t('complaint.back')}</Link>
          {open && !c.assignee && (
            <Button onClick={() => assign.mutate()} loading={assign.isPending}>
              {t('complaint.assignMe')}
            </Button>
          )}
          {open && (!c.assignee || mine) && (
            <>
              <Popconfirm
                title={t('complaint.closeResolvedConfirm')}
                description={
                  c.dispute ? (
                    <Checkbox checked={correctReport} onChange={(event) => setCorrectReport(event.target.checked)}>
                      {t('bureau.dispute.correctReport')}
                    </Checkbox>
                  ) : undefined
                }
                onConfirm={() => close.mutate({ outcome: 'resolved', ...(c.dispute ? { correctReport } : {}) })}
                okText={t('complaint.closeResolved')}
                cancelText={t('staff.cancel')}
              >
                <Button loading={close.isPending}>{t('complaint.closeResolved')}</Button>
              </Popconfirm>
              <Popconfirm title={t('complaint.closeUnresolvedConfirm')} onConfirm={() => close.mutate({ outcome: 'unresolved' })} okText={t('complaint.closeUnresolved')} cancelText={t('staff.cancel')}>
                <Button danger loading={close.isPending}>
                  {t('complaint.closeUnresolved')}
                </Button>
              </Popconfirm>
            </>
          )}
        </Space>
      </Flex>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }}>
        <Descriptions.Item label={t('complaints.status')}>
          {t(`complaints.statuses.${c.status}`)}
          {c.outcome ? ` · ${t(`complaints.outcomes.${c.outcome}`)}` : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('complaints.replyDue')}>
          <DeadlineTag deadline={c.replyDue} closed={c.status !== 'processing'} />
        </Descriptions.Item>
        <Descriptions.Item label={t('complaints.regulatorDue')}>
          <DeadlineTag deadline={c.regulatorDue} closed={!open} />
        </Descriptions.Item>
        <Descriptions.Item label={t('complaint.borrower')}>{c.borrower.phoneMasked}</Descriptions.Item>
        <Descriptions.Item label={t('complaints.assignee')}>{c.assignee?.email ?? t('complaints.nobody')}</Descriptions.Item>
        <Descriptions.Item label={t('complaints.created')}>{formatDateTime(c.createdAt, c.market)}</Descriptions.Item>
      </Descriptions>
      <Panel title={t('complaint.order')}>
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t('orders.orderNo')}>{c.order.orderNo}</Descriptions.Item>
          <Descriptions.Item label={t('orders.product')}>{c.order.productName}</Descriptions.Item>
          <Descriptions.Item label={t('orders.status')}>
            <OrderStatusName status={c.order.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.amount')}>{formatMoney(c.order.principal, c.market)}</Descriptions.Item>
          <Descriptions.Item label={t('orders.totalRepay')}>{formatMoney(c.order.totalRepay, c.market)}</Descriptions.Item>
          <Descriptions.Item label={t('orders.paid')}>{formatMoney(c.order.paid, c.market)}</Descriptions.Item>
        </Descriptions>
      </Panel>
      {c.dispute && (
        <Suspense fallback={<Loading />}>
          <DisputePanel dispute={c.dispute} orderNo={c.order.orderNo} market={c.market} />
        </Suspense>
      )}
      <Panel title={t('complaint.text')}>
        <p className="ops-text">{c.text}</p>
        <Images urls={c.images} label={t('complaint.image')} />
      </Panel>
      {c.reply ? (
        <Panel title={t('complaint.reply')} extra={formatDateTime(c.reply.at, c.market)}>
          <p className="ops-text">{c.reply.text}</p>
          <Images urls={c.reply.images} label={t('complaint.image')} />
        </Panel>
      ) : (
        open && (!c.assignee || mine) && <ReplyForm complaintId={c.id} onDone={(answer) => queryClient.setQueryData(key, answer)} />
      )}
      <NotesCard complaint={c} />
      <Panel title={t('complaint.earlier')}>
        <List
          dataSource={c.earlier}
          locale={{ emptyText: t('list.empty') }}
          renderItem={(e) => (
            <List.Item>
              <Link to={`/ops/complaints/${e.id}?market=${market}`}>#{e.id}</Link> · {e.problemTypeName} · {t(`complaints.statuses.${e.status}`)} ·{' '}
              {formatDateTime(e.createdAt, c.market)}
            </List.Item>
          )}
        />
      </Panel>
    </Flex>
  )
}

function Images({ urls, label }: { urls: readonly string[]; label: string }) {
  if (urls.length === 0) return null
  return (
    <Image.PreviewGroup>
      <Space wrap>
        {urls.map((url, i) => (
          <Image key={url} src={url} width={96} height={96} style={{ objectFit: 'cover' }} alt={`${label} ${i + 1}`} />
        ))}
      </Space>
    </Image.PreviewGroup>
  )
}

function NotesCard({ complaint }: { complaint: ComplaintDeskDetail }) {
  const { t } = useOpsText()
  const [form] = Form.useForm<{ text: string }>()
  const note = useOpsMutation({
    mutationFn: (text: string, call) => call(complaintNote, { body: { complaintId: complaint.id, text } }),
    onSuccess: () => form.resetFields(),
    refresh: [['ops', 'complaints', 'detail', complaint.id]],
    // a note's refusal stays beside its field
    form,
    fieldMessages: { text: 'field.invalid' },
    onError: (error) => {
      form.setFields([{ name: 'text', errors: [refusalText(error, t)] }])
      return true
    },
  })
  return (
    <Panel title={t('complaint.notes')}>
      <List
        dataSource={complaint.notes}
        locale={{ emptyText: t('list.empty') }}
        renderItem={(n) => (
          <List.Item>
            <strong>{n.author.email}</strong> · {formatDateTime(n.at, complaint.market)}
            <div style={{ whiteSpace: 'pre-wrap' }}>{n.text}</div>
          </List.Item>
        )}
      />
      <Form form={form} layout="vertical" onFinish={({ text }) => note.mutate(text)} requiredMark={false} name="complaint-note">
        <Form.Item name="text" label={t('complaint.noteLabel')} extra={t('complaint.noteHelp')} rules={[{ required: true, whitespace: true, message: t('field.required') }]}>
          <Input.TextArea rows={2} maxLength={COMPLAINT_DESK_LIMITS.noteMax} showCount />
        </Form.Item>
        <Button htmlType="submit" loading={note.isPending}>
          {t('complaint.addNote')}
        </Button>
      </Form>
    </Panel>
  )
}

function ReplyForm({ complaintId, onDone }: { complaintId: number; onDone: (answer: ComplaintDeskDetail) => void }) {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const [form] = Form.useForm<{ text: string }>()
  const [files, setFiles] = useState<UploadFile<{ name: string }>[]>([])
  const reply = useOpsMutation({
    mutationFn: ({ text }: { text: string }, call) => {
      const images = files.flatMap((f) => (f.status === 'done' && f.response ? [f.response.name] : []))
      return call(complaintReply, { body: { complaintId, text, images } })
    },
    onSuccess: onDone,
    form,
    fieldMessages: { text: 'complaint.replyLength', images: 'complaint.imagesMax' },
    // another agent came first: the notice says so, the complaint is asked again
    errorText: raceMessage,
    refresh: [['ops', 'complaints']],
  })

  return (
    <Panel title={t('complaint.replyTitle')}>
      <Form form={form} layout="vertical" onFinish={(values) => reply.mutate(values)} requiredMark={false} name="complaint-reply">
        <Form.Item name="text" label={t('complaint.replyLabel')} rules={[{ required: true, whitespace: true, message: t('field.required') }]}>
          <Input.TextArea rows={5} maxLength={COMPLAINT_DESK_LIMITS.replyMax} showCount />
        </Form.Item>
        <Form.Item label={t('complaint.replyImages')} extra={t('complaint.imagesHelp', { max: COMPLAINT_DESK_LIMITS.replyImagesMax })}>
          <Upload<{ name: string }>
            listType="picture-card"
            accept="image/jpeg,image/png"
            fileList={files}
            maxCount={COMPLAINT_DESK_LIMITS.replyImagesMax}
            onChange={({ fileList }) => setFiles(fileList)}
            customRequest={({ file, onSuccess, onError }) => {
              const body = new FormData()
              body.append('complaintId', String(complaintId))
              body.append('image', file)
              callApi(complaintReplyImage, { body }).then(
                (answer) => onSuccess?.(answer),
                (error: unknown) => onError?.(error instanceof Error ? error : new Error(String(error))),
              )
            }}
          >
            {files.length < COMPLAINT_DESK_LIMITS.replyImagesMax ? t('complaint.addImage') : null}
          </Upload>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={reply.isPending} disabled={files.some((f) => f.status === 'uploading')}>
          {t('complaint.send')}
        </Button>
      </Form>
    </Panel>
  )
}
