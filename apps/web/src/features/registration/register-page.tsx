import { REGISTRATION_LIMITS } from '@kilat/contract'
import { useTranslation } from '../../shared/i18n'
import { SCREEN_PATHS } from '../../shared/screens'
import { PublicBar, TextSection, type PublicPage } from '../../shared/ui/public-page'
import type { ChannelTemplate } from './api/get-channel-template'
import { MOBILE_DIGITS } from './phone-length'

const AGREEMENT_SECTIONS = ['s1', 's2', 's3', 's4', 's5'] as const

/**
 * The promotion landing page (docs/product/registration.md) with its two hash views, all three in
 * the server's HTML: the register island shows the one the hash names (and, without JavaScript,
 * CSS shows the agreement when its link is followed).
 */
export function RegisterPage({ page, template }: { page: PublicPage; template: ChannelTemplate }) {
  const { t } = useTranslation('registration')
  const digits = MOBILE_DIGITS[template.market]
  return (
    <main id="main">
      <div data-view="landing">
        <div className="wrap">
          <img className="banner" src={template.bannerUrl} alt={template.bannerAlt} width={750} height={360} fetchPriority="high" />
          <section aria-labelledby="landing-h">
            <h1 id="landing-h">{template.title}</h1>
            <p>{template.subtitle}</p>
            <ul className="highlights">
              {template.highlights.map((item, i) => (
                <li key={i}>
                  <strong>{item.title}</strong> {item.text}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="form-h">
            <h2 id="form-h">{t('form.heading')}</h2>
            <noscript>
              <p>{t('form.noScript')}</p>
            </noscript>
            <form data-register method="dialog">
              <label>
                {t('form.phone')}
                <input name="phone" type="tel" inputMode="numeric" autoComplete="tel-national" required pattern="[0-9]*" minLength={digits.min} maxLength={digits.max} aria-describedby="phone-hint" />
              </label>
              <p id="phone-hint" className="note">
                {t('form.phoneHint')}
              </p>
              <label htmlFor="capcode">{t('form.captcha')}</label>
              <div className="row">
                <input id="capcode" name="capcode" required maxLength={REGISTRATION_LIMITS.captchaLength} autoComplete="off" autoCapitalize="characters" spellCheck={false} />
                <button className="captcha" type="button" data-captcha aria-label={t('form.captchaImage')}>
                  <img alt="" width={128} height={48} />
                </button>
              </div>
              <label htmlFor="smsCode">{t('form.sms')}</label>
              <div className="row">
                <input id="smsCode" name="smsCode" inputMode="numeric" autoComplete="one-time-code" required pattern="[0-9]*" maxLength={REGISTRATION_LIMITS.smsCodeLength} />
                <button className="btn code" type="button" data-get-code aria-live="polite">
                  {t('form.getCode')}
                </button>
              </div>
              <button className="btn" type="submit">
                {template.buttonText}
              </button>
              <p className="note">
                {template.agreementText} <a href="#/agreementTemplate">{template.agreementLinkText}</a>
              </p>
            </form>
            <p className="note">{template.riskNote}</p>
          </section>
        </div>
      </div>

      <div data-view="download" id="/downloadTemplate" hidden>
        <PublicBar title={t('download.title')} />
        <div className="wrap">
          <section aria-labelledby="download-h">
            <img src={template.logoUrl} alt="" width={64} height={64} loading="lazy" />
            <h2 id="download-h">{t('download.heading', { appName: template.appName })}</h2>
            <p>{t('download.body')}</p>
            <p className="stores">
              <a className="btn store" data-for="android" href={template.downloadLinks.android} rel="noopener">
                {t('download.android')}
              </a>
              <a className="btn store" data-for="ios" href={template.downloadLinks.ios} rel="noopener">
                {t('download.ios')}
              </a>
            </p>
            <p className="note">
              <a className="other" data-for="android" href={template.downloadLinks.android} rel="noopener">
                {t('download.other')}: {t('download.android')}
              </a>
              <a className="other" data-for="ios" href={template.downloadLinks.ios} rel="noopener">
                {t('download.other')}: {t('download.ios')}
              </a>
            </p>
          </section>
        </div>
      </div>

      <div data-view="agreement" id="/agreementTemplate" hidden>
        <PublicBar title={t('agreement.title')} home={{ href: '#', label: t('agreement.back') }} />
        <div className="wrap">
          <section aria-label={t('agreement.title')}>
            {AGREEMENT_SECTIONS.map((key) => (
              <TextSection key={key} heading={t(`agreement.${key}.heading`)} paragraphs={[t(`agreement.${key}.text`, { appName: template.appName })]} />
            ))}
            <p>
              <a href={page.href(SCREEN_PATHS.privacyPolicy)}>{t('agreement.privacy')}</a>
            </p>
          </section>
        </div>
      </div>
    </main>
  )
}

/** An id the server does not know, or no id: say so, and still offer nothing broken. */
export function MissingTemplate({ page, failed }: { page: PublicPage; failed: boolean }) {
  const { t } = useTranslation('registration')
  const { t: common } = useTranslation()
  return (
    <>
      <PublicBar title={common('routes.register')} home={{ href: page.href('/'), label: common('actions.home') }} />
      <main id="main" className="wrap">
        <section>
          <h2>{failed ? common('errors.loadTitle') : t('missing.heading')}</h2>
          <p>{failed ? common('errors.loadBody') : t('missing.body')}</p>
        </section>
      </main>
    </>
  )
}
