import { OPS_ERROR_CODES, PAYOUT_IN_FLIGHT, payoutCancel, payoutConfirm, payoutQueue, payoutRequest, type DataOf } from '@kilat/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Popconfirm, Space, Tag, Typography } from 'antd'
import { useSearchParams } from '../../shared/router'
import { formatDateTime } from '../../shared/format'
import { useApi } from '../../shared/api'
import { isCode } from '../app/api'
import { useNotices } from '../app/ops-app'
import { useOpsText, type OpsT } from '../app/i18n'
import { useOpsMarket, useStaff } from '../app/session'
import { OrderQueue } from './order-columns'
import { PAYOUT_COLORS } from './order-status'

type Row = DataOf<typeof payoutQueue>['orders'][number]

function payoutError(error: unknown, t: OpsT): string | undefined {
  if (isCode(error, OPS_ERROR_CODES.payoutSameStaff)) return t('payout.sameStaff')
  if (isCode(error, OPS_ERROR_CODES.payoutAlreadyRequested)) return t('payout.alreadyRequested')
  if (isCode(error, OPS_ERROR_CODES.payoutNotPending)) return t('payout.notPending')
  if (isCode(error, OPS_ERROR_CODES.orderNotApproved)) return t('payout.notApproved')
  if (isCode(error, OPS_ERROR_CODES.payoutInFlight)) return t('payout.inFlight')
  return undefined
}


/**
 * Finance's disbursement, four eyes (docs/product/operations.md#disbursement): one member requests
 * an approved order's payout, another confirms it into the outbox; the page follows it through the
 * provider (docs/product/operations.md#payout-states) by its state's name, and a failed payout shows
 * its reason and can be requested again.
 */
export function DisbursementPage() {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const { message } = useNotices()
  const queryClient = useQueryClient()
  const staff = useStaff()
  const [market] = useOpsMarket()
  const [params] = useSearchParams()
  const cursor = params.get('cursor') ?? undefined
  const queue = useQuery({
    queryKey: ['ops', 'orders', 'payouts', market, cursor],
    queryFn: ({ signal }) => callApi(payoutQueue, { query: { market, cursor } }, { signal, toast: false }),
    // a payout on its way changes state without anyone here acting: follow it
    refetchInterval: (query) => (query.state.data?.orders.some((o) => o.payout && PAYOUT_IN_FLIGHT.includes(o.payout.status)) ? 3_000 : false),
  })
  const settle = () => void queryClient.invalidateQueries({ queryKey: ['ops', 'orders'] })
  const onError = (error: Error) => {
    void message.error(payoutError(error, t) ?? (error.message || t('app.failed')))
    settle()
  }
  const request = useMutation({
    mutationFn: (orderNo: string) => callApi(payoutRequest, { body: { orderNo } }, { toast: false }),
    onSuccess: () => {
      void message.success(t('payout.requested'))
      settle()
    },
    onError,
  })
  const confirm = useMutation({
    mutationFn: (requestId: number) => callApi(payoutConfirm, { body: { requestId } }, { toast: false }),
    onSuccess: () => {
      void message.success(t('payout.confirmed'))
      settle()
    },
    onError,
  })
  const cancel = useMutation({
    mutationFn: (requestId: number) => callApi(payoutCancel, { body: { requestId } }, { toast: false }),
    onSuccess: settle,
    onError,
  })

  return (
    <>
      <h1 className="ops-title">
        {t('menu.disbursement')}
      </h1>
      <OrderQueue<Row>
        queue={queue}
        // what decides here: whose order, how much, where its payout stands; the rest is on the order screen
        keep={['orderNo', 'phone', 'received']}
        width={950}
        columns={[
          {
            key: 'payout',
            title: t('payout.title'),
            width: 320,
            render: (_, o) => {
              const p = o.payout
              if (!p) return t('payout.none')
              return (
                <span>
                  <Tag color={PAYOUT_COLORS[p.status]}>{t(`payout.statuses.${p.status}`)}</Tag>
                  {p.status === 'pending' && t('payout.by', { email: p.requestedByEmail ?? t('payout.system'), at: formatDateTime(p.requestedAt, o.market) })}
                  {PAYOUT_IN_FLIGHT.includes(p.status) && p.attempts > 1 && t('payout.attempts', { n: p.attempts })}
                  {p.status === 'failed' && p.failureReason}
                </span>
              )
            },
          },
          {
            key: 'actions',
            title: t('staff.actions'),
            // always in view at 1280 px, however wide the row
            fixed: 'right',
            width: 220,
            render: (_, o) => {
              const p = o.payout
              if (p?.status === 'pending') {
                return (
                  <Space>
                    <Popconfirm title={t('payout.confirmConfirm', { orderNo: o.orderNo })} onConfirm={() => confirm.mutate(p.id)} okText={t('payout.confirm')} cancelText={t('staff.cancel')}>
                      <Button type="primary" size="small" disabled={p.requestedBy === staff.id} aria-label={`${t('payout.confirm')} ${o.orderNo}`}>
                        {t('payout.confirm')}
                      </Button>
                    </Popconfirm>
                    <Button size="small" onClick={() => cancel.mutate(p.id)} aria-label={`${t('payout.cancel')} ${o.orderNo}`}>
                      {t('payout.cancel')}
                    </Button>
                  </Space>
                )
              }
              if (p && PAYOUT_IN_FLIGHT.includes(p.status)) return <Typography.Text type="secondary">{t('payout.onItsWay')}</Typography.Text>
              return (
                <Button size="small" onClick={() => request.mutate(o.orderNo)} aria-label={`${p?.status === 'failed' ? t('payout.retry') : t('payout.request')} ${o.orderNo}`}>
                  {p?.status === 'failed' ? t('payout.retry') : t('payout.request')}
                </Button>
              )
            },
          },
        ]}
      />
    </>
  )
}
