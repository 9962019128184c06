import { LOCALES, type Locale, type Market } from '@kilat/domain'
import { staffSetLanguage } from '@kilat/contract'
import { useQueryClient } from '@tanstack/react-query'
import { Button, Dropdown, Layout, Menu, Radio } from 'antd'
import { useEffect, useState } from 'react'
import { Link, Navigate, Outlet, useLocation, useNavigate, useSearchParams } from '../../shared/router'
import { isSessionError } from '../../shared/api'
import { askedLanguage, useOpsText } from './i18n'
import { screenAt, screensOf } from './menu'
import { useOpsMutation } from './mutation'
import { hasSignedInHint, ME_KEY, useOpsMarket, useSignOut, useStaff, useStaffQuery } from './session'
import { LoadFailure, Loading, NotAllowed } from './states'
import './ops.css'

/**
 * The signed-in console: the side menu of the staff member's screens, the market switch and the
 * staff menu (language, sign out) around the screen. Without a session it sends to the sign-in.
 */
export function OpsLayout() {
  const me = useStaffQuery()
  const location = useLocation()
  const { switchLanguage } = useOpsText()
  // docs/product/operations.md#sessions: the address's `?lang=` overrides the staff member's
  // language for the rest of the visit, until they choose one in the staff menu. Kept here, not
  // by rewriting the address: a move started while this renders would cancel another under way.
  const asked = new URLSearchParams(location.search).get('lang')
  const [override, setOverride] = useState(() => ({ asked, locale: askedLanguage(asked) }))
  if (asked !== override.asked) setOverride({ asked, locale: askedLanguage(asked) ?? override.locale })
  const language = override.locale ?? me.data?.language
  useEffect(() => {
    if (language) void switchLanguage(language)
  }, [language, switchLanguage])

  // Signed out here (or the session ended): whatever is still cached is not a session.
  const signedOut = !hasSignedInHint() || (me.isPending && me.fetchStatus === 'idle')
  if (me.isPending && !signedOut) return <Loading />
  if (signedOut || me.isError) {
    if (signedOut || isSessionError(me.error)) {
      const next = location.pathname + location.search
      return <Navigate to={next === '/ops' ? '/ops/sign-in' : `/ops/sign-in?next=${encodeURIComponent(next)}`} replace />
    }
    return <LoadFailure error={me.error} retry={() => void me.refetch()} />
  }
  if (!me.data) {
    return <Loading />
  }
  return <SignedIn onLanguageChosen={() => setOverride({ asked, locale: undefined })} />
}

function SignedIn({ onLanguageChosen }: { onLanguageChosen: () => void }) {
  const staff = useStaff()
  const { t } = useOpsText()
  const { pathname } = useLocation()
  const [params, setParams] = useSearchParams()
  const [market, setMarket] = useOpsMarket()
  const [collapsed, setCollapsed] = useState(false)
  const screens = screensOf(staff.role)
  const current = screenAt(pathname)

  // The market is always in the address, so that a copied link opens the same view.
  useEffect(() => {
    if (params.get('market') !== market) {
      const next = new URLSearchParams(params)
      next.set('market', market)
      setParams(next, { replace: true })
    }
  }, [market, params, setParams])

  return (
    <Layout className="ops-shell">
      {/* Below a desktop's width the menu folds away entirely (its items have no icons to show
          narrow); the header's own button brings it back, a real button a keyboard reaches. */}
      <Layout.Sider breakpoint="lg" collapsedWidth={0} trigger={null} collapsible collapsed={collapsed} onCollapse={setCollapsed} theme="light" width={220}>
        <div className="ops-brand">{t('app.name')}</div>
        <nav aria-label={t('menu.label')}>
          <Menu
            mode="inline"
            selectedKeys={current ? [current.key] : []}
            items={screens.map((screen) => ({
              key: screen.key,
              label: <Link to={`${screen.path}?market=${market}`}>{t(`menu.${screen.key}`)}</Link>,
              title: t(`menu.${screen.key}`),
            }))}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header className="ops-header">
          <Button type="text" className="ops-menu-toggle" aria-label={t('menu.toggle')} aria-expanded={!collapsed} onClick={() => setCollapsed((c) => !c)}>
            ☰
          </Button>
          <MarketSwitch markets={staff.markets} market={market} onChange={setMarket} />
          <StaffMenu onLanguageChosen={onLanguageChosen} />
        </Layout.Header>
        <Layout.Content className="ops-content">
          <main>{current && !current.roles.includes(staff.role) ? <NotAllowed /> : <Outlet />}</main>
        </Layout.Content>
      </Layout>
    </Layout>
  )
}

function MarketSwitch({ markets, market, onChange }: { markets: readonly Market[]; market: Market; onChange: (market: Market) => void }) {
  const { t } = useOpsText()
  if (markets.length < 2) return <span>{t(`market.${market}`)}</span>
  return (
    <div className="ops-market" role="group" aria-label={t('market.label')}>
      <span aria-hidden="true">{t('market.label')}</span>
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        value={market}
        onChange={(event) => onChange(event.target.value as Market)}
        options={markets.map((m) => ({ value: m, label: t(`market.${m}`) }))}
      />
    </div>
  )
}

function StaffMenu({ onLanguageChosen }: { onLanguageChosen: () => void }) {
  const staff = useStaff()
  const { t } = useOpsText()
  const queryClient = useQueryClient()
  const signOut = useSignOut()
  const navigate = useNavigate()
  const setLanguage = useOpsMutation({
    mutationFn: (language: Locale, call) => call(staffSetLanguage, { body: { language } }),
    onSuccess: (me) => {
      queryClient.setQueryData(ME_KEY, me)
      // the choice is shown, whatever the address asked
      onLanguageChosen()
      // What the server wrote in the old language (type names, reasons, messages) is asked again.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[1] !== ME_KEY[1] })
    },
  })
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          {
            key: 'language',
            type: 'group',
            label: t('language.label'),
            children: LOCALES.map((locale) => ({ key: `lang-${locale}`, label: t(`language.${locale}`), disabled: locale === staff.language })),
          },
          { type: 'divider' },
          { key: 'sign-out', label: t('account.signOut'), danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'sign-out') void signOut().catch(() => navigate('/ops/sign-in'))
          else if (key.startsWith('lang-')) setLanguage.mutate(key.slice(5) as Locale)
        },
      }}
    >
      <Button title={t('account.menu', { email: staff.email })}>
        {staff.email} · {t(`role.${staff.role}`)}
      </Button>
    </Dropdown>
  )
}

/** /ops: the staff member's desk (their first screen after the dashboard), else the dashboard. */
export function HomeRedirect() {
  const staff = useStaff()
  const [search] = useSearchParams()
  const screens = screensOf(staff.role)
  const first = screens.find((screen) => screen.key !== 'dashboard') ?? screens[0]
  const query = search.toString()
  return <Navigate to={`${first?.path ?? '/ops/dashboard'}${query ? `?${query}` : ''}`} replace />
}
