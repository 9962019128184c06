import type { ReactNode } from 'react'
import { formatCount, formatMoney, formatMoneyWhole, formatPercent } from '../../shared/format'
import { useTranslation } from '../../shared/i18n'
import { MARKET_CLAIMS } from '@kilat/domain'
import { SCREEN_PATHS } from '../../shared/screens'
import type { PublicPage } from '../../shared/ui/public-page'
import type { LendingFigures } from '@kilat/contract'
import { MARKETING_SECTIONS, type MarketingScreen } from './sections'

const REVIEWS = ['r1', 'r2', 'r3'] as const

interface MarketingPageProps {
  page: PublicPage
  /** The section the address opened; the server puts it in view. */
  current: MarketingScreen
  figures: LendingFigures | null
  /** Texts whose home is another feature, composed by the app: about us (its heading's id `about-h`), the loan terms. */
  about: ReactNode
  loanTerms: ReactNode
  /** Document title of each section's path, for the navigation to set as it moves. */
  titles: Record<MarketingScreen, string>
}

/**
 * The public marketing site (docs/product/screens.md#marketing-site): one page whose paths each open
 * one of its sections. Rendered on the server only; the public-site island moves between sections
 * and handles the contact form.
 */
export function MarketingPage({ page, current, figures, about, loanTerms, titles }: MarketingPageProps) {
  const { t } = useTranslation('publicSite')
  const { t: common } = useTranslation()
  const market = page.market
  const claims = MARKET_CLAIMS[market]
  const company = figures?.company
  const section = (screen: MarketingScreen) => ({ id: screen, tabIndex: -1, 'aria-labelledby': `${screen}-h` })

  return (
    <>
      <a className="skip" href="#main">
        {t('skip')}
      </a>
      <header className="site-header">
        <div className="wrap">
          <a className="brand" href={page.href('/')}>
            {page.appName}
          </a>
        </div>
        <nav className="nav" aria-label={t('nav.label')}>
          <ul className="wrap">
            {MARKETING_SECTIONS.map((s) => (
              <li key={s.id}>
                <a
                  href={page.href(SCREEN_PATHS[s.screen])}
                  data-section={s.id}
                  data-title={titles[s.screen]}
                  aria-current={s.screen === current ? 'page' : undefined}
                >
                  {t(`nav.${s.nav}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>

      <main id="main" className="wrap">
        <section className="hero" {...section('home')}>
          <h1 id="home-h">{t('hero.heading', { appName: page.appName })}</h1>
          <p>{common(`claims.${market}.tagline`)}</p>
          <ul className="claims">
            <li>{common(`claims.${market}.users`)}</li>
            <li>{common(`claims.${market}.amount`, { min: formatMoneyWhole(claims.min, market), max: formatMoneyWhole(claims.max, market) })}</li>
            <li>{common(`claims.${market}.eligibility`, { salary: formatMoneyWhole(claims.salary, market) })}</li>
          </ul>
          <p>{t('hero.steps')}</p>
        </section>

        {page.market === 'ID' && figures && <Supervision figures={figures} />}

        <section {...section('about')}>
          {about}
        </section>

        <section {...section('user')}>
          <h2 id="user-h">{t('reviews.heading')}</h2>
          <ul className="reviews">
            {REVIEWS.map((review) => (
              <li key={review}>
                <p className="stars" role="img" aria-label={t('reviews.rating', { stars: 5 })}>
                  ★★★★★
                </p>
                <p>{t(`reviews.${review}.text`)}</p>
                <p className="note">{t(`reviews.${review}.name`)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section {...section('policy')}>
          <h2 id="policy-h">{t('nav.policy')}</h2>
          <iframe className="frame" src={page.href(`${SCREEN_PATHS.privacyPolicy}?embed=1`)} title={t('policy.frameTitle')} loading="lazy" />
          <p>
            <a href={page.href(SCREEN_PATHS.privacyPolicy)}>{t('policy.open')}</a>
          </p>
        </section>

        <section {...section('loan')}>
          <h2 id="loan-h">{t('nav.loan')}</h2>
          {loanTerms}
          <p>
            <a href={page.href(SCREEN_PATHS.loanTerms)}>{t('loan.open')}</a>
          </p>
        </section>

        <section {...section('contact')}>
          <h2 id="contact-h">{t('nav.contact')}</h2>
          <p>{t('contact.intro')}</p>
          {/* No call (docs/product/screens.md#marketing-site): without the island the form goes nowhere. */}
          <form data-contact method="dialog">
            <label>
              {t('contact.name')}
              <input name="name" autoComplete="name" required maxLength={100} />
            </label>
            <label>
              {t('contact.telephone')}
              <input name="telephone" type="tel" autoComplete="tel" inputMode="tel" required maxLength={32} />
            </label>
            <label>
              {t('contact.email')}
              <input name="email" type="email" autoComplete="email" required maxLength={200} />
            </label>
            <label>
              {t('contact.remark')}
              <textarea name="remark" required maxLength={1000} />
            </label>
            <button className="btn" type="submit">
              {t('contact.send')}
            </button>
          </form>
        </section>
      </main>

      <footer className="site-footer">
        <div className="wrap">
          {company && (
            <dl>
              <dt>{t('footer.company')}</dt>
              <dd>{company.name}</dd>
              <dt>{t('footer.phone')}</dt>
              <dd>
                <a href={`tel:${company.phone.replace(/[^\d+]/g, '')}`}>{company.phone}</a>
              </dd>
              <dt>{t('footer.email')}</dt>
              <dd>
                <a href={`mailto:${company.email}`}>{company.email}</a>
              </dd>
              <dt>{t('footer.address')}</dt>
              <dd>{company.address}</dd>
            </dl>
          )}
          <h2 className="note">{t('footer.links')}</h2>
          <ul>
            <li>
              <a href={page.href(SCREEN_PATHS.aboutUs)}>{common('routes.aboutUs')}</a>
            </li>
            <li>
              <a href={page.href(SCREEN_PATHS.privacyPolicy)}>{common('routes.privacyPolicy')}</a>
            </li>
            <li>
              <a href={page.href(SCREEN_PATHS.loanTerms)}>{common('routes.loanTerms')}</a>
            </li>
            <li>
              <a href={page.href(SCREEN_PATHS.contact)}>{common('routes.contact')}</a>
            </li>
          </ul>
        </div>
      </footer>
    </>
  )
}

/** What Indonesian lenders' sites must show: the OJK licence, a risk warning and the lending figures. */
function Supervision({ figures }: { figures: LendingFigures }) {
  const { t } = useTranslation('publicSite')
  const market = figures.market
  return (
    <section className="trust" aria-labelledby="ojk-h">
      <h2 id="ojk-h">{t('ojk.heading')}</h2>
      {figures.licence && <p>{t('ojk.body', { company: figures.company.name, licence: figures.licence.number })}</p>}
      <h3>{t('figures.heading')}</h3>
      <dl className="figures">
        <div>
          <dt>{t('figures.disbursed')}</dt>
          <dd>{formatMoney(figures.totalDisbursed, market)}</dd>
        </div>
        <div>
          <dt>{t('figures.borrowers')}</dt>
          <dd>{formatCount(figures.borrowersServed, market)}</dd>
        </div>
        <div>
          <dt>
            {t('figures.tkb90')} <span className="note">({t('figures.tkb90Hint')})</span>
          </dt>
          <dd>{formatPercent(figures.tkb90Bp, market)}</dd>
        </div>
      </dl>
      <p className="note">{t('figures.asOf', { date: figures.computedDate })}</p>
      <h3>{t('ojk.riskHeading')}</h3>
      <p>{t('ojk.risk')}</p>
    </section>
  )
}
