import { orderDashboard } from '@kilat/contract'
import { useQuery } from '@tanstack/react-query'
import { Col, Row, Statistic } from 'antd'
import { formatCount, formatMoney } from '../../shared/format'
import { useApi } from '../../shared/api'
import { useOpsText } from '../app/i18n'
import { useOpsMarket, useStaff } from '../app/session'
import { LoadFailure, Loading } from '../app/states'

/** Every role's first screen: the market's figures for its local today. */
export function DashboardPage() {
  const { t } = useOpsText()
  const { callApi } = useApi()
  const staff = useStaff()
  const [market] = useOpsMarket()
  const figures = useQuery({
    queryKey: ['ops', 'orders', 'dashboard', market],
    queryFn: ({ signal }) => callApi(orderDashboard, { query: { market } }, { signal }),
  })
  const day = figures.data?.markets.find((m) => m.market === market)
  const tiles: Array<[string, string]> = day
    ? [
        [t('dashboard.applications'), formatCount(day.applications, market)],
        [t('dashboard.approvals'), formatCount(day.approvals, market)],
        [t('dashboard.rejections'), formatCount(day.rejections, market)],
        [t('dashboard.disbursed'), formatMoney(day.disbursed, market)],
        [t('dashboard.repayments'), `${formatMoney(day.repaymentsReceived, market)} (${formatCount(day.repaymentsCount, market)})`],
        [t('dashboard.overdue'), formatCount(day.ordersOverdue, market)],
        [t('dashboard.complaintsDueToday'), day.complaintsDueToday === null ? '—' : formatCount(day.complaintsDueToday, market)],
        [t('dashboard.complaintsOverdue'), day.complaintsOverdue === null ? '—' : formatCount(day.complaintsOverdue, market)],
      ]
    : []
  return (
    <>
      <h1 className="ops-title">
        {t('dashboard.title')}
      </h1>
      <p>
        {t('dashboard.welcome', { email: staff.email, role: t(`role.${staff.role}`), markets: staff.markets.map((m) => t(`market.${m}`)).join(', ') })}
        {day ? ` ${t('dashboard.date', { date: day.date })}` : ''}
      </p>
      {figures.isError ? (
        <LoadFailure error={figures.error} retry={() => void figures.refetch()} />
      ) : figures.isPending ? (
        <Loading />
      ) : (
        <Row gutter={[16, 16]}>
          {tiles.map(([title, value]) => (
            <Col key={title} xs={24} sm={12} xl={6}>
              <section className="ops-panel">
                <Statistic title={title} value={value} />
              </section>
            </Col>
          ))}
        </Row>
      )}
    </>
  )
}
