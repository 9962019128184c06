import type { FastifyBaseLogger } from 'fastify'
import { MARKETS, type Market } from '@kilat/domain'
import { ConfigError, type Config } from '../../config.js'
import type { Executor } from '../../db/client.js'
import type { PaymentGateway } from '../payments/payment-gateway.js'
import { DEMO_REPORT_RULE, SandboxGateway } from '../payments/sandbox-gateway.js'
import type { PayoutProvider } from '../payouts/payout-provider.js'
import { SandboxPayouts } from '../payouts/sandbox-payouts.js'
import { OutboxSmsSender } from '../sms/outbox-sms-sender.js'
import type { SmsSender } from '../sms/sms-sender.js'
import { ByMarket } from './by-market.js'
import { ConektaGateway } from './conekta/conekta-gateway.js'
import { CONEKTA_VARIABLES, readConektaSettings } from './conekta/settings.js'
import type { CheckableProvider, ProviderLog } from './provider-http.js'
import { RazorpayGateway } from './razorpay/razorpay-gateway.js'
import { RazorpayXPayouts } from './razorpay/razorpayx-payouts.js'
import { RAZORPAY_VARIABLES, readRazorpaySettings } from './razorpay/settings.js'
import { STP_VARIABLES, readStpSettings } from './stp/settings.js'
import { StpPayouts } from './stp/stp-payouts.js'
import { TWILIO_VARIABLES, readTwilioSettings } from './twilio/twilio-settings.js'
import { TwilioSmsSender } from './twilio/twilio-sms-sender.js'
import { XENDIT_VARIABLES, readXenditSettings } from './xendit/settings.js'
import { XenditGateway } from './xendit/xendit-gateway.js'
import { XenditPayouts } from './xendit/xendit-payouts.js'
import { MarketSmsSender } from '../sms/market-sms-sender.js'

/**
 * Which provider serves each market, chosen by configuration (docs/operations/going-live.md#providers-by-market):
 * `PAYMENTS_ID=xendit`, `PAYOUTS_MX=stp`, `SMS_IN=twilio`, … The sandbox is each one's default, and
 * is refused with demo mode off unless ALLOW_SANDBOX_PROVIDERS says so on purpose: it moves no real
 * money and sends no real SMS. A chosen provider whose keys are missing or malformed stops the
 * server at start with one line naming the variable.
 */

export const PROVIDER_KINDS = ['payments', 'payouts', 'sms'] as const
export type ProviderKind = (typeof PROVIDER_KINDS)[number]

/** What each market may choose, the sandbox first. */
export const PROVIDER_OPTIONS: Record<ProviderKind, Record<Market, readonly string[]>> = {
  payments: { ID: ['sandbox', 'xendit'], IN: ['sandbox', 'razorpay'], MX: ['sandbox', 'conekta'] },
  payouts: { ID: ['sandbox', 'xendit'], IN: ['sandbox', 'razorpayx'], MX: ['sandbox', 'stp'] },
  sms: { ID: ['sandbox', 'twilio'], IN: ['sandbox', 'twilio'], MX: ['sandbox', 'twilio'] },
}

const PREFIX: Record<ProviderKind, string> = { payments: 'PAYMENTS', payouts: 'PAYOUTS', sms: 'SMS' }

/** The variable that chooses a kind of provider for a market: PAYMENTS_ID, PAYOUTS_MX, SMS_IN. */
export const choiceVariable = (kind: ProviderKind, market: Market) => `${PREFIX[kind]}_${market}`

export type ProviderChoice = Record<ProviderKind, Record<Market, string>>

type Env = Record<string, string | undefined>

const isOn = (v: string | undefined) => ['1', 'true', 'on', 'yes'].includes((v ?? '').trim().toLowerCase())

/** Reads PAYMENTS_xx, PAYOUTS_xx and SMS_xx; throws a ConfigError naming the variable. */
export function readProviderChoice(env: Env, config: Pick<Config, 'DEMO_MODE' | 'NODE_ENV'>): ProviderChoice {
  const sandboxAllowed = config.DEMO_MODE || config.NODE_ENV === 'test' || isOn(env.ALLOW_SANDBOX_PROVIDERS)
  const choice = { payments: {}, payouts: {}, sms: {} } as ProviderChoice
  for (const kind of PROVIDER_KINDS) {
    for (const market of MARKETS) {
      const name = choiceVariable(kind, market)
      const value = (env[name] ?? '').trim().toLowerCase() || 'sandbox'
      const options = PROVIDER_OPTIONS[kind][market]
      if (!options.includes(value)) throw new ConfigError(`Invalid configuration: ${name} must be ${options.join(' or ')}`)
      if (value === 'sandbox' && !sandboxAllowed) {
        throw new ConfigError(`Invalid configuration: ${name} is the sandbox, which moves no real money and sends no SMS: set it to ${options.slice(1).join(' or ')}, or ALLOW_SANDBOX_PROVIDERS=true on purpose`)
      }
      choice[kind][market] = value
    }
  }
  return choice
}

/** Every live provider's variables, for the README's table and the checks. */
export const PROVIDER_VARIABLES = {
  xendit: XENDIT_VARIABLES,
  razorpay: RAZORPAY_VARIABLES,
  conekta: CONEKTA_VARIABLES,
  stp: STP_VARIABLES,
  twilio: TWILIO_VARIABLES,
} as const

export interface Providers {
  choice: ProviderChoice
  payments: ByMarket<PaymentGateway>
  payouts: ByMarket<PayoutProvider>
  sms: SmsSender
  /** The live ones (not the sandbox), each once, with what it serves: for `providers:check`. */
  live: Array<{ provider: CheckableProvider & { readonly name: string }; kind: ProviderKind; markets: Market[]; callbackPath: string }>
}

export interface BuildProvidersOptions {
  env: Env
  config: Config
  db: Executor
  log: ProviderLog & Pick<FastifyBaseLogger, 'info'>
}

/** A provider's settings, or a ConfigError naming its first variable when the market chose it without them. */
function required<T>(settings: T | null, variables: readonly { name: string }[], chosenBy: string, chosen: string): T {
  if (settings === null) throw new ConfigError(`Invalid configuration: ${variables[0]!.name} is required when ${chosenBy} is ${chosen}`)
  return settings
}

/** Builds each market's providers from the configuration: the live ones with their keys, the sandbox where chosen. */
export function buildProviders({ env, config, db, log }: BuildProvidersOptions): Providers {
  const choice = readProviderChoice(env, config)
  const secret = config.PAYMENT_CALLBACK_SECRET ?? ''
  const options = { log }
  const firstChooser = (kind: ProviderKind, value: string) => choiceVariable(kind, MARKETS.find((m) => choice[kind][m] === value)!)
  // one instance per provider, whatever the number of markets it serves (a stored row names it)
  const once = new Map<string, unknown>()
  const make = <T>(key: string, build: () => T): T => {
    if (!once.has(key)) once.set(key, build())
    return once.get(key) as T
  }
  const payment = (value: string): PaymentGateway => {
    switch (value) {
      case 'xendit':
        return make('payments:xendit', () => new XenditGateway(required(readXenditSettings(env), XENDIT_VARIABLES, firstChooser('payments', value), value), options))
      case 'razorpay':
        return make('payments:razorpay', () => new RazorpayGateway(required(readRazorpaySettings(env), RAZORPAY_VARIABLES, firstChooser('payments', value), value), options))
      case 'conekta':
        return make('payments:conekta', () => new ConektaGateway(required(readConektaSettings(env), CONEKTA_VARIABLES, firstChooser('payments', value), value), options))
      default:
        return make('payments:sandbox', () => new SandboxGateway(secret, { db, ...(config.DEMO_MODE ? { report: DEMO_REPORT_RULE } : {}) }))
    }
  }
  const payout = (value: string): PayoutProvider => {
    switch (value) {
      case 'xendit':
        return make('payouts:xendit', () => new XenditPayouts(required(readXenditSettings(env), XENDIT_VARIABLES, firstChooser('payouts', value), value), options))
      case 'razorpayx':
        return make('payouts:razorpayx', () => new RazorpayXPayouts(required(readRazorpaySettings(env), RAZORPAY_VARIABLES, firstChooser('payouts', value), value), options))
      case 'stp':
        return make('payouts:stp', () => new StpPayouts(required(readStpSettings(env), STP_VARIABLES, firstChooser('payouts', value), value), options))
      default:
        return make('payouts:sandbox', () => new SandboxPayouts(db, { secret }))
    }
  }
  const sms = (value: string): SmsSender & { readonly name: string } => {
    if (value === 'twilio') return make('sms:twilio', () => new TwilioSmsSender(required(readTwilioSettings(env), TWILIO_VARIABLES, firstChooser('sms', value), value), options))
    return make('sms:sandbox', () => Object.assign(new OutboxSmsSender(db, log), { name: 'sandbox' as const }))
  }

  const payments = ByMarket.of({ ID: payment(choice.payments.ID), IN: payment(choice.payments.IN), MX: payment(choice.payments.MX) })
  const payouts = ByMarket.of({ ID: payout(choice.payouts.ID), IN: payout(choice.payouts.IN), MX: payout(choice.payouts.MX) })
  const senders = ByMarket.of({ ID: sms(choice.sms.ID), IN: sms(choice.sms.IN), MX: sms(choice.sms.MX) })

  const live: Providers['live'] = []
  for (const [kind, providers, pathOf] of [
    ['payments', payments, (n: string) => `/h5-api/v3/payments/callback/${n}`],
    ['payouts', payouts, (n: string) => `/h5-api/v3/payouts/callback/${n}`],
    ['sms', senders, (n: string) => `/h5-api/v3/sms/status/${n}`],
  ] as const) {
    for (const { provider, markets } of (providers as ByMarket<{ readonly name: string }>).distinct()) {
      if (provider.name === 'sandbox' || !isCheckable(provider)) continue
      live.push({ provider, kind, markets, callbackPath: pathOf(provider.name) })
    }
  }
  if (live.length > 0 && !config.PUBLIC_URL) throw new ConfigError('Invalid configuration: PUBLIC_URL is required when a market uses a live provider (its callback addresses are under it)')
  return { choice, payments, payouts, sms: new MarketSmsSender(senders), live }
}

function isCheckable(provider: object): provider is CheckableProvider & { readonly name: string } {
  return typeof (provider as Partial<CheckableProvider>).check === 'function'
}

/** One line per market for the start log: which provider serves what. */
export function describeProviders(choice: ProviderChoice): string {
  return MARKETS.map((m) => `${m}: payments ${choice.payments[m]}, payouts ${choice.payouts[m]}, sms ${choice.sms[m]}`).join('; ')
}
