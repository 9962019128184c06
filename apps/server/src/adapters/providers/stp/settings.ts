import { createPrivateKey } from 'node:crypto'
import { isValidClabe } from '@kilat/domain'
import { ConfigError } from '../../../config.js'

/**
 * STP's settings (docs/operations/providers/stp.md#variables): our company (`empresa`) at STP, the
 * CLABE our payouts are debited from, the private key whose public half STP registered for us
 * (every order and query is signed with it), and where STP's API is.
 */
export interface StpSettings {
  /** `empresa`: our company's name at STP, as STP spelled it. */
  company: string
  /** `cuentaOrdenante`: the CLABE our payouts leave from (STP's bank, 646). */
  account: string
  /** PEM of our RSA private key (decrypted when a passphrase is given). */
  privateKey: string
  privateKeyPassphrase: string | undefined
  /** Up to `.../speiws/rest`, without a trailing slash. */
  apiUrl: string
  /** `nombreOrdenante`: our legal name as the borrower's bank shows it. */
  payerName: string
}

export const STP_DEFAULT_API_URL = 'https://prod.stpmex.com/speiws/rest'

export const STP_VARIABLES: { name: string; description: string; secret: boolean }[] = [
  { name: 'STP_COMPANY', description: "Our company's name at STP (`empresa`), as STP registered it", secret: false },
  { name: 'STP_ACCOUNT', description: 'The CLABE our payouts are debited from (`cuentaOrdenante`, an STP account: 646...)', secret: false },
  { name: 'STP_PRIVATE_KEY', description: 'PEM of the RSA private key whose public half STP holds: it signs every order and query', secret: true },
  { name: 'STP_PRIVATE_KEY_PASSPHRASE', description: 'The passphrase of STP_PRIVATE_KEY when it is encrypted', secret: true },
  { name: 'STP_API_URL', description: `STP's API root up to /speiws/rest; ${STP_DEFAULT_API_URL} unless testing`, secret: false },
  { name: 'STP_PAYER_NAME', description: "Our legal name as the borrower's bank shows the transfer's sender (`nombreOrdenante`, up to 39 letters)", secret: false },
]

const invalid = (name: string, what: string) => new ConfigError(`Invalid configuration: ${name} ${what}`)

/** Null when no STP_ variable is set; throws a ConfigError naming the first one missing or malformed. */
export function readStpSettings(env: Record<string, string | undefined>): StpSettings | null {
  const value = (name: string) => {
    const v = env[name]?.trim()
    return v === undefined || v === '' ? undefined : v
  }
  if (STP_VARIABLES.every((v) => value(v.name) === undefined)) return null
  const required = (name: string) => {
    const v = value(name)
    if (v === undefined) throw invalid(name, 'is required when STP is configured')
    return v
  }
  const company = required('STP_COMPANY')
  if (!/^[A-Z0-9_]{1,15}$/.test(company)) throw invalid('STP_COMPANY', "must be the company's name at STP (capitals, digits, up to 15)")
  const account = required('STP_ACCOUNT')
  if (!isValidClabe(account) || !account.startsWith('646')) throw invalid('STP_ACCOUNT', 'must be an STP CLABE (18 digits, 646..., valid check digit)')
  const raw = required('STP_PRIVATE_KEY')
  const privateKey = raw.includes('\\n') ? raw.replace(/\\n/g, '\n') : raw
  const privateKeyPassphrase = value('STP_PRIVATE_KEY_PASSPHRASE')
  try {
    const key = createPrivateKey(privateKeyPassphrase === undefined ? privateKey : { key: privateKey, passphrase: privateKeyPassphrase })
    if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA')
  } catch {
    throw invalid('STP_PRIVATE_KEY', 'must be the PEM of an RSA private key (with STP_PRIVATE_KEY_PASSPHRASE when encrypted)')
  }
  const apiUrl = (value('STP_API_URL') ?? STP_DEFAULT_API_URL).replace(/\/+$/, '')
  if (!/^https?:\/\/[^\s/]+/.test(apiUrl)) throw invalid('STP_API_URL', 'must be an http(s) address')
  const payerName = required('STP_PAYER_NAME')
  if (!/^[A-Za-z0-9 .,]{1,39}$/.test(payerName)) throw invalid('STP_PAYER_NAME', 'must be up to 39 letters, digits, spaces, dots or commas')
  return { company, account, privateKey, privateKeyPassphrase, apiUrl, payerName }
}
