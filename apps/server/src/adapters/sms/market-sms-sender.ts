import { MARKETS, MARKET_INFO, type Market } from '@kilat/domain'
import type { ByMarket } from '../providers/by-market.js'
import type { SmsMessage, SmsSender } from './sms-sender.js'

/** The market of an E.164 number by its calling code (+62, +91, +52); null for any other or a malformed number. */
export function marketOfNumber(phone: string): Market | null {
  if (!/^\+[1-9]\d{6,14}$/.test(phone)) return null
  return MARKETS.find((market) => phone.startsWith(`+${MARKET_INFO[market].callingCode}`)) ?? null
}

/**
 * Sends each message through its market's SMS provider (docs/operations/going-live.md#providers-by-market),
 * the market told by the number's calling code. A number of no market of ours is refused: nobody
 * signs in from elsewhere, and an SMS abroad costs money.
 */
export class MarketSmsSender<M extends string = Market> implements SmsSender {
  constructor(readonly senders: ByMarket<SmsSender & { readonly name: string }, M>) {}

  send(message: SmsMessage): Promise<void> {
    const market = marketOfNumber(message.to)
    // the calling codes are MARKET_INFO's (packages/domain): a market's numbers are known once it is there
    if (!market || !(this.senders.markets as readonly string[]).includes(market)) return Promise.reject(new Error('an SMS to a number of none of our markets'))
    return this.senders.of(market as string as M).send(message)
  }
}
