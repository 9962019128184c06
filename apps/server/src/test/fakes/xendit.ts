import { randomBytes } from 'node:crypto'
import { startFakeApi, type FakeAnswer, type FakeApi, type FakeRequest, type FakeRoute } from './fake-api.js'

/**
 * Xendit's API as our adapters use it (docs/operations/providers/xendit.md), written from its
 * public reference: Basic authentication with the secret key, fixed virtual accounts, fixed
 * payment codes and invoices (card payments on Xendit's page), payouts v2 with their Idempotency-key, the balance and the transactions list;
 * and Xendit's callbacks, sent with the `x-callback-token` header. It refuses what Xendit refuses:
 * a wrong key (401 INVALID_API_KEY), a missing field or an IDR amount with a fraction
 * (400 API_VALIDATION_ERROR), a bank or outlet Xendit does not offer, a reused payout key.
 *
 * Tests and the chaos scenario steer it: `pay` plays a borrower paying an issued account (the
 * signed "paid" callback goes to `paymentsCallbackUrl`), `completePayout`/`failPayout` finish a
 * payout by its callback, `failNext`/`slowNext` make the next calls answer 500, 429, an error, or late.
 */

export interface XenditFakeOptions {
  port?: number
  /** The token Xendit puts in `x-callback-token`. */
  callbackToken: string
  /** The only secret key the fake accepts. */
  secretKey: string
  /** Where "paid" callbacks go (our `/h5-api/v3/payments/callback/xendit`). */
  paymentsCallbackUrl?: string
  /** Where payout callbacks go (our `/h5-api/v3/payouts/callback/xendit`). */
  payoutsCallbackUrl?: string
  /** The fake's clock. */
  now?: () => Date
}

export interface FakeXenditAccount {
  id: string
  kind: 'va' | 'payment_code' | 'invoice'
  externalId: string
  /** The bank code or the outlet name. */
  channel: string
  accountNo: string
  expectedAmount: number
  expiresAt: Date
  status: 'ACTIVE' | 'PAID' | 'INACTIVE'
  /** The body it was created with. */
  request: Record<string, unknown>
}

export interface FakeXenditPayout {
  id: string
  idempotencyKey: string
  referenceId: string
  channelCode: string
  accountNumber: string
  amount: number
  status: 'ACCEPTED' | 'SUCCEEDED' | 'FAILED'
  failureCode: string | null
  created: Date
  updated: Date
}

export interface FakeXenditTransaction {
  id: string
  product_id: string
  type: 'PAYMENT' | 'DISBURSEMENT'
  status: 'SUCCESS'
  channel_category: 'VIRTUAL_ACCOUNT' | 'RETAIL_OUTLET' | 'CARDS' | 'BANK'
  channel_code: string
  account_identifier: string
  reference_id: string
  currency: 'IDR'
  amount: number
  net_amount: number
  cashflow: 'MONEY_IN' | 'MONEY_OUT'
  settlement_status: 'PENDING'
  business_id: string
  fee: { xendit_fee: number; value_added_tax: number; xendit_withholding_tax: number; third_party_withholding_tax: number; status: 'COMPLETED' }
  created: string
  updated: string
}

/** What a callback POST got back from the webhook it was sent to. */
export interface CallbackDelivery {
  status: number
  text: string
  body: Record<string, unknown>
}

/** A fault for the next call (any route): answered instead, or after doing the work (the answer is lost), or late. */
export interface XenditFault {
  answer?: FakeAnswer
  /** Do the call's work first, then answer `answer` (a 500 after the payout was created). */
  afterProcessing?: boolean
  /** Answer the real answer this late. */
  delayMs?: number
}

export interface XenditFake extends FakeApi {
  accounts: Map<string, FakeXenditAccount>
  payouts: Map<string, FakeXenditPayout>
  transactions: FakeXenditTransaction[]
  balance: { value: number }
  /** The next `times` calls meet this fault. */
  failNext(fault: XenditFault | FakeAnswer, times?: number): void
  slowNext(delayMs: number, times?: number): void
  /** The borrower pays an account (by its number, its Xendit id or our reference); the "paid" callback is posted. */
  pay(account: string, options?: { amount?: number; at?: Date; url?: string; token?: string }): Promise<CallbackDelivery>
  /** The "paid" callback's body for an account, without sending it (forgery tests). */
  paidCallbackBody(account: string, options?: { amount?: number; at?: Date }): Record<string, unknown>
  /** A payout arrives: SUCCEEDED, and its callback is posted. */
  completePayout(reference: string, options?: { url?: string; token?: string; at?: Date }): Promise<CallbackDelivery>
  /** A payout fails with Xendit's failure code, and its callback is posted. */
  failPayout(reference: string, failureCode?: string, options?: { url?: string; token?: string; at?: Date }): Promise<CallbackDelivery>
  payoutCallbackBody(reference: string): Record<string, unknown>
  /** Posts a body as Xendit does (JSON, the token header), to any URL. */
  sendCallback(url: string, body: unknown, token?: string | null): Promise<CallbackDelivery>
}

const BUSINESS_ID = '5f27a14a9bf05c73dd040bc8'
const VA_BANKS = new Set(['BCA', 'BNI', 'BRI', 'MANDIRI', 'PERMATA', 'CIMB', 'BSI', 'BJB', 'SAHABAT_SAMPOERNA'])
/** A bank's fixed virtual account range (merchant code) in test mode. */
const VA_PREFIX: Record<string, string> = { BCA: '10766', BNI: '8808', BRI: '26215', MANDIRI: '88908', PERMATA: '8214', CIMB: '93490' }
const OUTLET_LIMITS: Record<string, { min: number; max: number }> = { ALFAMART: { min: 10_000, max: 5_000_000 }, INDOMARET: { min: 10_000, max: 5_000_000 } }
const VA_LIMITS = { min: 1, max: 50_000_000_000 }
const PAYOUT_CHANNELS = new Set(['ID_BCA', 'ID_BNI', 'ID_BRI', 'ID_MANDIRI', 'ID_PERMATA', 'ID_CIMB', 'ID_BSI'])
/** What the fake charges, as Xendit's price list does per channel: a fixed fee and 11% VAT on it. */
const FEES = { VIRTUAL_ACCOUNT: 4_000, RETAIL_OUTLET: 5_000, CARDS: 7_000, BANK: 2_500 } as const

const hex = (n: number) => randomBytes(n).toString('hex')
const refusal = (status: number, code: string, message: string): FakeAnswer => ({ status, body: { error_code: code, message } })
const validation = (message: string) => refusal(400, 'API_VALIDATION_ERROR', message)
const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('')

function isWholeRupiah(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0
}

function text(body: Record<string, unknown>, field: string, max = 255): string | undefined {
  const v = body[field]
  return typeof v === 'string' && v.trim() !== '' && v.length <= max ? v : undefined
}

export async function startXenditFake(options: XenditFakeOptions): Promise<XenditFake> {
  const now = options.now ?? (() => new Date())
  const accounts = new Map<string, FakeXenditAccount>()
  const payouts = new Map<string, FakeXenditPayout>()
  const transactions: FakeXenditTransaction[] = []
  const balance = { value: 1_000_000_000 }
  const faults: XenditFault[] = []
  const expectedAuth = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`

  const authorised = (req: FakeRequest) => req.headers.authorization === expectedAuth

  function pushTransaction(t: Omit<FakeXenditTransaction, 'id' | 'status' | 'currency' | 'net_amount' | 'settlement_status' | 'business_id' | 'fee' | 'created' | 'updated'>, at: Date): void {
    const xenditFee = FEES[t.channel_category]
    const vat = Math.round(xenditFee * 0.11)
    transactions.push({
      ...t,
      id: `txn_${hex(12)}`,
      status: 'SUCCESS',
      currency: 'IDR',
      net_amount: t.cashflow === 'MONEY_IN' ? t.amount - xenditFee - vat : t.amount + xenditFee + vat,
      settlement_status: 'PENDING',
      business_id: BUSINESS_ID,
      fee: { xendit_fee: xenditFee, value_added_tax: vat, xendit_withholding_tax: 0, third_party_withholding_tax: 0, status: 'COMPLETED' },
      created: at.toISOString(),
      updated: at.toISOString(),
    })
  }

  const vaView = (a: FakeXenditAccount) => ({
    id: a.id,
    owner_id: BUSINESS_ID,
    external_id: a.externalId,
    bank_code: a.channel,
    merchant_code: VA_PREFIX[a.channel] ?? '9999',
    name: a.request.name,
    account_number: a.accountNo,
    expected_amount: a.expectedAmount,
    is_closed: true,
    is_single_use: true,
    expiration_date: a.expiresAt.toISOString(),
    status: a.status === 'ACTIVE' ? 'PENDING' : a.status,
    currency: 'IDR',
    country: 'ID',
  })

  const codeView = (a: FakeXenditAccount) => ({
    id: a.id,
    owner_id: BUSINESS_ID,
    external_id: a.externalId,
    retail_outlet_name: a.channel,
    prefix: 'TEST',
    name: a.request.name,
    payment_code: a.accountNo,
    type: 'USER',
    expected_amount: a.expectedAmount,
    is_single_use: true,
    expiration_date: a.expiresAt.toISOString(),
    status: a.status,
  })

  const payoutView = (p: FakeXenditPayout) => ({
    id: p.id,
    amount: p.amount,
    channel_code: p.channelCode,
    currency: 'IDR',
    description: 'payout',
    reference_id: p.referenceId,
    status: p.status,
    created: p.created.toISOString(),
    updated: p.updated.toISOString(),
    estimated_arrival_time: new Date(p.created.getTime() + 60_000).toISOString(),
    business_id: BUSINESS_ID,
    channel_properties: { account_number: p.accountNumber, account_holder_name: 'HOLDER' },
    ...(p.failureCode ? { failure_code: p.failureCode } : {}),
  })

  function expiry(body: Record<string, unknown>): Date | FakeAnswer {
    const raw = body.expiration_date
    if (raw === undefined) return new Date(now().getTime() + 31 * 24 * 3600_000)
    const at = typeof raw === 'string' ? new Date(raw) : new Date(NaN)
    if (Number.isNaN(at.getTime()) || at <= now()) return refusal(400, 'EXPIRATION_DATE_INVALID_ERROR', 'expiration_date must be a future ISO date')
    return at
  }

  function createVa(req: FakeRequest): FakeAnswer {
    const body = req.body ?? {}
    const externalId = text(body, 'external_id')
    const bank = text(body, 'bank_code', 40)
    const name = text(body, 'name', 255)
    if (!externalId) return validation('"external_id" is required')
    if (!bank) return validation('"bank_code" is required')
    if (!name) return validation('"name" is required')
    if (/[^A-Za-z ]/.test(name)) return validation('"name" must contain only letters and spaces')
    if (!VA_BANKS.has(bank)) return refusal(400, 'BANK_NOT_SUPPORTED_ERROR', `bank ${bank} is not supported`)
    if (body.is_closed === true && body.expected_amount === undefined) return refusal(400, 'EXPECTED_AMOUNT_REQUIRED_ERROR', 'a closed virtual account needs expected_amount')
    const amount = body.expected_amount
    if (amount !== undefined && !isWholeRupiah(amount)) return validation('"expected_amount" must be a positive integer (IDR has no decimals)')
    if (typeof amount === 'number' && amount < VA_LIMITS.min) return refusal(400, 'MINIMUM_EXPECTED_AMOUNT_ERROR', 'expected_amount is below the minimum')
    if (typeof amount === 'number' && amount > VA_LIMITS.max) return refusal(400, 'MAXIMUM_EXPECTED_AMOUNT_ERROR', 'expected_amount is above the maximum')
    const expiresAt = expiry(body)
    if (!(expiresAt instanceof Date)) return expiresAt
    const prefix = VA_PREFIX[bank] ?? '9999'
    const account: FakeXenditAccount = {
      id: hex(12),
      kind: 'va',
      externalId,
      channel: bank,
      accountNo: prefix + digits(16 - prefix.length),
      expectedAmount: typeof amount === 'number' ? amount : 0,
      expiresAt,
      status: 'ACTIVE',
      request: body,
    }
    accounts.set(account.id, account)
    return { status: 200, body: vaView(account) }
  }

  function createCode(req: FakeRequest): FakeAnswer {
    const body = req.body ?? {}
    const externalId = text(body, 'external_id')
    const outlet = text(body, 'retail_outlet_name', 40)
    const name = text(body, 'name', 255)
    if (!externalId) return validation('"external_id" is required')
    if (!outlet) return validation('"retail_outlet_name" is required')
    if (!name) return validation('"name" is required')
    const limits = OUTLET_LIMITS[outlet]
    if (!limits) return refusal(400, 'RETAIL_OUTLET_NOT_SUPPORTED_ERROR', `retail outlet ${outlet} is not supported`)
    const amount = body.expected_amount
    if (!isWholeRupiah(amount)) return validation('"expected_amount" must be a positive integer (IDR has no decimals)')
    if (amount < limits.min) return refusal(400, 'MINIMUM_EXPECTED_AMOUNT_ERROR', `expected_amount is below ${limits.min}`)
    if (amount > limits.max) return refusal(400, 'MAXIMUM_EXPECTED_AMOUNT_ERROR', `expected_amount is above ${limits.max}`)
    const expiresAt = expiry(body)
    if (!(expiresAt instanceof Date)) return expiresAt
    const account: FakeXenditAccount = {
      id: hex(12),
      kind: 'payment_code',
      externalId,
      channel: outlet,
      accountNo: `TEST${digits(10)}`,
      expectedAmount: amount,
      expiresAt,
      status: 'ACTIVE',
      request: body,
    }
    accounts.set(account.id, account)
    return { status: 200, body: codeView(account) }
  }

  const invoiceView = (a: FakeXenditAccount) => ({
    id: a.id,
    external_id: a.externalId,
    user_id: BUSINESS_ID,
    status: a.status === 'ACTIVE' ? 'PENDING' : a.status,
    merchant_name: 'Kilat',
    amount: a.expectedAmount,
    currency: 'IDR',
    description: a.request.description,
    expiry_date: a.expiresAt.toISOString(),
    invoice_url: a.accountNo,
    available_banks: [],
    available_retail_outlets: [],
    should_exclude_credit_card: false,
    created: now().toISOString(),
    updated: now().toISOString(),
  })

  function createInvoice(req: FakeRequest): FakeAnswer {
    const body = req.body ?? {}
    const externalId = text(body, 'external_id')
    if (!externalId) return validation('"external_id" is required')
    if (!isWholeRupiah(body.amount)) return validation('"amount" must be a positive integer (IDR has no decimals)')
    if (body.currency !== undefined && body.currency !== 'IDR') return refusal(400, 'UNSUPPORTED_CURRENCY', 'currency is not activated')
    const duration = body.invoice_duration ?? 86_400
    if (typeof duration !== 'number' || !Number.isInteger(duration) || duration < 1 || duration > 31_536_000) return validation('"invoice_duration" must be whole seconds')
    const methods = body.payment_methods
    if (methods !== undefined && (!Array.isArray(methods) || methods.some((m) => typeof m !== 'string'))) return validation('"payment_methods" must be a list of names')
    const id = hex(12)
    const account: FakeXenditAccount = {
      id,
      kind: 'invoice',
      externalId,
      channel: 'CREDIT_CARD',
      // an invoice's "number" is its page, under the fake's own checkout path
      accountNo: `${api.url}/web/${id}`,
      expectedAmount: body.amount,
      expiresAt: new Date(now().getTime() + duration * 1000),
      status: 'ACTIVE',
      request: body,
    }
    accounts.set(id, account)
    return { status: 200, body: invoiceView(account) }
  }

  function createPayout(req: FakeRequest): FakeAnswer {
    const key = req.headers['idempotency-key']
    if (typeof key !== 'string' || key === '') return validation('the Idempotency-key header is required')
    const body = req.body ?? {}
    const referenceId = text(body, 'reference_id')
    const channel = text(body, 'channel_code', 40)
    const props = body.channel_properties && typeof body.channel_properties === 'object' ? (body.channel_properties as Record<string, unknown>) : undefined
    const accountNumber = props ? text(props, 'account_number', 40) : undefined
    const holder = props ? text(props, 'account_holder_name', 100) : undefined
    if (!referenceId) return validation('"reference_id" is required')
    if (!channel) return validation('"channel_code" is required')
    if (!accountNumber || !holder) return validation('"channel_properties.account_number" and "account_holder_name" are required')
    if (body.currency !== 'IDR') return validation('"currency" must be IDR for an Indonesian channel')
    if (!isWholeRupiah(body.amount)) return validation('"amount" must be a positive integer (IDR has no decimals)')
    if ([...payouts.values()].some((p) => p.idempotencyKey === key)) return refusal(409, 'DUPLICATE_ERROR', 'a payout with this idempotency key already exists')
    if (!PAYOUT_CHANNELS.has(channel)) return refusal(400, 'CHANNEL_CODE_NOT_SUPPORTED_ERROR', `channel ${channel} is not supported`)
    if (!/^\d{5,34}$/.test(accountNumber)) return refusal(400, 'RECIPIENT_ACCOUNT_NUMBER_ERROR', 'account_number is not valid for the channel')
    if (body.amount < 10_000) return refusal(400, 'RECIPIENT_AMOUNT_ERROR', 'amount is below the channel minimum')
    if (body.amount > 100_000_000) return refusal(400, 'MAXIMUM_TRANSFER_LIMIT_ERROR', 'amount is above the channel maximum')
    if (body.amount > balance.value) return refusal(400, 'INSUFFICIENT_BALANCE', 'not enough balance')
    const at = now()
    const p: FakeXenditPayout = { id: `disb-${hex(12)}`, idempotencyKey: key, referenceId, channelCode: channel, accountNumber, amount: body.amount, status: 'ACCEPTED', failureCode: null, created: at, updated: at }
    payouts.set(p.id, p)
    balance.value -= p.amount
    return { status: 200, body: payoutView(p) }
  }

  function listTransactions(req: FakeRequest): FakeAnswer {
    const q = req.query
    const list = (name: string) => q.getAll(name).flatMap((v) => v.split(',')).filter(Boolean)
    const limit = q.has('limit') ? Number(q.get('limit')) : 10
    if (!Number.isInteger(limit) || limit < 1 || limit > 50) return validation('"limit" must be between 1 and 50')
    const date = (name: string) => {
      const v = q.get(name)
      if (v === null) return undefined
      const d = new Date(v)
      return Number.isNaN(d.getTime()) ? null : d
    }
    const bounds = { gte: date('created[gte]'), gt: date('created[gt]'), lte: date('created[lte]'), lt: date('created[lt]') }
    if (Object.values(bounds).some((b) => b === null)) return validation('created[...] must be ISO dates')
    const types = list('types')
    const statuses = list('statuses')
    const categories = list('channel_categories')
    const currency = q.get('currency')
    const matching = transactions
      .filter((t) => {
        const c = new Date(t.created)
        return (
          (types.length === 0 || types.includes(t.type)) &&
          (statuses.length === 0 || statuses.includes(t.status)) &&
          (categories.length === 0 || categories.includes(t.channel_category)) &&
          (!currency || currency === t.currency) &&
          (!bounds.gte || c >= bounds.gte) &&
          (!bounds.gt || c > bounds.gt) &&
          (!bounds.lte || c <= bounds.lte) &&
          (!bounds.lt || c < bounds.lt)
        )
      })
      // newest first, as Xendit lists them
      .sort((a, b) => b.created.localeCompare(a.created) || b.id.localeCompare(a.id))
    const after = q.get('after_id')
    const start = after ? matching.findIndex((t) => t.id === after) + 1 : 0
    if (after && start === 0) return validation('"after_id" is not a transaction of this list')
    const page = matching.slice(start, start + limit)
    return { status: 200, body: { has_more: start + limit < matching.length, data: page, links: [] } }
  }

  const guarded = (handle: (req: FakeRequest, params: Record<string, string>) => FakeAnswer) => async (req: FakeRequest, params: Record<string, string>): Promise<FakeAnswer> => {
    const fault = faults.shift()
    if (fault?.answer && !fault.afterProcessing) return fault.answer
    if (!authorised(req)) return refusal(401, 'INVALID_API_KEY', 'API key is not authorized for this API service')
    if (req.method === 'POST' && req.body === null) return refusal(400, 'INVALID_JSON_FORMAT', 'the body is not JSON')
    const answer = handle(req, params)
    if (fault?.answer) return fault.answer
    return fault?.delayMs ? { ...answer, delayMs: fault.delayMs } : answer
  }

  const routes: FakeRoute[] = [
    { method: 'POST', pattern: '/callback_virtual_accounts', handle: guarded(createVa) },
    { method: 'POST', pattern: '/fixed_payment_code', handle: guarded(createCode) },
    { method: 'POST', pattern: '/v2/invoices', handle: guarded(createInvoice) },
    { method: 'POST', pattern: '/v2/payouts', handle: guarded(createPayout) },
    {
      method: 'GET',
      pattern: '/v2/payouts',
      handle: guarded((req) => {
        const ref = req.query.get('reference_id')
        if (!ref) return validation('"reference_id" is required')
        return { status: 200, body: [...payouts.values()].filter((p) => p.referenceId === ref).map(payoutView) }
      }),
    },
    {
      method: 'GET',
      pattern: '/v2/payouts/:id',
      handle: guarded((_req, params) => {
        const p = payouts.get(params.id ?? '')
        return p ? { status: 200, body: payoutView(p) } : refusal(404, 'DATA_NOT_FOUND', 'payout not found')
      }),
    },
    {
      method: 'GET',
      pattern: '/balance',
      handle: guarded((req) => {
        const type = req.query.get('account_type') ?? 'CASH'
        if (!['CASH', 'HOLDING', 'TAX'].includes(type)) return validation('"account_type" must be CASH, HOLDING or TAX')
        return { status: 200, body: { balance: type === 'CASH' ? balance.value : 0 } }
      }),
    },
    { method: 'GET', pattern: '/transactions', handle: guarded(listTransactions) },
  ]

  const api = await startFakeApi(routes, options.port === undefined ? {} : { port: options.port })

  function findAccount(key: string): FakeXenditAccount {
    const found = accounts.get(key) ?? [...accounts.values()].find((a) => a.accountNo === key || a.externalId === key || a.accountNo.endsWith(`/${key}`))
    if (!found) throw new Error(`the Xendit fake issued no account ${key}`)
    return found
  }

  function findPayout(reference: string): FakeXenditPayout {
    const found = [...payouts.values()].find((p) => p.referenceId === reference || p.id === reference)
    if (!found) throw new Error(`the Xendit fake holds no payout ${reference}`)
    return found
  }

  const paymentIds = new Map<string, { paymentId: string; callbackId: string; at: Date; amount: number }>()

  function invoicePaidBody(a: FakeXenditAccount, paid: { paymentId: string; at: Date; amount: number }): Record<string, unknown> {
    return {
      id: a.id,
      external_id: a.externalId,
      user_id: BUSINESS_ID,
      is_high: false,
      payment_method: 'CREDIT_CARD',
      status: 'PAID',
      merchant_name: 'Kilat',
      amount: a.expectedAmount,
      paid_amount: paid.amount,
      paid_at: paid.at.toISOString(),
      description: a.request.description,
      currency: 'IDR',
      payment_channel: 'CREDIT_CARD',
      credit_card_charge_id: paid.paymentId,
      created: paid.at.toISOString(),
      updated: paid.at.toISOString(),
    }
  }

  function paidCallbackBody(key: string, opts: { amount?: number; at?: Date } = {}): Record<string, unknown> {
    const a = findAccount(key)
    const first = paymentIds.get(a.id)
    const paid = first ?? { paymentId: hex(12), callbackId: hex(12), at: opts.at ?? now(), amount: opts.amount ?? a.expectedAmount }
    if (a.kind === 'invoice') return invoicePaidBody(a, paid)
    if (a.kind === 'va') {
      return {
        id: paid.callbackId,
        payment_id: paid.paymentId,
        callback_virtual_account_id: a.id,
        owner_id: BUSINESS_ID,
        external_id: a.externalId,
        account_number: a.accountNo,
        bank_code: a.channel,
        merchant_code: VA_PREFIX[a.channel] ?? '9999',
        amount: paid.amount,
        transaction_timestamp: paid.at.toISOString(),
        currency: 'IDR',
        created: paid.at.toISOString(),
        updated: paid.at.toISOString(),
      }
    }
    return {
      id: paid.callbackId,
      payment_id: paid.paymentId,
      fixed_payment_code_payment_id: paid.paymentId,
      fixed_payment_code_id: a.id,
      owner_id: BUSINESS_ID,
      external_id: a.externalId,
      prefix: 'TEST',
      payment_code: a.accountNo,
      retail_outlet_name: a.channel,
      name: a.request.name,
      amount: paid.amount,
      status: 'COMPLETED',
      transaction_timestamp: paid.at.toISOString(),
    }
  }

  async function sendCallback(url: string, body: unknown, token: string | null = options.callbackToken): Promise<CallbackDelivery> {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'webhook-id': hex(16) }
    if (token !== null) headers['x-callback-token'] = token
    const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) })
    return { status: response.status, text: await response.text(), body: body as Record<string, unknown> }
  }

  function payoutCallbackBody(reference: string): Record<string, unknown> {
    const p = findPayout(reference)
    return {
      event: p.status === 'SUCCEEDED' ? 'payout.succeeded' : 'payout.failed',
      business_id: BUSINESS_ID,
      created: p.updated.toISOString(),
      data: { ...payoutView(p) },
    }
  }

  async function finishPayout(reference: string, status: 'SUCCEEDED' | 'FAILED', failureCode: string | null, opts: { url?: string; token?: string; at?: Date }): Promise<CallbackDelivery> {
    const p = findPayout(reference)
    if (p.status === 'ACCEPTED') {
      p.status = status
      p.failureCode = failureCode
      p.updated = opts.at ?? now()
      if (status === 'SUCCEEDED') pushTransaction({ product_id: p.id, type: 'DISBURSEMENT', channel_category: 'BANK', channel_code: p.channelCode, account_identifier: p.accountNumber, reference_id: p.referenceId, amount: p.amount, cashflow: 'MONEY_OUT' }, p.updated)
      else balance.value += p.amount
    }
    const url = opts.url ?? options.payoutsCallbackUrl
    if (!url) throw new Error('the Xendit fake has no payoutsCallbackUrl')
    return sendCallback(url, payoutCallbackBody(reference), opts.token ?? options.callbackToken)
  }

  return {
    ...api,
    accounts,
    payouts,
    transactions,
    balance,
    failNext(fault, times = 1) {
      const f: XenditFault = 'status' in fault ? { answer: fault } : fault
      for (let i = 0; i < times; i += 1) faults.push(f)
    },
    slowNext(delayMs, times = 1) {
      for (let i = 0; i < times; i += 1) faults.push({ delayMs })
    },
    paidCallbackBody,
    async pay(key, opts = {}) {
      const a = findAccount(key)
      if (a.status === 'ACTIVE') {
        const amount = opts.amount ?? a.expectedAmount
        if (!isWholeRupiah(amount)) throw new Error('IDR is paid in whole rupiah')
        const at = opts.at ?? now()
        paymentIds.set(a.id, { paymentId: hex(12), callbackId: hex(12), at, amount })
        a.status = 'PAID'
        pushTransaction(
          {
            product_id: paymentIds.get(a.id)!.paymentId,
            type: 'PAYMENT',
            channel_category: a.kind === 'va' ? 'VIRTUAL_ACCOUNT' : a.kind === 'payment_code' ? 'RETAIL_OUTLET' : 'CARDS',
            channel_code: a.channel,
            account_identifier: a.kind === 'invoice' ? '400000XXXXXX1091' : a.accountNo,
            reference_id: a.externalId,
            amount,
            cashflow: 'MONEY_IN',
          },
          at,
        )
        balance.value += amount
      }
      // A second call is Xendit redelivering the same callback.
      const url = opts.url ?? options.paymentsCallbackUrl
      if (!url) throw new Error('the Xendit fake has no paymentsCallbackUrl')
      return sendCallback(url, paidCallbackBody(a.id), opts.token ?? options.callbackToken)
    },
    completePayout: (reference, opts = {}) => finishPayout(reference, 'SUCCEEDED', null, opts),
    failPayout: (reference, failureCode = 'INVALID_DESTINATION', opts = {}) => finishPayout(reference, 'FAILED', failureCode, opts),
    payoutCallbackBody,
    sendCallback,
  }
}
