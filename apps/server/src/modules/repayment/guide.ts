import type { DataOf, payGuide } from '@kilat/contract'
import type { Locale, Market } from '@kilat/domain'
import type { Config } from '../../config.js'
import { textsFor } from '../../i18n/index.js'
import { methodsOf, payStepsOf } from './methods/methods.js'

/**
 * How to repay with each of the market's methods (/repayment-instructions), banks and transfers
 * first, then mini markets or cash: the same steps generate-vcode answers, with words in brackets
 * where an account's number and amount will be (docs/product/money-rules.md#repayment).
 */
export function repaymentGuide(config: Pick<Config, 'SERVICE_PHONES'>, market: Market, locale: Locale): DataOf<typeof payGuide> {
  const fill = textsFor(locale).guide
  const methods = ([1, 2] as const).flatMap((payType) =>
    methodsOf(market, payType).map((m) => ({ payType, payCode: m.code, payName: m.name, payStep: payStepsOf(m, locale, { account: fill.account, amount: fill.amount }) })),
  )
  return { methods, telephone: config.SERVICE_PHONES[market] }
}
