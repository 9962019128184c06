import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import type { Bureau, Market } from '@kilat/domain'
import { DEMO_SECRETS_KEYS, Keyring, parseKeys } from './adapters/secrets/secret-box.js'

/** Member ids for files made in demo and test: a bureau refuses them, which is the point. */
const TEST_BUREAU_MEMBER_IDS: Record<Bureau, string> = { slik: '990001', cibil: 'NB99000001', experian: 'EX99000001', equifax: 'EQ99000001', crif: 'CR99000001', buro: 'ZZ99000001', circulo: 'CC99000001' }

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

export interface Config {
  PORT: number
  HOST: string
  /** Absolute folder of local data (the embedded database lives in `DATA_DIR/pglite`). */
  DATA_DIR: string
  /** PostgreSQL in production and CI; absent means the embedded PGlite. */
  DATABASE_URL: string | undefined
  NODE_ENV: 'development' | 'production' | 'test'
  /** Seeds demo data and exposes the SMS outbox to /testPreview; never on in production. */
  DEMO_MODE: boolean
  LOG_LEVEL: (typeof LOG_LEVELS)[number]
  SESSION_TTL_DAYS: number
  /** Absolute folder of the web app's build. */
  WEB_DIST: string
  SMS_CODE_TTL_SECONDS: number
  /**
   * Believe X-Forwarded-For/-Proto from a proxy in front (a load balancer that ends TLS). Off by
   * default: without a proxy anyone could claim another address or https.
   */
  TRUST_PROXY: boolean
  /** Demo mode: a new order is decided automatically this long after it is submitted. */
  DECISION_DELAY_SECONDS: number
  /** Demo mode: an approved order is disbursed automatically this long after the decision. */
  DISBURSE_DELAY_SECONDS: number
  /** How often the order job runs (decisions, disbursement, due dates, late charges); 0 turns it off. */
  JOB_INTERVAL_SECONDS: number
  /** How long after the payout provider accepted a payout we ask its status if no callback came (docs/product/operations.md#payout-states). */
  PAYOUT_STATUS_AFTER_SECONDS: number
  /**
   * After SIGTERM, how long /readyz answers 503 while the server still serves, so that a load
   * balancer probing it stops sending before the server stops taking connections (two probes or
   * more: docs/product/platform.md#scale-out).
   */
  SHUTDOWN_DRAIN_SECONDS: number
  /** Customer-service telephone of each market, shown on the loan screens. */
  SERVICE_PHONES: Record<Market, string>
  /** Customer-service email of each market (contact-kf-info, the customer service page). */
  SERVICE_EMAILS: Record<Market, string>
  /** The app-store page the shell opens for a rating of 4-5 stars (`playeduL`). */
  STORE_URL: string
  /**
   * The lender's legal name and address in each market, for the public site's footer and the
   * lending figures (docs/product/registration.md#lending-figures); its phone and email are the
   * customer-service ones above.
   */
  COMPANY: Record<Market, { name: string; address: string }>
  /** The OJK licence number Indonesian lenders must show (a fictional one by default). */
  OJK_LICENCE_NUMBER: string
  /**
   * Our member id with each credit bureau (docs/product/credit-reporting.md#members), from
   * `BUREAU_MEMBER_IDS` (`slik=…,cibil=…,experian=…,equifax=…,crif=…,buro=…,circulo=…`); test ids by default.
   */
  BUREAU_MEMBER_IDS: Record<Bureau, string>
  /**
   * Registration codes sent per day to one number range (docs/product/registration.md#limits): the
   * ceiling against SMS pumping.
   */
  REGISTRATION_SMS_RANGE_DAILY: number
  /**
   * The key payment callbacks are signed with (docs/decisions/0012-payment-gateway.md): the sandbox
   * gateway signs with it, the webhook checks with it. A fixed development key in demo mode and
   * tests; otherwise it must be set, and null here makes the server refuse to start
   * (modules/repayment registers the webhook only with a key).
   */
  PAYMENT_CALLBACK_SECRET: string | null
  /** Where the sandbox gateway posts its callbacks; the listening server's own webhook by default. */
  PAYMENT_CALLBACK_URL: string | undefined
  /**
   * The address the providers reach us at (https://kilat.example.com): the callback addresses set at
   * each live provider are under it (docs/operations/going-live.md#callback-addresses). Required
   * when a market uses a live provider.
   */
  PUBLIC_URL: string | undefined
  /**
   * The keys secrets are sealed with at rest (docs/decisions/0021-secrets-at-rest.md): SECRETS_KEYS,
   * with SECRETS_KEY_ID the one new values are sealed under. The public development key in demo
   * mode and tests; otherwise they must be set, and null here makes the server and the commands
   * that need them refuse to start (requireSecrets).
   */
  SECRETS: Keyring | null
  /**
   * Prometheus metrics on their own port (docs/operations/metrics.md): a port only the monitoring
   * network reaches. Unset: no metrics port.
   */
  METRICS_PORT: number | undefined
  /**
   * The bearer token a scrape presents: with it, `/metrics` is also served on the public port to a
   * scrape that sends it (and the metrics port asks for it too). Unset: the public port has no metrics.
   */
  METRICS_TOKEN: string | undefined
}

/** Demo mode's and the tests' callback key: public, so never accepted without demo mode or tests. */
export const DEMO_PAYMENT_CALLBACK_SECRET = 'kilat-demo-payment-callback-secret-not-for-production'

/** A wrong setting: the message is one line naming the variable, printed without a stack. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)

function int(min: number, max: number, fallback: number) {
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d+$/, `must be an integer ${min}-${max}`)
      .transform(Number)
      .refine((n) => n >= min && n <= max, `must be an integer ${min}-${max}`)
      .optional()
      .transform((n) => n ?? fallback),
  )
}

const flag = z.preprocess(
  blankToUndefined,
  z
    .string()
    .transform((v) => v.toLowerCase())
    .refine((v) => ['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'].includes(v), 'must be true or false')
    .transform((v) => ['1', 'true', 'on', 'yes'].includes(v))
    .optional(),
)

/** A telephone as people dial it: digits, spaces, dashes, an optional leading plus. */
function phone(fallback: string) {
  return z.preprocess(
    blankToUndefined,
    z.string().regex(/^\+?[0-9][0-9 -]{5,30}$/, 'must be a telephone number').default(fallback),
  )
}

/** One line of text people read: a company name or an address. */
function line(fallback: string, max: number) {
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(max, `must be at most ${max} characters`)
      // no control characters (a line break would break the footer) and no markup
      .refine((v) => ![...v].some((ch) => ch.charCodeAt(0) < 0x20 || ch === '<' || ch === '>'), 'must be one line of plain text')
      .default(fallback),
  )
}

/** An email address people write to. */
function email(fallback: string) {
  return z.preprocess(blankToUndefined, z.email({ error: 'must be an email address' }).max(254).default(fallback))
}

const envSchema = z.object({
  PORT: int(1, 65535, 8080),
  HOST: z.preprocess(blankToUndefined, z.string().max(255).default('0.0.0.0')),
  DATA_DIR: z.preprocess(blankToUndefined, z.string().optional()),
  DATABASE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((v) => {
        try {
          const url = new URL(v)
          return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== ''
        } catch {
          return false
        }
      }, 'must be a postgres:// URL')
      .optional(),
  ),
  NODE_ENV: z.preprocess(
    blankToUndefined,
    z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
  ),
  DEMO_MODE: flag,
  LOG_LEVEL: z.preprocess(
    blankToUndefined,
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
  ),
  SESSION_TTL_DAYS: int(1, 365, 30),
  WEB_DIST: z.preprocess(blankToUndefined, z.string().optional()),
  SMS_CODE_TTL_SECONDS: int(30, 3600, 300),
  TRUST_PROXY: flag,
  DECISION_DELAY_SECONDS: int(0, 86_400, 20),
  DISBURSE_DELAY_SECONDS: int(0, 86_400, 20),
  JOB_INTERVAL_SECONDS: int(0, 3600, 10),
  PAYOUT_STATUS_AFTER_SECONDS: int(1, 86_400, 60),
  SHUTDOWN_DRAIN_SECONDS: int(0, 60, 2),
  SERVICE_PHONE_ID: phone('+62 21 5098 7700'),
  SERVICE_PHONE_IN: phone('+91 80 4718 2200'),
  SERVICE_PHONE_MX: phone('+52 55 8526 4400'),
  SERVICE_EMAIL_ID: email('cs.id@kilat.example.com'),
  SERVICE_EMAIL_IN: email('support.in@kilat.example.com'),
  SERVICE_EMAIL_MX: email('atencion.mx@kilat.example.com'),
  COMPANY_NAME_ID: line('PT Kilat Dana Nusantara', 120),
  COMPANY_NAME_IN: line('Kilat Finance India Private Limited', 120),
  COMPANY_NAME_MX: line('Kilat Crédito México, S.A.P.I. de C.V., SOFOM, E.N.R.', 120),
  COMPANY_ADDRESS_ID: line('Jl. Jend. Sudirman Kav. 52-53, Jakarta Selatan 12190, Indonesia', 240),
  COMPANY_ADDRESS_IN: line('7th Floor, 100 Residency Road, Bengaluru 560025, Karnataka, India', 240),
  COMPANY_ADDRESS_MX: line('Av. Paseo de la Reforma 250, Piso 9, Juárez, 06600 Ciudad de México, México', 240),
  BUREAU_MEMBER_IDS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^(?:(?:slik|cibil|experian|equifax|crif|buro|circulo)=[A-Za-z0-9]{1,20})(?:,(?:slik|cibil|experian|equifax|crif|buro|circulo)=[A-Za-z0-9]{1,20})*$/, 'must be bureau=id pairs separated by commas (slik, cibil, experian, equifax, crif, buro, circulo)')
      .optional(),
  ),
  OJK_LICENCE_NUMBER: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9./ -]{3,64}$/, 'must be a licence number (letters, digits, . / -)')
      .default('KEP-00/D.05/2026'),
  ),
  REGISTRATION_SMS_RANGE_DAILY: int(1, 100_000, 30),
  PAYMENT_CALLBACK_SECRET: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[\x21-\x7e]{32,256}$/, 'must be 32-256 printable characters without spaces')
      .optional(),
  ),
  PAYMENT_CALLBACK_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .max(512)
      .refine((v) => {
        try {
          const url = new URL(v)
          return url.protocol === 'http:' || url.protocol === 'https:'
        } catch {
          return false
        }
      }, 'must be an http:// or https:// URL')
      .optional(),
  ),
  PUBLIC_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .max(255)
      .refine((v) => {
        try {
          const url = new URL(v)
          return (url.protocol === 'https:' || url.protocol === 'http:') && url.search === '' && url.hash === '' && (url.pathname === '/' || url.pathname === '')
        } catch {
          return false
        }
      }, 'must be an http(s) address with no path (https://kilat.example.com)')
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  ),
  SECRETS_KEYS: z.preprocess(blankToUndefined, z.string().max(4096, 'must be at most 4096 characters').optional()),
  SECRETS_KEY_ID: z.preprocess(blankToUndefined, z.string().trim().optional()),
  STORE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .max(512)
      .refine((v) => /^https:\/\/[^\s]+$/.test(v), 'must be an https:// URL')
      .default('https://play.google.com/store/apps/details?id=id.kilat.app'),
  ),
  METRICS_PORT: z.preprocess(blankToUndefined, z.string().regex(/^\d+$/, 'must be an integer 1-65535').transform(Number).refine((n) => n >= 1 && n <= 65535, 'must be an integer 1-65535').optional()),
  METRICS_TOKEN: z.preprocess(blankToUndefined, z.string().regex(/^[\x21-\x7e]{32,256}$/, 'must be 32-256 printable characters without spaces').optional()),
})

/** The repository root: the nearest folder upwards whose package.json declares workspaces. */
export function findRepoRoot(from: string): string {
  let dir = path.resolve(from)
  for (;;) {
    const manifest = path.join(dir, 'package.json')
    if (existsSync(manifest)) {
      try {
        if ('workspaces' in JSON.parse(readFileSync(manifest, 'utf8'))) return dir
      } catch {
        // an unreadable manifest is not the root; keep looking upwards
      }
    }
    const parent = path.dirname(dir)
    if (parent === dir) return path.resolve(from)
    dir = parent
  }
}

/**
 * Reads the configuration from an environment. Pure apart from finding the repository root, which
 * callers can pass. Explicit relative paths resolve from `cwd`; the defaults from the root.
 */
export function loadConfig(
  env: Record<string, string | undefined>,
  options: { cwd?: string; rootDir?: string } = {},
): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const name = String(issue?.path[0] ?? 'environment')
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is not valid'}`)
  }
  const e = parsed.data
  const cwd = options.cwd ?? process.cwd()
  const root = options.rootDir ?? findRepoRoot(cwd)
  if (e.NODE_ENV === 'production' && e.DEMO_MODE === true) {
    throw new ConfigError('Invalid configuration: DEMO_MODE cannot be on when NODE_ENV is production')
  }
  const demoMode = e.DEMO_MODE ?? e.NODE_ENV !== 'production'
  // The development key is public: it may sign only demo and test payments.
  const devKeyAllowed = demoMode || e.NODE_ENV === 'test'
  if (e.PAYMENT_CALLBACK_SECRET === DEMO_PAYMENT_CALLBACK_SECRET && !devKeyAllowed) {
    throw new ConfigError('Invalid configuration: PAYMENT_CALLBACK_SECRET must not be the demo key when DEMO_MODE is off')
  }
  const secrets = readSecrets(e.SECRETS_KEYS, e.SECRETS_KEY_ID, devKeyAllowed)
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) throw new ConfigError('Invalid configuration: METRICS_PORT must not be PORT (the metrics have their own port)')
  return {
    PORT: e.PORT,
    HOST: e.HOST,
    DATA_DIR: e.DATA_DIR ? path.resolve(cwd, e.DATA_DIR) : path.join(root, 'data'),
    DATABASE_URL: e.DATABASE_URL,
    NODE_ENV: e.NODE_ENV,
    DEMO_MODE: demoMode,
    LOG_LEVEL: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    SESSION_TTL_DAYS: e.SESSION_TTL_DAYS,
    WEB_DIST: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : path.join(root, 'apps', 'web', 'dist'),
    SMS_CODE_TTL_SECONDS: e.SMS_CODE_TTL_SECONDS,
    TRUST_PROXY: e.TRUST_PROXY ?? false,
    DECISION_DELAY_SECONDS: e.DECISION_DELAY_SECONDS,
    DISBURSE_DELAY_SECONDS: e.DISBURSE_DELAY_SECONDS,
    JOB_INTERVAL_SECONDS: e.JOB_INTERVAL_SECONDS,
    PAYOUT_STATUS_AFTER_SECONDS: e.PAYOUT_STATUS_AFTER_SECONDS,
    SHUTDOWN_DRAIN_SECONDS: e.SHUTDOWN_DRAIN_SECONDS,
    SERVICE_PHONES: { ID: e.SERVICE_PHONE_ID, IN: e.SERVICE_PHONE_IN, MX: e.SERVICE_PHONE_MX },
    SERVICE_EMAILS: { ID: e.SERVICE_EMAIL_ID, IN: e.SERVICE_EMAIL_IN, MX: e.SERVICE_EMAIL_MX },
    STORE_URL: e.STORE_URL,
    COMPANY: {
      ID: { name: e.COMPANY_NAME_ID, address: e.COMPANY_ADDRESS_ID },
      IN: { name: e.COMPANY_NAME_IN, address: e.COMPANY_ADDRESS_IN },
      MX: { name: e.COMPANY_NAME_MX, address: e.COMPANY_ADDRESS_MX },
    },
    OJK_LICENCE_NUMBER: e.OJK_LICENCE_NUMBER,
    BUREAU_MEMBER_IDS: { ...TEST_BUREAU_MEMBER_IDS, ...Object.fromEntries((e.BUREAU_MEMBER_IDS ?? '').split(',').filter(Boolean).map((pair) => pair.split('=') as [string, string])) },
    REGISTRATION_SMS_RANGE_DAILY: e.REGISTRATION_SMS_RANGE_DAILY,
    PAYMENT_CALLBACK_SECRET: e.PAYMENT_CALLBACK_SECRET ?? (devKeyAllowed ? DEMO_PAYMENT_CALLBACK_SECRET : null),
    PAYMENT_CALLBACK_URL: e.PAYMENT_CALLBACK_URL,
    PUBLIC_URL: e.PUBLIC_URL,
    SECRETS: secrets,
    METRICS_PORT: e.METRICS_PORT,
    METRICS_TOKEN: e.METRICS_TOKEN,
  }
}

/**
 * SECRETS_KEYS and SECRETS_KEY_ID: each listed key opens, the current one seals; with one key listed
 * it is the current one. The public demo key only where the demo payment key is allowed.
 */
function readSecrets(keysText: string | undefined, currentKeyId: string | undefined, devKeyAllowed: boolean): Keyring | null {
  if (keysText === undefined) {
    if (currentKeyId !== undefined) throw new ConfigError('Invalid configuration: SECRETS_KEY_ID is set but SECRETS_KEYS is not')
    return devKeyAllowed ? new Keyring(parseKeys(DEMO_SECRETS_KEYS), parseKeys(DEMO_SECRETS_KEYS)[0]!.id) : null
  }
  let keys: ReturnType<typeof parseKeys>
  try {
    keys = parseKeys(keysText)
  } catch (error) {
    throw new ConfigError(`Invalid configuration: SECRETS_KEYS ${(error as Error).message}`)
  }
  const demoKey = parseKeys(DEMO_SECRETS_KEYS)[0]!.key
  if (!devKeyAllowed && keys.some((k) => k.key.equals(demoKey))) {
    throw new ConfigError('Invalid configuration: SECRETS_KEYS must not hold the demo key when DEMO_MODE is off')
  }
  const current = currentKeyId ?? (keys.length === 1 ? keys[0]!.id : undefined)
  if (current === undefined) throw new ConfigError('Invalid configuration: SECRETS_KEY_ID is required when SECRETS_KEYS lists more than one key')
  if (!keys.some((k) => k.id === current)) throw new ConfigError('Invalid configuration: SECRETS_KEY_ID must name one of the keys in SECRETS_KEYS')
  return new Keyring(keys, current)
}

/** The keyring of a server or command that seals or opens secrets; without one, the line that stops it. */
export function requireSecrets(config: Config): Keyring {
  if (!config.SECRETS) throw new ConfigError('Invalid configuration: SECRETS_KEYS is required when DEMO_MODE is off')
  return config.SECRETS
}

/**
 * The configuration of a command started from a shell (the server, the staff and audit commands):
 * a wrong value ends the process with the line naming the variable instead of a stack.
 */
export function loadConfigOrExit(env: Record<string, string | undefined>): Config {
  try {
    return loadConfig(env)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}
