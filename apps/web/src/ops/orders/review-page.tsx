import { OPS_ERROR_CODES, orderApprove, orderReviewQueue, type DataOf, type OpsOrderSummary } from '@kilat/contract'
import { useQuery } from '@tanstack/react-query'
import { Button, Popconfirm, Space } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { useSearchParams } from '../../shared/router'
import { formatMoney } from '../../shared/format'
import { useApi } from '../../shared/api'
import { isCode } from '../app/api'
import { useOpsMutation } from '../app/mutation'
import { useOpsText } from '../app/i18n'
import { useOpsMarket } from '../app/session'
import { Loading } from '../app/states'
import { OrderQueue } from './order-columns'

type Row = DataOf<typeof orderReviewQueue>['orders'][number]

// The rejection's form: its own chunk, loaded when a reviewer rejects.
const RejectForm = lazy(async () => ({ default: (await import('./reject-form')).RejectForm }))

/** Risk's review queue: submitted orders, oldest first, with the borrower's record; approve or reject. */
export function ReviewPage() {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const [market] = useOpsMarket()
  const [params] = useSearchParams()
  const cursor = params.get('cursor') ?? undefined
  const [rejecting, setRejecting] = useState<OpsOrderSummary | undefined>()
  const queue = useQuery({
    queryKey: ['ops', 'orders', 'review', market, cursor],
    queryFn: ({ signal }) => callApi(orderReviewQueue, { query: { market, cursor } }, { signal }),
  })
  const refresh = [['ops', 'orders']]
  const errorText = (error: unknown) => (isCode(error, OPS_ERROR_CODES.orderAlreadyDecided) ? t('orders.alreadyDecided') : undefined)
  const approve = useOpsMutation({
    mutationFn: (orderNo: string, call) => call(orderApprove, { body: { orderNo } }),
    success: ({ order }) => t('orders.approved', { orderNo: order.orderNo }),
    refresh,
    errorText,
  })
  return (
    <>
      <h1 className="ops-title">
        {t('menu.review')}
      </h1>
      {/* instant decisions: the queue holds what the system referred; its rules are on each order's screen (no call per row here) */}
      <p className="ops-muted">{t('decisions.order.reviewNote')}</p>
      {rejecting && (
        <Suspense fallback={<Loading />}>
          <RejectForm order={rejecting} onClose={() => setRejecting(undefined)} refresh={refresh} errorText={errorText} />
        </Suspense>
      )}
      <OrderQueue<Row>
        queue={queue}
        // every order here is under review: no status column; the record in short, in full when the row is expanded
        keep={['orderNo', 'phone', 'product', 'amount', 'term', 'applied']}
        // the columns' widths and the expand button's: within 1280 px with the menu open
        width={990}
        expanded={(o) =>
          t('orders.recordText', {
            earlier: o.borrower.earlierOrders,
            repayments: o.borrower.repaymentsCount,
            sum: formatMoney(o.borrower.repaymentsSum, o.market),
            worst: o.borrower.worstDaysOverdue,
          })
        }
        columns={[
          {
            key: 'record',
            title: t('orders.record'),
            width: 100,
            render: (_, o) => t('first.recordShort', { earlier: o.borrower.earlierOrders, worst: o.borrower.worstDaysOverdue }),
          },
          {
            key: 'actions',
            title: t('staff.actions'),
            width: 165,
            render: (_, o) => (
              <Space>
                <Popconfirm title={t('orders.approveConfirm', { orderNo: o.orderNo })} onConfirm={() => approve.mutate(o.orderNo)} okText={t('orders.approve')} cancelText={t('staff.cancel')}>
                  <Button type="primary" size="small" aria-label={`${t('orders.approve')} ${o.orderNo}`}>
                    {t('orders.approve')}
                  </Button>
                </Popconfirm>
                <Button danger size="small" onClick={() => setRejecting(o)} aria-label={`${t('orders.reject')} ${o.orderNo}`}>
                  {t('orders.reject')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </>
  )
}
