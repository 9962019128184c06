import { MARKETS, type Market } from '@kilat/domain'

/**
 * The provider that serves each market (docs/operations/going-live.md#providers-by-market): the
 * payment gateway, the payout provider or the SMS sender chosen for it by configuration
 * (PAYMENTS_ID=xendit, PAYOUTS_MX=stp, …). One provider may serve several markets (the sandbox,
 * an SMS provider); `distinct` lists each once with its markets, for what exists once per provider
 * (a webhook, a job).
 */
export class ByMarket<T extends { readonly name: string }, M extends string = Market> {
  private constructor(
    /** The markets, in their order: MARKETS, or the list the registry was given (providers.ts). */
    readonly markets: readonly M[],
    private readonly byMarket: Readonly<Record<M, T>>,
  ) {
    for (const market of markets) {
      if (!byMarket[market]) throw new Error(`no provider for market ${market}`)
      const named = markets.filter((m) => byMarket[m].name === byMarket[market].name)
      if (named.some((m) => byMarket[m] !== byMarket[market])) throw new Error(`two providers are named ${byMarket[market].name}`)
    }
  }

  /** Each market its own provider. */
  static of<T extends { readonly name: string }>(byMarket: Readonly<Record<Market, T>>): ByMarket<T> {
    return new ByMarket(MARKETS, byMarket)
  }

  /** Each market of a list its provider: the registry's way, whatever the markets (registry.ts). */
  static from<T extends { readonly name: string }, M extends string>(markets: readonly M[], providerOf: (market: M) => T): ByMarket<T, M> {
    return new ByMarket(markets, Object.fromEntries(markets.map((m) => [m, providerOf(m)])) as Record<M, T>)
  }

  /** One provider for every market. */
  static all<T extends { readonly name: string }>(provider: T): ByMarket<T> {
    return ByMarket.from(MARKETS, () => provider)
  }

  of(market: M): T {
    return this.byMarket[market]
  }

  /** The provider of that name, if it serves a market: a stored row names the provider it went through. */
  named(name: string): T | undefined {
    return this.markets.map((m) => this.byMarket[m]).find((p) => p.name === name)
  }

  /** Each provider once, with the markets it serves, in the markets' order. */
  distinct(): Array<{ provider: T; markets: M[] }> {
    const out: Array<{ provider: T; markets: M[] }> = []
    for (const market of this.markets) {
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
