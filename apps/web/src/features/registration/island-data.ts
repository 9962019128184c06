import { ERROR_CODES, getCaptcha, getSid, getSms, register, REGISTRATION_LIMITS, trackClick, trackVisit } from '@kilat/contract'
import type { RegisterData } from '../../islands/data'
import type { LooseTFunction } from '../../shared/i18n'
import type { ChannelTemplate } from './api/get-channel-template'
import { MOBILE_DIGITS } from './phone-length'

/** What the register island needs from the contract and the page's language (docs/decisions/0011-public-pages.md). */
export function registerIslandData(template: ChannelTemplate, t: LooseTFunction, titles: RegisterData['texts']['titles']): RegisterData {
  return {
    market: template.market,
    lang: template.lang,
    templateId: template.id,
    appName: template.appName,
    phone: MOBILE_DIGITS[template.market],
    captchaLength: REGISTRATION_LIMITS.captchaLength,
    smsCodeLength: REGISTRATION_LIMITS.smsCodeLength,
    resendSeconds: REGISTRATION_LIMITS.resendSeconds,
    calls: { sid: getSid.path, captcha: getCaptcha.path, sms: getSms.path, register: register.path, trackVisit: trackVisit.path, trackClick: trackClick.path },
    codes: {
      captchaWrong: ERROR_CODES.captchaWrong,
      alreadyRegistered: ERROR_CODES.alreadyRegistered,
      registerCaptchaWrong: ERROR_CODES.registerCaptchaWrong,
      sidExpired: ERROR_CODES.sidExpired,
    },
    texts: {
      phone: t('messages.phone'),
      captcha: t('messages.captcha'),
      sms: t('messages.sms'),
      repeat: t('messages.repeat'),
      smsSent: t('messages.smsSent'),
      registered: t('messages.registered'),
      error: t('messages.error'),
      getCode: t('form.getCode'),
      countdown: t('form.countdown', { seconds: '{{seconds}}' }),
      titles,
    },
  }
}
