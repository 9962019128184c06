import { collectionBuckets, collectionQueue, type DataOf } from '@kilat/contract'
import { DELINQUENCY_BUCKETS, type DelinquencyBucket } from '@kilat/domain'
import { useQuery } from '@tanstack/react-query'
import { Badge, Button, Col, Row, Statistic, Table } from 'antd'
import { formatCount, formatDateTime, formatMoney } from '../../shared/format'
import { useApi } from '../../shared/api'
import { useOpsText } from '../app/i18n'
import { ORDER_NO_COLUMN, OrderNoLink } from '../app/order-no'
import { KeyPager, useAddressFilter } from '../app/paging'
import { useOpsMarket } from '../app/session'
import { LoadFailure } from '../app/states'
import { PROMISE_BADGES } from './contact-texts'

type Row = DataOf<typeof collectionQueue>['orders'][number]

const isBucket = (v: string | null): v is DelinquencyBucket => (DELINQUENCY_BUCKETS as readonly string[]).includes(v ?? '')

/**
 * The collector's desk (docs/product/collections.md#the-console): the market's delinquency buckets
 * with counts and amounts owed, each a filter of the queue below, largest amount owed first.
 */
export function CollectionsPage() {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const [market] = useOpsMarket()
  const [params, setFilter] = useAddressFilter()
  const chosen = params.get('bucket')
  const bucket = isBucket(chosen) ? chosen : undefined
  const cursor = params.get('cursor') ?? undefined
  const buckets = useQuery({
    queryKey: ['ops', 'collections', 'buckets', market],
    queryFn: ({ signal }) => callApi(collectionBuckets, { query: { market } }, { signal }),
  })
  const queue = useQuery({
    queryKey: ['ops', 'collections', 'queue', market, bucket, cursor],
    queryFn: ({ signal }) => callApi(collectionQueue, { query: { market, bucket, cursor } }, { signal }),
  })
  const figures = buckets.data?.markets.find((m) => m.market === market)

  return (
    <>
      <h1 className="ops-title">
        {t('menu.collections')}
      </h1>
      {figures && <p>{t('collections.asOf', { date: figures.date })}</p>}
      {buckets.isError ? (
        <LoadFailure error={buckets.error} retry={() => void buckets.refetch()} />
      ) : (
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
          {DELINQUENCY_BUCKETS.map((b) => {
            const f = figures?.buckets.find((x) => x.bucket === b)
            return (
              <Col key={b} xs={24} sm={12} xl={6}>
                <section className="ops-panel" style={bucket === b ? { outline: '2px solid #1677ff' } : undefined}>
                  <Statistic title={t(`collections.buckets.${b}`)} value={f ? formatCount(f.count, market) : '—'} />
                  <p style={{ margin: '4px 0 8px' }}>{f ? t('collections.owedTotal', { amount: formatMoney(f.amount, market) }) : ''}</p>
                  <Button size="small" type={bucket === b ? 'primary' : 'default'} aria-pressed={bucket === b} onClick={() => setFilter('bucket', bucket === b ? undefined : b)}>
                    {bucket === b ? t('collections.showAll') : t('collections.showBucket')}
                  </Button>
                </section>
              </Col>
            )
          })}
        </Row>
      )}
      {queue.isError ? (
        <LoadFailure error={queue.error} retry={() => void queue.refetch()} />
      ) : (
        <>
          <Table<Row>
            rowKey="orderNo"
            // a medium-sized table, its columns' widths within 1280 px with the menu open, the
            // promise to pay included (docs/product/console-screens.md#tables)
            size="medium"
            loading={queue.isPending}
            dataSource={queue.data?.orders}
            pagination={false}
            locale={{ emptyText: t('list.empty') }}
            scroll={{ x: 980 }}
            columns={[
              { key: 'orderNo', ...ORDER_NO_COLUMN, title: t('orders.orderNo'), render: (_, o) => <OrderNoLink orderNo={o.orderNo} market={market} /> },
              { key: 'phone', title: t('orders.borrower'), width: 120, className: 'ops-nowrap', dataIndex: 'phoneMasked' },
              { key: 'product', title: t('orders.product'), dataIndex: 'productName', ellipsis: true },
              { key: 'days', title: t('collections.daysOverdue'), width: 85, render: (_, o) => t('orders.days', { count: o.daysOverdue }) },
              { key: 'bucket', title: t('collections.bucket'), width: 105, render: (_, o) => t(`collections.buckets.${o.bucket}`) },
              { key: 'owed', title: t('collections.owed'), width: 130, className: 'ops-nowrap', render: (_, o) => formatMoney(o.owed, o.market) },
              {
                key: 'last',
                title: t('collections.lastContact'),
                width: 140,
                render: (_, o) => (o.lastContactAt ? `${t(`collections.outcomes.${o.lastOutcome ?? 'reached'}`)} · ${formatDateTime(o.lastContactAt, o.market).slice(0, 16)}` : t('collections.never')),
              },
              {
                key: 'promise',
                title: t('collections.promise'),
                width: 150,
                render: (_, o) =>
                  o.promise ? (
                    <Badge status={PROMISE_BADGES[o.promise.state]} text={`${t(`collections.promiseStates.${o.promise.state}`)} · ${o.promise.date}`} />
                  ) : (
                    '—'
                  ),
              },
            ]}
          />
          <KeyPager next={queue.data?.nextCursor} />
        </>
      )}
    </>
  )
}
