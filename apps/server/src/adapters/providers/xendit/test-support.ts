import { randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startFakeApi, type FakeAnswer, type FakeApi, type FakeRequest } from '../../../test/fakes/fake-api.js'
import type { XenditSettings } from './settings.js'

/** Test-only helpers of the Xendit adapters' tests. */

export const SECRET_KEY = 'xnd_development_P4qDfOss0OCpl8RtKrROHjaQYNCk9dN5lSfk'
export const CALLBACK_TOKEN = 'tokenOfTheDashboard0123456789abcdef'

export function settingsFor(apiUrl: string, overrides: Partial<XenditSettings> = {}): XenditSettings {
  return { secretKey: SECRET_KEY, callbackToken: CALLBACK_TOKEN, apiUrl, accountName: 'KILAT', checkoutUrl: `${apiUrl}/web`, ...overrides }
}

/** Small timeouts and backoffs: a file of these tests runs in seconds. */
export const FAST = { timeoutMs: 200, retries: 2, backoffMs: 5 }

/** A webhook standing in for ours: it verifies with `verify` and answers 200 or 401, keeping what it accepted. */
export async function startReceiver(verify: (raw: Buffer, headers: IncomingHttpHeaders) => { ok: boolean }): Promise<{ url: string; accepted: Buffer[]; close(): Promise<void> }> {
  const accepted: Buffer[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const raw = Buffer.concat(chunks)
      const verified = verify(raw, req.headers)
      if (verified.ok) accepted.push(raw)
      res.writeHead(verified.ok ? 200 : 401, { 'content-type': 'application/json' })
      res.end(JSON.stringify(verified))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/h5-api/v3/payments/callback/xendit`,
    accepted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A local address nobody listens on. */
export async function deadUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}

/** An account a bank holds, as the name validator fake knows it. */
export interface FakeBankAccount {
  holderName: string
  /** How many asks answer "pending" before the bank's answer is known. */
  pendingAsks?: number
  /** A virtual account (a merchant's collection account), not a person's own. */
  virtual?: boolean
}

/** One inquiry at the bank: Xendit keeps one per account and answers every later ask of it from it. */
export interface FakeNameInquiry {
  id: string
  asks: number
  referenceIds: string[]
}

export interface NameValidatorFake extends FakeApi {
  /** The banks' accounts, by `BANK_CODE:number`; any other account is unknown to its bank. */
  accounts: Map<string, FakeBankAccount>
  inquiries: Map<string, FakeNameInquiry>
  /** The next `times` asks meet this answer instead (after doing the work when `afterProcessing`), or come `delayMs` late. */
  failNext(fault: { answer?: FakeAnswer; afterProcessing?: boolean; delayMs?: number }, times?: number): void
}

/**
 * Xendit's name validator (`POST /bank_account_data_requests`) as the account check uses it, from
 * Xendit's Name Validator page: Basic authentication with the secret key (401 INVALID_API_KEY
 * otherwise), the bank's code and the account number required (400 API_VALIDATION_ERROR), SUCCESS
 * with the holder's name, PENDING while the bank is asked and WAITING_ON_BANK for a repeat meanwhile,
 * FAILURE for an account the bank does not hold. One inquiry per account, whatever the asks.
 */
export async function startNameValidatorFake(secretKey = SECRET_KEY): Promise<NameValidatorFake> {
  const accounts = new Map<string, FakeBankAccount>()
  const inquiries = new Map<string, FakeNameInquiry>()
  const faults: Array<{ answer?: FakeAnswer; afterProcessing?: boolean; delayMs?: number }> = []
  const expectedAuth = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`

  const inquire = (req: FakeRequest): FakeAnswer => {
    const body = req.body ?? {}
    const bank = body.bank_code
    const number = body.bank_account_number
    if (typeof bank !== 'string' || bank === '' || typeof number !== 'string' || !/^\d+$/.test(number)) {
      return { status: 400, body: { error_code: 'API_VALIDATION_ERROR', message: '"bank_code" and "bank_account_number" are required' } }
    }
    const key = `${bank}:${number}`
    const inquiry = inquiries.get(key) ?? { id: randomBytes(12).toString('hex'), asks: 0, referenceIds: [] }
    inquiries.set(key, inquiry)
    inquiry.asks += 1
    if (typeof body.reference_id === 'string') inquiry.referenceIds.push(body.reference_id)
    const answer = { id: inquiry.id, bank_code: bank, bank_account_number: number, reference_id: body.reference_id, updated: new Date().toISOString() }
    const account = accounts.get(key)
    if (!account) return { status: 200, body: { ...answer, status: 'FAILURE' } }
    if ((account.pendingAsks ?? 0) > 0) {
      account.pendingAsks! -= 1
      return { status: 200, body: { ...answer, status: inquiry.asks === 1 ? 'PENDING' : 'WAITING_ON_BANK' } }
    }
    return { status: 200, body: { ...answer, status: 'SUCCESS', bank_account_holder_name: account.holderName, is_normal_account: !account.virtual } }
  }

  const api = await startFakeApi([
    {
      method: 'POST',
      pattern: '/bank_account_data_requests',
      handle: (req) => {
        if (req.headers.authorization !== expectedAuth) return { status: 401, body: { error_code: 'INVALID_API_KEY', message: 'API key is not authorized for this API service' } }
        const fault = faults.shift()
        if (!fault) return inquire(req)
        if (fault.answer) {
          if (fault.afterProcessing) inquire(req)
          return fault.answer
        }
        return { ...inquire(req), delayMs: fault.delayMs }
      },
    },
  ])
  return {
    ...api,
    accounts,
    inquiries,
    failNext(fault, times = 1) {
      for (let i = 0; i < times; i += 1) faults.push(fault)
    },
  }
}
