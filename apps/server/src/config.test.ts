import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { DEMO_SECRETS_KEYS, demoKeyring } from './adapters/secrets/secret-box.js'
import { ConfigError, DEMO_PAYMENT_CALLBACK_SECRET, loadConfig, requireSecrets } from './config.js'

const root = path.resolve('/srv/kilat')
const load = (env: Record<string, string | undefined>, cwd = root) => loadConfig(env, { cwd, rootDir: root })

describe('loadConfig', () => {
  it('has working defaults', () => {
    expect(load({})).toEqual({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATA_DIR: path.join(root, 'data'),
      DATABASE_URL: undefined,
      NODE_ENV: 'development',
      DEMO_MODE: true,
      LOG_LEVEL: 'info',
      SESSION_TTL_DAYS: 30,
      WEB_DIST: path.join(root, 'apps', 'web', 'dist'),
      SMS_CODE_TTL_SECONDS: 300,
      TRUST_PROXY: false,
      DECISION_DELAY_SECONDS: 20,
      DISBURSE_DELAY_SECONDS: 20,
      JOB_INTERVAL_SECONDS: 10,
      PAYOUT_STATUS_AFTER_SECONDS: 60,
      SHUTDOWN_DRAIN_SECONDS: 2,
      SERVICE_PHONES: { ID: '+62 21 5098 7700', IN: '+91 80 4718 2200', MX: '+52 55 8526 4400' },
      SERVICE_EMAILS: { ID: 'cs.id@kilat.example.com', IN: 'support.in@kilat.example.com', MX: 'atencion.mx@kilat.example.com' },
      STORE_URL: 'https://play.google.com/store/apps/details?id=id.kilat.app',
      COMPANY: {
        ID: { name: 'PT Kilat Dana Nusantara', address: 'Jl. Jend. Sudirman Kav. 52-53, Jakarta Selatan 12190, Indonesia' },
        IN: { name: 'Kilat Finance India Private Limited', address: '7th Floor, 100 Residency Road, Bengaluru 560025, Karnataka, India' },
        MX: {
          name: 'Kilat Crédito México, S.A.P.I. de C.V., SOFOM, E.N.R.',
          address: 'Av. Paseo de la Reforma 250, Piso 9, Juárez, 06600 Ciudad de México, México',
        },
      },
      OJK_LICENCE_NUMBER: 'KEP-00/D.05/2026',
      BUREAU_MEMBER_IDS: { slik: '990001', cibil: 'NB99000001', experian: 'EX99000001', equifax: 'EQ99000001', crif: 'CR99000001', buro: 'ZZ99000001', circulo: 'CC99000001' },
      REGISTRATION_SMS_RANGE_DAILY: 30,
      PAYMENT_CALLBACK_SECRET: DEMO_PAYMENT_CALLBACK_SECRET,
      PAYMENT_CALLBACK_URL: undefined,
      PUBLIC_URL: undefined,
      SECRETS: demoKeyring(),
    })
  })

  it('reads every variable', () => {
    const config = load(
      {
        PORT: '8181', HOST: '127.0.0.1', DATA_DIR: 'tmp/data', DATABASE_URL: 'postgres://u:p@db:5432/kilat',
        NODE_ENV: 'test', DEMO_MODE: 'off', LOG_LEVEL: 'warn', SESSION_TTL_DAYS: '7', WEB_DIST: '/opt/web',
        SMS_CODE_TTL_SECONDS: '120', TRUST_PROXY: 'true', DECISION_DELAY_SECONDS: '0', DISBURSE_DELAY_SECONDS: '5',
        JOB_INTERVAL_SECONDS: '0', SERVICE_PHONE_ID: '021-500-123', SERVICE_PHONE_IN: '+91 22 1234 5678',
        SERVICE_PHONE_MX: '+52 55 1234 5678', STORE_URL: 'https://apps.example.com/kilat',
        SERVICE_EMAIL_ID: 'halo@example.co.id', SERVICE_EMAIL_IN: 'help@example.in', SERVICE_EMAIL_MX: 'ayuda@example.mx',
        COMPANY_NAME_ID: 'PT Contoh', COMPANY_NAME_IN: 'Example Pvt Ltd', COMPANY_NAME_MX: 'Ejemplo SOFOM',
        COMPANY_ADDRESS_ID: ' Jl. Contoh 1, Jakarta ', COMPANY_ADDRESS_IN: 'MG Road 1, Pune', COMPANY_ADDRESS_MX: 'Calle 1, CDMX',
        OJK_LICENCE_NUMBER: 'KEP-123/D.05/2030', REGISTRATION_SMS_RANGE_DAILY: '5',
        PAYMENT_CALLBACK_SECRET: 's'.repeat(40), PAYMENT_CALLBACK_URL: 'https://api.example.com/h5-api/v3/payments/callback',
        PUBLIC_URL: 'https://kilat.example.com/',
      },
      path.join(root, 'apps', 'server'),
    )
    expect(config).toMatchObject({
      PORT: 8181, HOST: '127.0.0.1', DATA_DIR: path.join(root, 'apps', 'server', 'tmp', 'data'),
      DATABASE_URL: 'postgres://u:p@db:5432/kilat', NODE_ENV: 'test', DEMO_MODE: false, LOG_LEVEL: 'warn',
      SESSION_TTL_DAYS: 7, WEB_DIST: path.resolve('/opt/web'), SMS_CODE_TTL_SECONDS: 120, TRUST_PROXY: true,
      DECISION_DELAY_SECONDS: 0, DISBURSE_DELAY_SECONDS: 5, JOB_INTERVAL_SECONDS: 0,
      SERVICE_PHONES: { ID: '021-500-123', IN: '+91 22 1234 5678', MX: '+52 55 1234 5678' },
      SERVICE_EMAILS: { ID: 'halo@example.co.id', IN: 'help@example.in', MX: 'ayuda@example.mx' },
      STORE_URL: 'https://apps.example.com/kilat',
      COMPANY: {
        ID: { name: 'PT Contoh', address: 'Jl. Contoh 1, Jakarta' },
        IN: { name: 'Example Pvt Ltd', address: 'MG Road 1, Pune' },
        MX: { name: 'Ejemplo SOFOM', address: 'Calle 1, CDMX' },
      },
      OJK_LICENCE_NUMBER: 'KEP-123/D.05/2030',
      REGISTRATION_SMS_RANGE_DAILY: 5,
      PAYMENT_CALLBACK_SECRET: 's'.repeat(40),
      PAYMENT_CALLBACK_URL: 'https://api.example.com/h5-api/v3/payments/callback',
      PUBLIC_URL: 'https://kilat.example.com',
    })
  })

  it('has a payment callback key of its own only in demo mode and tests', () => {
    expect(load({ NODE_ENV: 'test', DEMO_MODE: 'off' }).PAYMENT_CALLBACK_SECRET).toBe(DEMO_PAYMENT_CALLBACK_SECRET)
    // without demo mode the server refuses to start unless one is set (modules/repayment)
    expect(load({ NODE_ENV: 'production' }).PAYMENT_CALLBACK_SECRET).toBeNull()
    expect(load({ DEMO_MODE: 'off' }).PAYMENT_CALLBACK_SECRET).toBeNull()
    expect(load({ NODE_ENV: 'production', PAYMENT_CALLBACK_SECRET: 'k'.repeat(32) }).PAYMENT_CALLBACK_SECRET).toBe('k'.repeat(32))
  })

  it('has keys for secrets at rest of its own only in demo mode and tests', () => {
    expect(load({ NODE_ENV: 'test', DEMO_MODE: 'off' }).SECRETS?.toJSON()).toEqual({ currentKeyId: 'demo', keyIds: ['demo'] })
    // without demo mode the server and the commands that need them refuse to start
    expect(load({ NODE_ENV: 'production' }).SECRETS).toBeNull()
    expect(() => requireSecrets(load({ NODE_ENV: 'production' }))).toThrow(new ConfigError('Invalid configuration: SECRETS_KEYS is required when DEMO_MODE is off'))
    const one = `live1:${randomBytes(32).toString('base64')}`
    expect(load({ NODE_ENV: 'production', SECRETS_KEYS: one }).SECRETS?.toJSON()).toEqual({ currentKeyId: 'live1', keyIds: ['live1'] })
    const two = `${one},live2:${randomBytes(32).toString('base64')}`
    expect(load({ NODE_ENV: 'production', SECRETS_KEYS: two, SECRETS_KEY_ID: 'live2' }).SECRETS?.toJSON()).toEqual({ currentKeyId: 'live2', keyIds: ['live1', 'live2'] })
    // demo mode may use keys of its own, the demo key among them
    expect(load({ SECRETS_KEYS: `${DEMO_SECRETS_KEYS},${one}`, SECRETS_KEY_ID: 'live1' }).SECRETS?.keyIds).toEqual(['demo', 'live1'])
  })

  it('reads our member id with each credit bureau, the test ids standing in for the rest', () => {
    const members = load({ BUREAU_MEMBER_IDS: 'slik=123456,cibil=NB00001234' }).BUREAU_MEMBER_IDS
    expect(members).toMatchObject({ slik: '123456', cibil: 'NB00001234', experian: 'EX99000001', buro: 'ZZ99000001' })
    for (const wrong of ['slik', 'slik=', 'nobody=1', 'slik=12 34', 'slik=1;drop', `slik=${'1'.repeat(21)}`]) {
      expect(() => load({ BUREAU_MEMBER_IDS: wrong }), wrong).toThrow(/BUREAU_MEMBER_IDS/)
    }
  })

  it('reads the metrics port and the token a scrape presents, none by default', () => {
    expect(load({})).toMatchObject({ METRICS_PORT: undefined, METRICS_TOKEN: undefined })
    expect(load({ METRICS_PORT: '9464', METRICS_TOKEN: 'm'.repeat(40) })).toMatchObject({ METRICS_PORT: 9464, METRICS_TOKEN: 'm'.repeat(40) })
    expect(load({ METRICS_PORT: '', METRICS_TOKEN: ' ' })).toMatchObject({ METRICS_PORT: undefined, METRICS_TOKEN: undefined })
  })

  it('turns demo mode off in production and is silent in tests', () => {
    expect(load({ NODE_ENV: 'production' }).DEMO_MODE).toBe(false)
    expect(load({ NODE_ENV: 'test' }).LOG_LEVEL).toBe('silent')
    expect(load({ DEMO_MODE: '' }).DEMO_MODE).toBe(true)
  })

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be an integer 1-65535'],
    [{ PORT: '0' }, 'Invalid configuration: PORT must be an integer 1-65535'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be an integer 1-65535'],
    [{ PORT: '80.5' }, 'Invalid configuration: PORT must be an integer 1-65535'],
    [{ DATABASE_URL: 'mysql://x/y' }, 'Invalid configuration: DATABASE_URL must be a postgres:// URL'],
    [{ PUBLIC_URL: 'kilat.example.com' }, 'Invalid configuration: PUBLIC_URL must be an http(s) address with no path (https://kilat.example.com)'],
    [{ PUBLIC_URL: 'https://kilat.example.com/api' }, 'Invalid configuration: PUBLIC_URL must be an http(s) address with no path (https://kilat.example.com)'],
    [{ PUBLIC_URL: 'ftp://kilat.example.com' }, 'Invalid configuration: PUBLIC_URL must be an http(s) address with no path (https://kilat.example.com)'],
    [{ DATABASE_URL: 'not a url' }, 'Invalid configuration: DATABASE_URL must be a postgres:// URL'],
    [{ NODE_ENV: 'staging' }, 'Invalid configuration: NODE_ENV must be development, production or test'],
    [{ DEMO_MODE: 'maybe' }, 'Invalid configuration: DEMO_MODE must be true or false'],
    [{ LOG_LEVEL: 'loud' }, 'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
    [{ SESSION_TTL_DAYS: '0' }, 'Invalid configuration: SESSION_TTL_DAYS must be an integer 1-365'],
    [{ SMS_CODE_TTL_SECONDS: '-5' }, 'Invalid configuration: SMS_CODE_TTL_SECONDS must be an integer 30-3600'],
    [{ JOB_INTERVAL_SECONDS: '-1' }, 'Invalid configuration: JOB_INTERVAL_SECONDS must be an integer 0-3600'],
    [{ DECISION_DELAY_SECONDS: '1.5' }, 'Invalid configuration: DECISION_DELAY_SECONDS must be an integer 0-86400'],
    [{ SERVICE_PHONE_ID: 'call us' }, 'Invalid configuration: SERVICE_PHONE_ID must be a telephone number'],
    [{ SERVICE_EMAIL_MX: 'escribenos' }, 'Invalid configuration: SERVICE_EMAIL_MX must be an email address'],
    [{ STORE_URL: 'javascript:alert(1)' }, 'Invalid configuration: STORE_URL must be an https:// URL'],
    [{ COMPANY_NAME_ID: '<b>PT</b>' }, 'Invalid configuration: COMPANY_NAME_ID must be one line of plain text'],
    [{ COMPANY_ADDRESS_MX: 'x'.repeat(241) }, 'Invalid configuration: COMPANY_ADDRESS_MX must be at most 240 characters'],
    [{ OJK_LICENCE_NUMBER: 'KEP<script>' }, 'Invalid configuration: OJK_LICENCE_NUMBER must be a licence number (letters, digits, . / -)'],
    [{ REGISTRATION_SMS_RANGE_DAILY: '0' }, 'Invalid configuration: REGISTRATION_SMS_RANGE_DAILY must be an integer 1-100000'],
    [{ NODE_ENV: 'production', DEMO_MODE: 'true' }, 'Invalid configuration: DEMO_MODE cannot be on when NODE_ENV is production'],
    [{ PAYMENT_CALLBACK_SECRET: 'short' }, 'Invalid configuration: PAYMENT_CALLBACK_SECRET must be 32-256 printable characters without spaces'],
    [{ METRICS_PORT: '8080' }, 'Invalid configuration: METRICS_PORT must not be PORT (the metrics have their own port)'],
    [{ PORT: '9464', METRICS_PORT: '9464' }, 'Invalid configuration: METRICS_PORT must not be PORT (the metrics have their own port)'],
    [{ METRICS_PORT: '70000' }, 'Invalid configuration: METRICS_PORT must be an integer 1-65535'],
    [{ METRICS_TOKEN: 'short' }, 'Invalid configuration: METRICS_TOKEN must be 32-256 printable characters without spaces'],
    [{ METRICS_TOKEN: `${'m'.repeat(20)} ${'m'.repeat(20)}` }, 'Invalid configuration: METRICS_TOKEN must be 32-256 printable characters without spaces'],
    [
      { NODE_ENV: 'production', PAYMENT_CALLBACK_SECRET: DEMO_PAYMENT_CALLBACK_SECRET },
      'Invalid configuration: PAYMENT_CALLBACK_SECRET must not be the demo key when DEMO_MODE is off',
    ],
    [{ PAYMENT_CALLBACK_URL: 'ftp://x/y' }, 'Invalid configuration: PAYMENT_CALLBACK_URL must be an http:// or https:// URL'],
    [{ SECRETS_KEYS: 'k1' }, 'Invalid configuration: SECRETS_KEYS must list keys as id:base64key, the id 1-32 letters, digits, _ or - (entry 1)'],
    [{ SECRETS_KEYS: 'k1:c2hvcnQ=' }, 'Invalid configuration: SECRETS_KEYS key k1 must be 32 bytes in base64 (openssl rand -base64 32)'],
    [{ SECRETS_KEYS: `k1:${'A'.repeat(43)}=,k1:${'E'.repeat(43)}=` }, 'Invalid configuration: SECRETS_KEYS lists the key id k1 twice'],
    [{ SECRETS_KEYS: `k1:${'A'.repeat(43)}=,k2:${'E'.repeat(43)}=` }, 'Invalid configuration: SECRETS_KEY_ID is required when SECRETS_KEYS lists more than one key'],
    [{ SECRETS_KEYS: `k1:${'A'.repeat(43)}=`, SECRETS_KEY_ID: 'k9' }, 'Invalid configuration: SECRETS_KEY_ID must name one of the keys in SECRETS_KEYS'],
    [{ SECRETS_KEY_ID: 'k1' }, 'Invalid configuration: SECRETS_KEY_ID is set but SECRETS_KEYS is not'],
    [{ NODE_ENV: 'production', SECRETS_KEYS: DEMO_SECRETS_KEYS }, 'Invalid configuration: SECRETS_KEYS must not hold the demo key when DEMO_MODE is off'],
    [{ DEMO_MODE: 'off', SECRETS_KEYS: `mine:${DEMO_SECRETS_KEYS.split(':')[1]}` }, 'Invalid configuration: SECRETS_KEYS must not hold the demo key when DEMO_MODE is off'],
  ])('refuses %o with one clear line', (env, message) => {
    let caught: unknown
    try {
      load(env)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(ConfigError)
    expect((caught as Error).message).toBe(message)
    expect((caught as Error).message).not.toContain('\n')
  })
})
