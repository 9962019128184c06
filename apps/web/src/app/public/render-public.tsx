import type { Locale, Market } from '@kilat/domain'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { getLendingFigures, type LendingFigures } from '../../features/lending-figures/api/get-lending-figures'
import { MarketingPage } from '../../features/public-site/marketing-page'
import { isMarketingScreen, MARKETING_SECTIONS, type MarketingScreen } from '../../features/public-site/sections'
import { getChannelTemplate } from '../../features/registration/api/get-channel-template'
import { registerIslandData } from '../../features/registration/island-data'
import { MissingTemplate, RegisterPage } from '../../features/registration/register-page'
import { AboutUs } from '../../features/static-pages/about-us'
import { getLoanTerms } from '../../features/static-pages/api/get-loan-terms'
import { LoanTerms } from '../../features/static-pages/loan-terms'
import { PrivacyPolicy } from '../../features/static-pages/privacy-policy'
import { StaticPage } from '../../features/static-pages/static-page'
import type { ApiClient } from '../../shared/api'
import { I18nProvider, type Translator } from '../../shared/i18n'
import type { ScreenId } from '../../shared/screens'
import { publicHref, type PublicPage } from '../../shared/ui/public-page'
import type { ViteManifest } from '../html'
import { islandScripts, publicDocument, type PublicDocument } from './document'
import type { PublicScreen } from './screens'

/** The navigation strip scrolls sideways on a narrow phone: its current entry is brought into view. */
const NAV_IN_VIEW = `var c=document.querySelector('.nav [aria-current]');if(c)c.closest('ul').scrollLeft=c.parentNode.offsetLeft-16`

export interface PublicRenderInput {
  url: URL
  screen: PublicScreen
  nonce: string
  market: Market
  locale: Locale
  api: ApiClient
  /** Makes the translator of a language (the landing page speaks its template's). */
  translator: (locale: Locale) => Translator
  manifest?: ViteManifest
}

export interface PublicRenderResult {
  status: number
  html: string
}

/**
 * Renders a public page to static HTML (docs/decisions/0011-public-pages.md): the page's data
 * through the API in-process, its markup by React on the server only, never hydrated.
 */
export async function renderPublicPage(input: PublicRenderInput): Promise<PublicRenderResult> {
  const { url, screen } = input
  const i18n = input.translator(input.locale)
  const t = i18n.t
  const page: PublicPage = { market: input.market, locale: input.locale, appName: t('appName'), href: (path) => publicHref(path, url.searchParams) }
  const titleOf = (id: ScreenId) => t('titleFormat', { title: t(`routes.${id}`) })
  const html = (translator: Translator, node: ReactNode) => renderToStaticMarkup(<I18nProvider translator={translator}>{node}</I18nProvider>)
  const doc = (parts: Omit<PublicDocument, 'nonce' | 'lang'> & { lang?: string }) => publicDocument({ lang: input.locale, nonce: input.nonce, ...parts })

  if (isMarketingScreen(screen)) {
    const [figures, terms] = await Promise.all([getLendingFigures(input.api, input.market), getLoanTerms(input.api)])
    const titles = Object.fromEntries(MARKETING_SECTIONS.map((s) => [s.screen, titleOf(s.screen)])) as Record<MarketingScreen, string>
    const body = html(
      i18n,
      <MarketingPage
        page={page}
        current={screen}
        figures={figures}
        titles={titles}
        about={<AboutUs appName={page.appName} headingId="about-h" />}
        loanTerms={<LoanTerms appName={page.appName} terms={terms} level={3} />}
      />,
    )
    return {
      status: 200,
      html: doc({
        title: titles[screen],
        description: t(`claims.${input.market}.tagline`),
        body,
        island: { scripts: islandScripts('public-site', input.manifest), data: { texts: { incomplete: t('publicSite:contact.incomplete'), sent: t('publicSite:contact.sent') } } },
        // Each path opens with its section in view, before the first paint (no island needed for that).
        inline: screen === 'home' ? undefined : `document.getElementById(${JSON.stringify(screen)}).scrollIntoView();${NAV_IN_VIEW}`,
      }),
    }
  }

  if (screen === 'aboutUs') {
    return { status: 200, html: doc({ title: titleOf(screen), body: html(i18n, <StaticPage page={page} title={t('routes.aboutUs')}><AboutUs appName={page.appName} /></StaticPage>) }) }
  }

  if (screen === 'privacyPolicy' || screen === 'privacy') {
    const embed = url.searchParams.get('embed') === '1'
    const figures = await getLendingFigures(input.api, input.market)
    const body = html(
      i18n,
      <StaticPage page={page} title={t(`routes.${screen}`)} embed={embed}>
        <PrivacyPolicy appName={page.appName} contact={contactOf(figures)} />
      </StaticPage>,
    )
    return { status: 200, html: doc({ title: titleOf(screen), body, htmlClass: embed ? 'embed' : undefined }) }
  }

  if (screen === 'loanTerms') {
    const terms = await getLoanTerms(input.api)
    const body = html(i18n, <StaticPage page={page} title={t('routes.loanTerms')}><LoanTerms appName={page.appName} terms={terms} /></StaticPage>)
    return { status: 200, html: doc({ title: titleOf(screen), body }) }
  }

  // The promotion landing page speaks its template's language (the copy comes in it).
  const result = await getChannelTemplate(input.api, url.searchParams.get('id'))
  if (!('template' in result)) {
    const failed = 'failed' in result
    return { status: failed ? 503 : 404, html: doc({ title: titleOf('register'), body: html(i18n, <MissingTemplate page={page} failed={failed} />) }) }
  }
  const { template } = result
  const own = input.translator(template.lang)
  const ownTitle = (title: string) => own.t('titleFormat', { title })
  const titles = { landing: ownTitle(template.title), download: ownTitle(own.t('registration:download.title')), agreement: ownTitle(own.t('registration:agreement.title')) }
  return {
    status: 200,
    html: doc({
      lang: template.lang,
      title: titles.landing,
      description: template.subtitle,
      themeColor: template.themeColor,
      body: html(own, <RegisterPage page={{ ...page, locale: template.lang, appName: template.appName }} template={template} />),
      island: { scripts: islandScripts('register', input.manifest), data: registerIslandData(template, own.fixedT('registration'), titles) },
    }),
  }
}

function contactOf(figures: LendingFigures | null): { email: string; phone: string } {
  return { email: figures?.company.email ?? '', phone: figures?.company.phone ?? '' }
}
