import { MARKETS, type Market } from '@kilat/domain'

/**
 * The provider that serves each market (docs/operations/going-live.md#providers-by-market): the
 * payment gateway, the payout provider or the SMS sender chosen for it by configuration
 * (PAYMENTS_ID=xendit, PAYOUTS_MX=stp, …). One provider may serve several markets (the sandbox,
 * an SMS provider); `distinct` lists each once with its markets, for what exists once per provider
 * (a webhook, a job).
 */
export class ByMarket<T extends { readonly name: string }> {
  private constructor(private readonly byMarket: Readonly<Record<Market, T>>) {
    for (const market of MARKETS) {
      const named = MARKETS.filter((m) => byMarket[m].name === byMarket[market].name)
      if (named.some((m) => byMarket[m] !== byMarket[market])) throw new Error(`two providers are named ${byMarket[market].name}`)
    }
  }

  /** Each market its own provider. */
  static of<T extends { readonly name: string }>(byMarket: Readonly<Record<Market, T>>): ByMarket<T> {
    return new ByMarket(byMarket)
  }

  /** One provider for every market. */
  static all<T extends { readonly name: string }>(provider: T): ByMarket<T> {
    return new ByMarket({ ID: provider, IN: provider, MX: provider })
  }

  of(market: Market): T {
    return this.byMarket[market]
  }

  /** The provider of that name, if it serves a market: a stored row names the provider it went through. */
  named(name: string): T | undefined {
    return MARKETS.map((m) => this.byMarket[m]).find((p) => p.name === name)
  }

  /** Each provider once, with the markets it serves, in the markets' order. */
  distinct(): Array<{ provider: T; markets: Market[] }> {
    const out: Array<{ provider: T; markets: Market[] }> = []
    for (const market of MARKETS) {
      const provider = this.byMarket[market]
      const seen = out.find((o) => o.provider === provider)
      if (seen) seen.markets.push(market)
      else out.push({ provider, markets: [market] })
    }
    return out
  }
}

/** A market's provider, where a caller passes one provider for every market (tests) or one per market. */
export function providerOf<T extends { readonly name: string }>(providers: T | ByMarket<T>, market: Market): T {
  return providers instanceof ByMarket ? providers.of(market) : providers
}

/** One per market, whichever was passed. */
export function byMarket<T extends { readonly name: string }>(providers: T | ByMarket<T>): ByMarket<T> {
  return providers instanceof ByMarket ? providers : ByMarket.all(providers)
}
