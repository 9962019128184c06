import type { FastifyBaseLogger } from 'fastify'
import { MARKETS, type Market } from '@kilat/domain'
import { ConfigError, type Config } from '../../config.js'
import type { Executor } from '../../db/client.js'
import type { PaymentGateway } from '../payments/payment-gateway.js'
import type { PayoutProvider } from '../payouts/payout-provider.js'
import { MarketSmsSender } from '../sms/market-sms-sender.js'
import { ByMarket } from './by-market.js'
import type { CheckableProvider, ProviderLog } from './provider-http.js'
import {
  PROVIDERS,
  PROVIDER_KINDS,
  callbackPathOf,
  optionsOf,
  type Env,
  type NamedSmsSender,
  type ProviderContext,
  type ProviderEntry,
  type ProviderKind,
  type ProviderOfKind,
} from './providers.js'

export { PROVIDER_KINDS, PROVIDER_VARIABLES, type ProviderKind } from './providers.js'

/**
 * Which provider serves each market, chosen by configuration (docs/operations/going-live.md#providers-by-market):
 * `PAYMENTS_ID=xendit`, `PAYOUTS_MX=stp`, `SMS_IN=twilio`, … The sandbox is each one's default, and
 * is refused with demo mode off unless ALLOW_SANDBOX_PROVIDERS says so on purpose: it moves no real
 * money and sends no real SMS. A chosen provider whose keys are missing or malformed stops the
 * server at start with one line naming the variable. Which providers there are, the markets each
 * may serve, their variables, callback paths and factories: the table (providers.ts); the markets:
 * MARKETS, or the list a caller gives (a market not yet in packages/domain, in tests).
 */

/** What each market may choose, the sandbox first: from the table (providers.ts). */
export const PROVIDER_OPTIONS: Record<ProviderKind, Record<Market, readonly string[]>> = optionsByMarket(MARKETS, PROVIDERS)

function optionsByMarket<M extends string>(markets: readonly M[], table: readonly ProviderEntry[]): Record<ProviderKind, Record<M, readonly string[]>> {
  const byKind = (kind: ProviderKind) => Object.fromEntries(markets.map((m) => [m, optionsOf(kind, m, table)])) as unknown as Record<M, readonly string[]>
  return { payments: byKind('payments'), payouts: byKind('payouts'), sms: byKind('sms') }
}

const PREFIX: Record<ProviderKind, string> = { payments: 'PAYMENTS', payouts: 'PAYOUTS', sms: 'SMS' }

/** The variable that chooses a kind of provider for a market: PAYMENTS_ID, PAYOUTS_MX, SMS_IN. */
export const choiceVariable = (kind: ProviderKind, market: string) => `${PREFIX[kind]}_${market}`

export type ProviderChoice<M extends string = Market> = Record<ProviderKind, Record<M, string>>

const isOn = (v: string | undefined) => ['1', 'true', 'on', 'yes'].includes((v ?? '').trim().toLowerCase())

/** The markets and the table the registry works from: the real ones unless a caller (a test) gives others. */
export interface MarketsAndTable<M extends string> {
  markets?: readonly M[] | undefined
  table?: readonly ProviderEntry[] | undefined
}

/** Reads PAYMENTS_xx, PAYOUTS_xx and SMS_xx; throws a ConfigError naming the variable. */
export function readProviderChoice<M extends string = Market>(
  env: Env,
  config: Pick<Config, 'DEMO_MODE' | 'NODE_ENV'>,
  { markets = MARKETS as readonly string[] as readonly M[], table = PROVIDERS }: MarketsAndTable<M> = {},
): ProviderChoice<M> {
  const sandboxAllowed = config.DEMO_MODE || config.NODE_ENV === 'test' || isOn(env.ALLOW_SANDBOX_PROVIDERS)
  const sandboxes = new Set(table.filter((e) => e.sandbox).map((e) => e.name))
  const choice = { payments: {}, payouts: {}, sms: {} } as ProviderChoice<M>
  for (const kind of PROVIDER_KINDS) {
    for (const market of markets) {
      const name = choiceVariable(kind, market)
      const options = optionsOf(kind, market, table)
      const value = (env[name] ?? '').trim().toLowerCase() || (options[0] ?? '')
      if (!options.includes(value)) throw new ConfigError(`Invalid configuration: ${name} must be ${options.join(' or ')}`)
      if (sandboxes.has(value) && !sandboxAllowed) {
        throw new ConfigError(`Invalid configuration: ${name} is the sandbox, which moves no real money and sends no SMS: set it to ${options.filter((o) => !sandboxes.has(o)).join(' or ')}, or ALLOW_SANDBOX_PROVIDERS=true on purpose`)
      }
      choice[kind][market] = value
    }
  }
  return choice
}

export interface Providers<M extends string = Market> {
  choice: ProviderChoice<M>
  payments: ByMarket<PaymentGateway, M>
  payouts: ByMarket<PayoutProvider, M>
  sms: MarketSmsSender<M>
  /** The live ones (not the sandbox), each once, with what it serves: for `providers:check`. */
  live: Array<{ provider: CheckableProvider & { readonly name: string }; kind: ProviderKind; markets: M[]; callbackPath: string }>
}

export interface BuildProvidersOptions<M extends string = Market> extends MarketsAndTable<M> {
  env: Env
  config: Config
  db: Executor
  log: ProviderLog & Pick<FastifyBaseLogger, 'info'>
}

/** Builds each market's providers from the configuration and the table: the live ones with their keys, the sandbox where chosen. */
export function buildProviders<M extends string = Market>(options: BuildProvidersOptions<M>): Providers<M> {
  const { env, config, db, log } = options
  const markets = options.markets ?? (MARKETS as readonly string[] as readonly M[])
  const table = options.table ?? PROVIDERS
  const choice = readProviderChoice(env, config, { markets, table })
  const context: ProviderContext = { env, config, db, log, secret: config.PAYMENT_CALLBACK_SECRET ?? '' }
  // one instance per provider and kind, whatever the number of markets it serves (a stored row names it)
  const built = new Map<string, unknown>()
  const provider = <K extends ProviderKind>(kind: K, name: string): ProviderOfKind[K] => {
    const key = `${kind}:${name}`
    if (!built.has(key)) {
      const entry = table.find((e) => e.name === name)!
      const serves = entry[kind]!
      const settings = entry.settings === null ? undefined : required(entry.settings.read(env), entry.settings.variables, choiceVariable(kind, markets.find((m) => choice[kind][m] === name)!), name)
      const instance = serves.build(settings, context) as ProviderOfKind[K]
      // a stored row, a webhook and a report name the provider: the table's name and the instance's are one
      if (instance.name !== name) throw new Error(`the providers table's ${name} built a ${kind} provider named ${instance.name}`)
      built.set(key, instance)
    }
    return built.get(key) as ProviderOfKind[K]
  }

  const payments = ByMarket.from(markets, (m) => provider('payments', choice.payments[m]))
  const payouts = ByMarket.from(markets, (m) => provider('payouts', choice.payouts[m]))
  const senders = ByMarket.from<NamedSmsSender, M>(markets, (m) => provider('sms', choice.sms[m]))

  const live: Providers<M>['live'] = []
  for (const [kind, providers] of [
    ['payments', payments],
    ['payouts', payouts],
    ['sms', senders],
  ] as const) {
    for (const { provider: one, markets: served } of (providers as ByMarket<{ readonly name: string }, M>).distinct()) {
      const path = callbackPathOf(kind, one.name, table)
      if (table.find((e) => e.name === one.name)?.sandbox || !isCheckable(one) || path === null) continue
      live.push({ provider: one, kind, markets: served, callbackPath: path })
    }
  }
  if (live.length > 0 && !config.PUBLIC_URL) throw new ConfigError('Invalid configuration: PUBLIC_URL is required when a market uses a live provider (its callback addresses are under it)')
  return { choice, payments, payouts, sms: new MarketSmsSender(senders), live }
}

/** A provider's settings, or a ConfigError naming its first variable when the market chose it without them. */
function required<T>(settings: T | null, variables: readonly { name: string }[], chosenBy: string, chosen: string): T {
  if (settings === null) throw new ConfigError(`Invalid configuration: ${variables[0]!.name} is required when ${chosenBy} is ${chosen}`)
  return settings
}

function isCheckable(provider: object): provider is CheckableProvider & { readonly name: string } {
  return typeof (provider as Partial<CheckableProvider>).check === 'function'
}

/** One line per market for the start log: which provider serves what. */
export function describeProviders<M extends string = Market>(choice: ProviderChoice<M>, markets: readonly M[] = Object.keys(choice.payments) as M[]): string {
  return markets.map((m) => `${m}: payments ${choice.payments[m]}, payouts ${choice.payouts[m]}, sms ${choice.sms[m]}`).join('; ')
}
