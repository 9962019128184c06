import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config.js'
import type { Executor } from '../../db/client.js'
import type { PaymentGateway } from '../payments/payment-gateway.js'
import { DEMO_REPORT_RULE, SandboxGateway } from '../payments/sandbox-gateway.js'
import type { PayoutProvider } from '../payouts/payout-provider.js'
import { SandboxPayouts } from '../payouts/sandbox-payouts.js'
import { OutboxSmsSender } from '../sms/outbox-sms-sender.js'
import type { SmsSender } from '../sms/sms-sender.js'
import { ConektaGateway } from './conekta/conekta-gateway.js'
import { CONEKTA_VARIABLES, readConektaSettings } from './conekta/settings.js'
import type { ProviderLog } from './provider-http.js'
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

/**
 * Every provider, one entry each (docs/decisions/0022-live-providers.md#the-providers-table): its
 * name (the value of PAYMENTS_xx, PAYOUTS_xx, SMS_xx, and what a stored row names), the markets
 * it may serve, its variables, and for each kind it serves its callback path and how it is built.
 * The registry (registry.ts) builds each market's providers from this table and the market list:
 * adding a market, or a provider, is adding or extending entries here
 * (docs/operations/going-live.md#adding-a-market).
 */

export const PROVIDER_KINDS = ['payments', 'payouts', 'sms'] as const
export type ProviderKind = (typeof PROVIDER_KINDS)[number]

export type Env = Record<string, string | undefined>
export type NamedSmsSender = SmsSender & { readonly name: string }

/** What a provider of each kind is. */
export interface ProviderOfKind {
  payments: PaymentGateway
  payouts: PayoutProvider
  sms: NamedSmsSender
}

/** What a factory is given besides its settings. */
export interface ProviderContext {
  env: Env
  config: Config
  db: Executor
  log: ProviderLog & Pick<FastifyBaseLogger, 'info'>
  /** PAYMENT_CALLBACK_SECRET: what the sandboxes sign their callbacks with. */
  secret: string
}

/** One kind a provider serves: where its callbacks come in, and how it is built from its settings. */
export interface Serves<K extends ProviderKind, S> {
  /**
   * The path of its webhook under PUBLIC_URL, unique in the table; null where it sends none (the
   * sandbox's SMS). The modules register their routes at `callbackPathOf(kind, name)`.
   */
  callbackPath: K extends 'sms' ? string | null : string
  build: (settings: S, context: ProviderContext) => ProviderOfKind[K]
}

export interface ProviderVariable {
  name: string
  description: string
  secret: boolean
}

export interface ProviderEntry<S = unknown> {
  /** Lower case: `PAYMENTS_ID=xendit`; the instance built must carry the same name. */
  name: string
  /**
   * The markets it may be chosen for, by code: 'every' for the sandbox. A code not in the market
   * list the registry is given is ignored (a market not yet open).
   */
  markets: readonly string[] | 'every'
  /** The sandbox: moves no real money, sends no SMS; refused without demo mode unless ALLOW_SANDBOX_PROVIDERS. */
  sandbox?: true
  /** Its keys: the variables an operator sets (the first one is named when they are missing) and their reader; null for the sandbox. */
  settings: { variables: readonly ProviderVariable[]; read: (env: Env) => S | null } | null
  payments?: Serves<'payments', S>
  payouts?: Serves<'payouts', S>
  sms?: Serves<'sms', S>
}

/** An entry, its settings' type checked against its factories. */
function entry<S>(e: ProviderEntry<S>): ProviderEntry {
  return e as unknown as ProviderEntry
}

/** What each adapter is given besides its settings. */
const adapterOptions = (context: ProviderContext) => ({ log: context.log })

/**
 * The table: the sandbox first (each kind's default, and the first option named in errors), then
 * the live providers. Their callback paths: `/h5-api/v3/<payments|payouts>/callback/<name>`,
 * `/h5-api/v3/sms/status/<name>`; the sandbox's are the webhooks' own roots.
 */
export const PROVIDERS: readonly ProviderEntry[] = [
  entry<undefined>({
    name: 'sandbox',
    markets: 'every',
    sandbox: true,
    settings: null,
    payments: {
      callbackPath: '/h5-api/v3/payments/callback',
      build: (_, c) => new SandboxGateway(c.secret, { db: c.db, ...(c.config.DEMO_MODE ? { report: DEMO_REPORT_RULE } : {}) }),
    },
    payouts: { callbackPath: '/h5-api/v3/payouts/callback', build: (_, c) => new SandboxPayouts(c.db, { secret: c.secret }) },
    // the sandbox's SMS go to its outbox (demo mode's /testPreview): no delivery callbacks
    sms: { callbackPath: null, build: (_, c) => Object.assign(new OutboxSmsSender(c.db, c.log), { name: 'sandbox' as const }) },
  }),
  entry({
    name: 'xendit',
    markets: ['ID'],
    settings: { variables: XENDIT_VARIABLES, read: readXenditSettings },
    payments: { callbackPath: '/h5-api/v3/payments/callback/xendit', build: (s, c) => new XenditGateway(s, adapterOptions(c)) },
    payouts: { callbackPath: '/h5-api/v3/payouts/callback/xendit', build: (s, c) => new XenditPayouts(s, adapterOptions(c)) },
  }),
  entry({
    name: 'razorpay',
    markets: ['IN'],
    settings: { variables: RAZORPAY_VARIABLES, read: readRazorpaySettings },
    payments: { callbackPath: '/h5-api/v3/payments/callback/razorpay', build: (s, c) => new RazorpayGateway(s, adapterOptions(c)) },
  }),
  entry({
    // RazorpayX: Razorpay's payouts, with Razorpay's keys and RAZORPAYX_ACCOUNT_NUMBER
    name: 'razorpayx',
    markets: ['IN'],
    settings: { variables: RAZORPAY_VARIABLES, read: readRazorpaySettings },
    payouts: { callbackPath: '/h5-api/v3/payouts/callback/razorpayx', build: (s, c) => new RazorpayXPayouts(s, adapterOptions(c)) },
  }),
  entry({
    name: 'conekta',
    markets: ['MX'],
    settings: { variables: CONEKTA_VARIABLES, read: readConektaSettings },
    payments: { callbackPath: '/h5-api/v3/payments/callback/conekta', build: (s, c) => new ConektaGateway(s, adapterOptions(c)) },
  }),
  entry({
    name: 'stp',
    markets: ['MX'],
    settings: { variables: STP_VARIABLES, read: readStpSettings },
    payouts: { callbackPath: '/h5-api/v3/payouts/callback/stp', build: (s, c) => new StpPayouts(s, adapterOptions(c)) },
  }),
  entry({
    // one account for every market; each market its sender (TWILIO_FROM_xx or a messaging service)
    name: 'twilio',
    markets: ['ID', 'IN', 'MX'],
    settings: { variables: TWILIO_VARIABLES, read: readTwilioSettings },
    sms: { callbackPath: '/h5-api/v3/sms/status/twilio', build: (s, c) => new TwilioSmsSender(s, adapterOptions(c)) },
  }),
]

/** Whether the entry may be chosen for the market. */
export function servesMarket(entry: ProviderEntry, market: string): boolean {
  return entry.markets === 'every' || entry.markets.includes(market)
}

/** What a market may choose for a kind, the sandbox first: the entries serving both, in the table's order. */
export function optionsOf(kind: ProviderKind, market: string, table: readonly ProviderEntry[] = PROVIDERS): string[] {
  return table.filter((e) => e[kind] !== undefined && servesMarket(e, market)).map((e) => e.name)
}

/** The webhooks' roots: the sandbox's callbacks come to the root itself, a provider's under it by name. */
export const CALLBACK_ROOTS: Readonly<Record<ProviderKind, string>> = {
  payments: '/h5-api/v3/payments/callback',
  payouts: '/h5-api/v3/payouts/callback',
  sms: '/h5-api/v3/sms/status',
}

/**
 * Where a provider of the kind gets its callbacks: the table's path. A provider the table does not
 * have (a test's double) gets the root and its name, the rule the table follows (providers.test.ts);
 * a provider of the table that sends none (the sandbox's SMS) has null.
 */
export function callbackPathOf(kind: 'payments' | 'payouts', name: string, table?: readonly ProviderEntry[]): string
export function callbackPathOf(kind: ProviderKind, name: string, table?: readonly ProviderEntry[]): string | null
export function callbackPathOf(kind: ProviderKind, name: string, table: readonly ProviderEntry[] = PROVIDERS): string | null {
  const serves = table.find((e) => e.name === name)?.[kind]
  return serves ? serves.callbackPath : `${CALLBACK_ROOTS[kind]}/${name}`
}

/** Every live provider's variables, by name: for the README's table and the checks. */
export const PROVIDER_VARIABLES: Readonly<Record<string, readonly ProviderVariable[]>> = Object.fromEntries(
  PROVIDERS.filter((e) => e.settings !== null).map((e) => [e.name, e.settings!.variables]),
)
