import { OPS_ERROR_CODES, PAYOUT_IN_FLIGHT, payoutCancel, payoutConfirm, payoutQueue, payoutRequest, type DataOf } from '@kilat/contract'
import { useQuery } from '@tanstack/react-query'
import { Button, Tag, Typography } from 'antd'
import { useSearchParams } from '../../shared/router'
import { formatDateTime } from '../../shared/format'
import { useApi } from '../../shared/api'
import { isCode } from '../app/api'
import { FourEyesActions, useFourEyes } from '../app/four-eyes'
import { useOpsText, type OpsT } from '../app/i18n'
import { useOpsMarket } from '../app/session'
import { OrderQueue } from './order-columns'
import { PAYOUT_COLORS } from './order-status'

type Row = DataOf<typeof payoutQueue>['orders'][number]

/** The desk's refusals in words (the same member confirming is the four-eyes helper's). */
function payoutError(error: unknown, t: OpsT): string | undefined {
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
  const [market] = useOpsMarket()
  const [params] = useSearchParams()
  const cursor = params.get('cursor') ?? undefined
  const queue = useQuery({
    queryKey: ['ops', 'orders', 'payouts', market, cursor],
    queryFn: ({ signal }) => callApi(payoutQueue, { query: { market, cursor } }, { signal }),
    // a payout on its way changes state without anyone here acting: follow it
    refetchInterval: (query) => (query.state.data?.orders.some((o) => o.payout && PAYOUT_IN_FLIGHT.includes(o.payout.status)) ? 3_000 : false),
  })
  const payouts = useFourEyes<number, unknown, unknown, string>({
    request: { mutationFn: (orderNo, call) => call(payoutRequest, { body: { orderNo } }), success: t('payout.requested') },
    confirm: (requestId, call) => call(payoutConfirm, { body: { requestId } }),
    withdraw: (requestId, call) => call(payoutCancel, { body: { requestId } }),
    confirmed: t('payout.confirmed'),
    refresh: [['ops', 'orders']],
    sameMember: t('payout.sameStaff'),
    errorText: payoutError,
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
                  <FourEyesActions
                    flow={payouts}
                    id={p.id}
                    maker={p.requestedBy}
                    expiresAt={p.expiresAt}
                    subject={o.orderNo}
                    confirmLabel={t('payout.confirm')}
                    confirmQuestion={t('payout.confirmConfirm', { orderNo: o.orderNo })}
                    withdrawLabel={t('payout.cancel')}
                  />
                )
              }
              if (p && PAYOUT_IN_FLIGHT.includes(p.status)) return <Typography.Text type="secondary">{t('payout.onItsWay')}</Typography.Text>
              return (
                <Button size="small" onClick={() => payouts.request.mutate(o.orderNo)} loading={payouts.request.isPending && payouts.request.variables === o.orderNo} aria-label={`${p?.status === 'failed' ? t('payout.retry') : t('payout.request')} ${o.orderNo}`}>
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
