import type { DataOf, payGuide } from '@kilat/contract'
import type { Locale, Market } from '@kilat/domain'
import type { Config } from '../../config.js'
import { textsFor } from '../../i18n/index.js'
import { methodsOf, payStepsOf } from './methods/methods.js'

type PayGuide = DataOf<typeof payGuide>

/**
 * How to repay with each of the market's methods (/repayment-instructions), banks and transfers
 * first, then mini markets or cash: the same steps generate-vcode answers, with words in brackets
 * where an account's number and amount will be (docs/product/money-rules.md#repayment).
 */
export function repaymentGuide(config: Pick<Config, 'SERVICE_PHONES'>, market: Market, locale: Locale): PayGuide {
  const fill = textsFor(locale).guide
  const methods = ([1, 2] as const).flatMap((payType) =>
    methodsOf(market, payType).map((m) => ({ payType, payCode: m.code, payName: m.name, payStep: payStepsOf(m, locale, { account: fill.account, amount: fill.amount }) })),
  )
  return { methods, telephone: config.SERVICE_PHONES[market] }
}

/**
 * The guides of one configuration, each built once per market and language (nine at most): a
 * guide is the same for every borrower of a market, and building it (every step's words filled
 * in) cost as much as the rest of the call.
 */
export function repaymentGuides(config: Pick<Config, 'SERVICE_PHONES'>): (market: Market, locale: Locale) => PayGuide {
  const built = new Map<string, PayGuide>()
  return (market, locale) => {
    const key = `${market}/${locale}`
    let guide = built.get(key)
    if (!guide) {
      guide = repaymentGuide(config, market, locale)
      built.set(key, guide)
    }
    return guide
  }
}
