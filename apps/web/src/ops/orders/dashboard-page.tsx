import { Card, List, Typography } from 'antd'
import { Link } from 'react-router'
import { useOpsText } from '../app/i18n'
import { screensOf } from '../app/menu'
import { useOpsMarket, useStaff } from '../app/session'

/** The first screen of every role: who is signed in, and their screens. */
export function DashboardPage() {
  const { t } = useOpsText()
  const staff = useStaff()
  const [market] = useOpsMarket()
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {t('dashboard.title')}
      </Typography.Title>
      <Typography.Paragraph>
        {t('dashboard.welcome', { email: staff.email, role: t(`role.${staff.role}`), markets: staff.markets.map((m) => t(`market.${m}`)).join(', ') })}
      </Typography.Paragraph>
      <Card title={t('dashboard.yourScreens')}>
        <List
          dataSource={screensOf(staff.role).filter((screen) => screen.key !== 'dashboard')}
          renderItem={(screen) => (
            <List.Item>
              <Link to={`${screen.path}?market=${market}`}>{t(`menu.${screen.key}`)}</Link>
            </List.Item>
          )}
        />
      </Card>
    </>
  )
}
